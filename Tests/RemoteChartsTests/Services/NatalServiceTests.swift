import APIStandIns
import ChartModel
import Ephemeris
import Foundation
@testable import RemoteCharts
import Testing
import TestSupport
import WheelRender

@Suite(.hangGuard) struct NatalServiceTests {
    @Test(arguments: [APIStandIn.Service.astrologyAPI, .freeAstrologyAPI])
    func theAPIsDataAndImageArriveAsTheServiceSendsThem(service: APIStandIn.Service) async throws {
        try await Rig.with(service) { rig in
            let result = try await rig.natal()
            #expect(result.statusLine == "data: api, image: api")
            #expect(result.image.isPNG)
            let shape = service == .astrologyAPI ? "astrologyapi" : "freeastrologyapi"
            #expect(result.chart.bodies.map(\.longitude) == (try SampleCharts.chart("b_1990_newyork", shape: shape)).bodies.map(\.longitude))
            #expect(!result.warnings.contains { $0.contains("differ") }, "the sample agrees with our computation: \(result.warnings)")
            for path in rig.standIn.dataPaths + [rig.standIn.wheelPath, rig.standIn.imagePath] {
                #expect(rig.standIn.hits(path) == 1, "\(path)")
            }
            #expect(rig.standIn.overLimit == 0)
        }
    }

    @Test func aWheelURLThatFailsGivesTheLocalWheelWithTheAPIsData() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            rig.standIn.script(rig.standIn.imagePath) { _ in .status(404) }
            let result = try await rig.natal()
            #expect(result.statusLine == "data: api, image: local (HTTP 404)")
            #expect(result.image.isPNG)
        }
    }

    @Test func serverErrorsAreRetriedThenTheChartIsComputedHere() async throws {
        try await Rig.with(.freeAstrologyAPI, limit: (20, 60)) { rig in
            for path in rig.standIn.dataPaths + [rig.standIn.wheelPath] { rig.standIn.script(path) { _ in .status(500, body: #"{"message":"Internal server error"}"#) } }
            let result = try await rig.natal()
            #expect(result.statusLine == "data: local (HTTP 500 after 3 tries), image: local (HTTP 500 after 3 tries)")
            let computed = try ChartCalculator.chart(for: Births.newYork).chart
            #expect(result.chart.bodies.map(\.longitude) == computed.bodies.map(\.longitude))
            // The data's three requests stand or fall together: the first to fail its third try cancels the
            // others' retries, so each was tried once to three times, and one three times. Every try that reached
            // the service was counted: at most 4 requests at first and 2 more tries of each.
            let tries = (rig.standIn.dataPaths + [rig.standIn.wheelPath]).map { rig.standIn.hits($0) }
            #expect(tries.allSatisfy { (1...3).contains($0) } && tries.contains(3), "\(tries)")
            let credits = try await rig.limiter().creditsUsed()
            #expect(credits >= tries.reduce(0, +) && credits <= 12, "\(credits) credits for \(tries) tries")
        }
    }

    // Issue 22: the server error that used the window up is named before the limit that then stopped the retries.
    @Test func serverErrorsThatFillTheWindowAreNamedBeforeTheRateLimit() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (3, 60), budget: .seconds(30), clock: clock) { rig in
            rig.standIn.script("/v1/western_chart_data") { _ in .status(500) }
            let result = try await clock.skippingWaits(within: .seconds(1)) { try await rig.natal() }
            #expect(result.dataOrigin == Origin(.local, "HTTP 500 after 2 tries; then the rate limit: next request possible in 60 s"), "\(result.statusLine)")
            #expect(result.failure == .rateLimitedAfter(.afterTries(.http(status: 500), tries: 2), .windowFull(seconds: 60)))
            #expect(result.failure?.kind == .rateLimited)
            #expect(rig.standIn.overLimit == 0)
        }
    }

    @Test func aSecondCallIsServedFromTheCacheWithoutSpendingACredit() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            let first = try await rig.natal()
            let credits = try await rig.limiter().creditsUsed()
            let second = try await rig.natal()
            #expect(first.statusLine == "data: api, image: api")
            #expect(second.statusLine == "data: cache, image: cache")
            #expect(second.image == first.image)
            #expect(try await rig.limiter().creditsUsed() == credits)
            #expect(rig.standIn.requests.count == 3)
        }
    }

    @Test func offlineTheCacheServesAndWithoutItTheChartIsComputedHere() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            var offline = rig.settings
            offline.offline = true
            let before = try await rig.natal(settings: offline)
            #expect(before.statusLine == "data: local (offline), image: local (offline)")
            _ = try await rig.natal()
            let after = try await rig.natal(settings: offline)
            #expect(after.statusLine == "data: cache, image: cache")
            #expect(rig.standIn.requests.count == 3)
        }
    }

    @Test func staleEntriesAreFetchedAgainAndServedWhenTheAPIFails() async throws {
        try await Rig.with(.astrologyAPI, limit: (20, 60)) { rig in
            var rig = rig  // the test changes its settings
            _ = try await rig.natal()
            let later = Date().addingTimeInterval(31 * 24 * 3600)
            rig.settings.now = { later }
            rig.standIn.script("/v1/western_chart_data") { _ in .status(503) }
            rig.standIn.script("/v1/natal_wheel_chart") { _ in .status(503) }
            let result = try await rig.natal()
            #expect(result.statusLine == "data: cache (stale; HTTP 503 after 3 tries), image: cache (stale; HTTP 503 after 3 tries)")
        }
    }

    @Test(arguments: [APIStandIn.Service.astrologyAPI, .freeAstrologyAPI])
    func rejectedCredentialsAreNamedAndNeverRetried(service: APIStandIn.Service) async throws {
        var wrong = APIStandIn.Credentials()
        wrong.apiKey = "not-the-key-42"
        try await Rig.with(service, limit: (20, 60), credentials: Rig.credentials(service, wrong)) { rig in
            let result = try await rig.natal()
            let line = service == .astrologyAPI
                ? "AstrologyAPI rejected the credentials: check ASTROLOGYAPI_USER_ID and ASTROLOGYAPI_API_KEY"
                : "FreeAstrologyAPI rejected the credentials: check FREEASTROLOGYAPI_API_KEY"
            #expect(result.statusLine == "data: local (\(line)), image: local (\(line))")
            #expect(rig.standIn.hits(rig.standIn.wheelPath) == 1)
            #expect(result.failure?.kind == .credentials)
            var strict = rig.settings
            strict.allowLocal = false
            let variables = service == .astrologyAPI ? "ASTROLOGYAPI_USER_ID and ASTROLOGYAPI_API_KEY" : "FREEASTROLOGYAPI_API_KEY"
            await #expect(throws: ServiceError.credentialsRejected(rig.provider, check: variables)) { try await rig.natal(settings: strict) }
        }
    }

    /// The API's wheel is asked for in the options' language, AstrologyAPI's by `Accept-Language`, FreeAstrologyAPI's
    /// by `config.language`; the data is asked for in English, whose names the decoder reads.
    @Test(arguments: [APIStandIn.Service.astrologyAPI, .freeAstrologyAPI])
    func theWheelIsAskedForInTheLanguage(service: APIStandIn.Service) async throws {
        try await Rig.with(service) { rig in
            var options = RenderOptions()
            options.language = .de
            let result = try await ChartService.withService(rig.settings) { chartService in
                try await chartService.natal(NatalRequest(birth: Births.newYork, options: options))
            }
            #expect(result.statusLine == "data: api, image: api")
            let wheel = try #require(rig.standIn.requests.first { $0.path.hasSuffix(rig.standIn.wheelPath) })
            let data = try #require(rig.standIn.requests.first { !$0.path.hasSuffix(rig.standIn.wheelPath) })
            func language(_ request: APIStandIn.Request) throws -> String? {
                let body = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
                return (body?["config"] as? [String: Any])?["language"] as? String
            }
            if service == .astrologyAPI {
                #expect(wheel.header("Accept-Language") == "de")
                #expect(data.header("Accept-Language") == nil)
            } else {
                #expect(try language(wheel) == "de")
                #expect(try language(data) == "en")
            }
        }
    }

    @Test func anAccessTokenIsSentInItsHeader() async throws {
        try await Rig.with(.astrologyAPI, credentials: .accessToken(APIStandIn.Credentials().accessToken)) { rig in
            let result = try await rig.natal()
            #expect(result.statusLine == "data: api, image: api")
            #expect(rig.standIn.requests.first?.header("Authorization") == nil)
        }
    }

    @Test func aQuotaAnswerSaysSoAndQuotesTheService() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            rig.standIn.script("/v1/western_chart_data") { _ in .status(402, body: #"{"status":false,"msg":"Your plan has expired"}"#) }
            let result = try await rig.natal()
            #expect(result.dataOrigin == Origin(.local, #"AstrologyAPI says the plan's quota is used up (HTTP 402): "Your plan has expired""#))
            #expect(rig.standIn.hits("/v1/western_chart_data") == 1)
        }
    }

    @Test func aServicesOwnErrorTextIsQuoted() async throws {
        try await Rig.with(.freeAstrologyAPI) { rig in
            rig.standIn.script("/western/houses") { _ in .status(400, body: #"{"statusCode":400,"message":"Invalid house system"}"#) }
            let result = try await rig.natal()
            #expect(result.dataOrigin == Origin(.local, #"FreeAstrologyAPI answered HTTP 400: "Invalid house system""#))
        }
    }

    @Test func a429IsHonouredAndCounted() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (20, 60), clock: clock) { rig in
            rig.standIn.script("/v1/western_chart_data") { hit in hit == 1 ? .status(429, body: #"{"status":false,"msg":"Too many requests"}"#, headers: [("Retry-After", "1")]) : nil }
            let call = Task { try await rig.natal() }
            // It waits the second the server asked for, on the clock, before asking again.
            #expect(await clock.nextWake(within: .seconds(5)) == .seconds(1))
            #expect(rig.standIn.hits("/v1/western_chart_data") == 1)
            clock.advance(by: .seconds(1))
            let result = try await call.value
            #expect(result.dataOrigin == Origin(.api))
            #expect(rig.standIn.hits("/v1/western_chart_data") == 2)
            #expect(try await rig.limiter().creditsUsed() == 3)
        }
    }

    // Only short waits pass on the clock (a backoff, should a busy machine make a try time out): a wait for the
    // server's two minutes would hang (and hit the time limit) rather than pass.
    @Test func a429WhoseWaitDoesNotFitIsARateLimit() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (20, 60), budget: .seconds(30), clock: clock) { rig in
            rig.standIn.script("/v1/western_chart_data") { _ in .status(429, headers: [("Retry-After", "120")]) }
            var strict = rig.settings
            strict.allowLocal = false
            let strictSettings = strict
            await clock.skippingWaits(within: .milliseconds(100)) {
                await #expect(throws: ServiceError.rateLimited(.serverAskedToWait(.retryAfterBeyondBudget(.http(status: 429), wait: .seconds(120))))) {
                    try await rig.natal(settings: strictSettings)
                }
            }
            // The block holds for the other processes too: the next call does not even ask.
            let hits = rig.standIn.requests.count
            let next = try await clock.skippingWaits(within: .milliseconds(100)) { try await rig.natal() }
            #expect(next.dataOrigin.reason == "rate limit: next request possible in 120 s", "\(next.statusLine)")
            #expect(rig.standIn.requests.count == hits)
        }
    }

    @Test func aSlowServiceIsLeftWithinTheBudget() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, budget: .seconds(30), clock: clock) { rig in
            // The service never answers: only the budget can end the call.
            let never = APIStandIn.Release()
            rig.standIn.script("/v1/western_chart_data") { _ in .held(never) }
            rig.standIn.script("/v1/natal_wheel_chart") { _ in .held(never) }
            let call = Task { try await rig.natal() }
            // The clock passes the budget while both requests are out.
            await rig.standIn.until(requests: 2)
            clock.advance(by: .seconds(30))
            let result = try await call.value
            #expect(result.dataOrigin == Origin(.local, "timeout after 30.0 s"), "\(result.statusLine)")
            #expect(result.failure == .unavailable(.outOfTime(budget: .seconds(30))))
            #expect(result.image.isPNG)
        }
    }

    @Test(arguments: [
        (#"{"houses": []}"#, "planets"),
        ("<html>Bad gateway</html>", "JSON"),
        (#"{"status": false, "msg": "Invalid timezone"}"#, #"AstrologyAPI answered with an error: "Invalid timezone""#),
    ])
    func anAnswerOfTheWrongShapeIsNamed(body: String, named: String) async throws {
        try await Rig.with(.astrologyAPI) { rig in
            rig.standIn.script("/v1/western_chart_data") { _ in .body(body) }
            let result = try await rig.natal()
            #expect(result.dataOrigin.source == .local)
            #expect(result.dataOrigin.reason?.contains(named) == true, "\(result.statusLine)")
            #expect(result.failure?.kind == .response)
        }
    }

    @Test func aServiceThatDisagreesWithOurComputationIsWarnedAbout() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            // The New York sample's answer for a Mumbai birth: every body is off.
            let mumbai = try Birth(date: "2000-01-06", time: "07:45", zone: "+05:30", latitude: 19.132, longitude: 72.342)
            let result = try await rig.natal(mumbai)
            #expect(result.dataOrigin == Origin(.api))
            #expect(result.warnings.contains { $0.hasPrefix("AstrologyAPI and our computation differ by") && $0.hasSuffix("for Sun") }, "\(result.warnings)")
        }
    }

    @Test func concurrentCallsForTheSameBirthShareOneRequest() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            // The data is answered only once both calls wait for it.
            let release = APIStandIn.Release()
            rig.standIn.script("/v1/western_chart_data") { _ in .held(release) }
            let (a, b) = try await ChartService.withService(rig.settings) { service in
                let first = Task { try await service.natal(NatalRequest(birth: Births.newYork)) }
                let second = Task { try await service.natal(NatalRequest(birth: Births.newYork)) }
                await service.shared.until(callersWaiting: 2)
                release.open()
                return try await (first.value, second.value)
            }
            #expect(a.statusLine == "data: api, image: api" && b.statusLine == a.statusLine)
            #expect(rig.standIn.hits("/v1/western_chart_data") == 1)
        }
    }

    // The budget's clock never moves and the service never answers, so only the cancellation can end the call.
    @Test func cancellingACallStopsItsRequests() async throws {
        try await Rig.with(.astrologyAPI, clock: ManualClock()) { rig in
            let never = APIStandIn.Release()
            rig.standIn.script("/v1/western_chart_data") { _ in .held(never) }
            rig.standIn.script("/v1/natal_wheel_chart") { _ in .held(never) }
            try await ChartService.withService(rig.settings) { service in
                let task = Task { try await service.natal(NatalRequest(birth: Births.newYork)) }
                await rig.standIn.until(requests: 2)
                task.cancel()
                await #expect(throws: CancellationError.self) { try await task.value }
            }
            // Nothing half-done was cached.
            // No folder is nothing cached; a folder that cannot be read fails the test.
            let names = FileManager.default.fileExists(atPath: rig.cacheFolder.path) ? try FileManager.default.contentsOfDirectory(atPath: rig.cacheFolder.path) : []
            #expect(!names.contains { $0.hasSuffix(".image") })
        }
    }

    @Test func noSecretReachesAMessageTheCacheOrTheStateFolder() async throws {
        try await Rig.with(.astrologyAPI) { rig in
            // A service that echoes the key back in its error.
            let key = APIStandIn.Credentials().apiKey
            rig.standIn.script("/v1/natal_wheel_chart") { _ in .status(400, body: #"{"status":false,"msg":"bad request for key \#(key)"}"#) }
            let result = try await rig.natal()
            #expect(result.imageOrigin.reason?.contains("[hidden]") == true, "\(result.statusLine)")
            let texts = [result.statusLine, "\(rig.settings.provider!.credentials!)", String(reflecting: rig.settings.provider!.credentials!)] + result.warnings
            for secret in Rig.secrets {
                #expect(!texts.contains { $0.contains(secret) })
                #expect(!rig.filesWritten().contains { $0.contains(secret) })
            }
            #expect(!rig.filesWritten().isEmpty)
        }
    }
}
