import APIStandIns
import ChartModel
import Ephemeris
import Foundation
@testable import RemoteCharts
import Testing
import TestSupport

@Suite(.hangGuard) struct ServiceLimitsTests {
    // The waits for the window pass on a manual clock, at once in real time; the stand-in counts arrivals on it.
    @Test func callsWaitForTheWindowWhenTheWaitFitsTheBudgetAndTheServerNeverSays429() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (5, 2), clock: clock) { rig in
            var rig = rig  // the test changes its settings
            rig.settings.cache = nil
            let fixed = rig
            let origins = try await clock.skippingWaits(within: .seconds(5)) {
                var origins: [String] = []
                for _ in 0..<4 { origins.append(try await fixed.natal().statusLine) }
                return origins
            }
            #expect(origins.allSatisfy { $0 == "data: api, image: api" }, "\(origins)")
            #expect(clock.now.offset >= .seconds(1), "the window was waited for, on the clock")
            #expect(rig.standIn.overLimit == 0)
            #expect(rig.standIn.busiestWindow <= 5)
        }
    }

    // Only the short waits pass on the clock (a backoff, should a busy machine make a try time out): a wait for
    // the window's minute would hang (and hit the time limit) rather than pass.
    @Test func aFullWindowWhoseWaitDoesNotFitFailsAtOnceSayingWhen() async throws {
        let clock = ManualClock()
        try await Rig.with(.freeAstrologyAPI, limit: (5, 60), budget: .seconds(30), clock: clock) { rig in
            var rig = rig  // the test changes its settings
            rig.settings.cache = nil
            let fixed = rig
            let (first, second) = try await clock.skippingWaits(within: .milliseconds(100)) { (try await fixed.natal(), try await fixed.natal()) }
            #expect(first.statusLine == "data: api, image: api")
            #expect(clock.now.offset < .seconds(1))
            #expect(second.dataOrigin.source == .local)
            #expect(second.dataOrigin.reason == "rate limit: next request possible in 60 s")
            #expect(second.failure == .rateLimited(.windowFull(seconds: 60)))
            #expect(second.failure?.kind == .rateLimited)
            #expect(rig.standIn.overLimit == 0)
        }
    }

    @Test func theWindowIsSharedByEveryLimiterOnTheStateFolder() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (5, 60), clock: clock) { rig in
            let deadline = rig.limiter(clock: clock).clock.now + .seconds(1)
            let holdUntil = clock.date().addingTimeInterval(1)
            _ = try await rig.limiter(clock: clock).reserve(3, holdUntil: holdUntil, deadline: deadline)
            _ = try await rig.limiter(clock: clock).reserve(2, holdUntil: holdUntil, deadline: deadline)
            // The window is held by requests still out: it looks again every 0.1 s until the deadline, then says when.
            await clock.skippingWaits(within: .seconds(5)) {
                await #expect {
                    try await rig.limiter(clock: clock).reserve(1, holdUntil: holdUntil, deadline: deadline)
                } throws: { error in
                    guard case .rateLimited(.windowFull(let seconds))? = error as? ServiceError else { return false }
                    return (60...61).contains(seconds)
                }
            }
        }
    }

    @Test func aSlotIsHeldUntilItsRequestIsAnsweredAndAFailedConnectionGivesItBack() async throws {
        let clock = ManualClock()
        try await Rig.with(.astrologyAPI, limit: (1, 0.5), clock: clock) { rig in
            let limiter = rig.limiter(clock: clock)
            let deadline = { @Sendable (seconds: Double) in limiter.clock.now + .seconds(seconds) }
            let slot = try await limiter.reserve(1, holdUntil: clock.date().addingTimeInterval(30), deadline: deadline(1)).slots[0]
            // Held until its deadline, 30 s away: a second request cannot go within 1 s.
            await clock.skippingWaits(within: .seconds(5)) {
                await #expect(throws: ServiceError.self) { try await limiter.reserve(1, holdUntil: clock.date(), deadline: deadline(1)) }
            }
            await limiter.finished(slot)
            // Answered now: free again once the 0.5 s window has passed, and not before.
            let answered = clock.now
            _ = try await clock.skippingWaits(within: .seconds(5)) { try await limiter.reserve(1, holdUntil: clock.date(), deadline: deadline(2)) }
            #expect(answered.duration(to: clock.now) >= .seconds(0.5))
            let credits = try await limiter.creditsUsed()
            let unsent = try await clock.skippingWaits(within: .seconds(5)) { try await limiter.reserve(1, holdUntil: clock.date(), deadline: deadline(2)).slots[0] }
            await limiter.finished(unsent, reachedServer: false)
            #expect(try await limiter.creditsUsed() == credits)
        }
    }

    @Test func creditsWarnAt80PercentRefuseAtTheCapAndStartAgainWithTheMonth() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_796_083_190))  // 2026-11-30 23:59:50 UTC
        try await Rig.with(.astrologyAPI, limit: (100, 60), clock: clock) { rig in
            var rig = rig  // the test changes its settings
            rig.settings.cache = nil
            rig.settings.provider!.limits.monthlyCredits = 5
            let fixed = rig
            // Short waits (a backoff, should a busy machine make a try time out) pass on the clock.
            let (first, second, third) = try await clock.skippingWaits(within: .milliseconds(100)) {
                (try await fixed.natal(), try await fixed.natal(), try await fixed.natal())
            }
            #expect(first.statusLine == "data: api, image: api")
            #expect(first.warnings.isEmpty)
            #expect(second.warnings.contains("AstrologyAPI: 4 of 5 credits used this month"), "\(second.warnings)")
            #expect(third.dataOrigin.source == .api, "\(third.statusLine); asked: \(rig.standIn.requests.map(\.path))")
            #expect(third.imageOrigin.reason?.hasPrefix("AstrologyAPI: the 5 credits of 2026-11 are used") == true, "\(third.statusLine)")
            #expect(third.failure == .rateLimited(.creditsUsed(.astrologyAPI, cap: 5, month: "2026-11")))
            clock.advance(by: .seconds(30))  // 2026-12-01 00:00:20 UTC, give or take a backoff
            let fourth = try await clock.skippingWaits(within: .milliseconds(100)) { try await fixed.natal() }
            #expect(fourth.statusLine == "data: api, image: api")
            #expect(try await rig.limiter(clock: clock).creditsUsed() == 2)
        }
    }

    @Test func aCapRaisedLetsCallsThrough() async throws {
        try await Rig.with(.astrologyAPI, limit: (100, 60)) { rig in
            var rig = rig  // the test changes its settings
            rig.settings.cache = nil
            rig.settings.provider!.limits.monthlyCredits = 2
            _ = try await rig.natal()
            #expect(try await rig.natal().dataOrigin.source == .local)
            rig.settings.provider!.limits.monthlyCredits = 10
            #expect(try await rig.natal().statusLine == "data: api, image: api")
        }
    }
}

@Suite(.hangGuard) struct ConfigurationTests {
    private func configFile(_ text: String, mode: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wheel-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func aConfigFileOthersCanReadIsRefused() throws {
        let url = try configFile(#"{"freeastrologyapi": {"api_key": "fa-secret-1234"}}"#, mode: 0o644)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = ServiceError.configuration(.configOpenToOthers(path: url.path, mode: 0o644))
        #expect(throws: expected) { try ProviderSettings.load(.freeAstrologyAPI, environment: [:], configFile: url) }
        #expect(expected.message == "config file \(url.path): others can read or change it (mode 644); run chmod 600 \(url.path)")
        #expect(expected.kind == .configuration)
    }

    @Test func credentialsComeFromTheEnvironmentElseTheConfigFile() throws {
        let url = try configFile(#"""
            {"astrologyapi": {"user_id": "u1", "api_key": "file-key-1234", "base_url": "http://127.0.0.1:8080/mirror", "requests": 3},
             "freeastrologyapi": {"api_key": "fa-secret-1234"}}
            """#, mode: 0o600)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ProviderSettings.load(.astrologyAPI, environment: [:], configFile: url)
        #expect(fromFile.credentials == .basic(userID: "u1", apiKey: "file-key-1234"))
        #expect(fromFile.baseURL.absoluteString == "http://127.0.0.1:8080/mirror")
        #expect(fromFile.limits.requests == 3)
        let fromEnvironment = try ProviderSettings.load(.astrologyAPI, environment: ["ASTROLOGYAPI_ACCESS_TOKEN": "env-token-5678"], configFile: url)
        #expect(fromEnvironment.credentials == .accessToken("env-token-5678"))
        let free = try ProviderSettings.load(.freeAstrologyAPI, environment: ["FREEASTROLOGYAPI_BASE_URL": "https://mirror.example"], configFile: url)
        #expect(free.credentials == .apiKey("fa-secret-1234"))
        #expect(free.baseURL.absoluteString == "https://mirror.example")
        #expect(try ProviderSettings.load(.freeAstrologyAPI, environment: [:], configFile: nil).baseURL == ChartProvider.freeAstrologyAPI.defaultBaseURL)
    }

    @Test func aBadBaseURLNamesItsVariable() {
        let expected = ServiceError.configuration(.badBaseURL(source: "ASTROLOGYAPI_BASE_URL", text: "ftp://x"))
        #expect(throws: expected) { try ProviderSettings.load(.astrologyAPI, environment: ["ASTROLOGYAPI_BASE_URL": "ftp://x"], configFile: nil) }
        #expect(expected.message == #"ASTROLOGYAPI_BASE_URL: "ftp://x" is not an http or https URL"#)
    }
}

@Suite(.hangGuard) struct RequestBodyTests {
    private func json(_ data: Data) throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]) }

    @Test func astrologyAPIGetsTheOffsetInForceAtTheBirth() throws {
        let body = try json(RequestBodies.astrologyAPI(Births.newYork, houseSystem: .porphyry))
        #expect(body["tzone"] as? Double == -4)
        #expect(body["house_type"] as? String == "poryphry")
        #expect(body["day"] as? Int == 15 && body["min"] as? Int == 30 && body["lat"] as? Double == 40.7128)
        // Local mean time in Ulm: 9.9876° east is +00:39:57, to the second.
        let ulm = try json(RequestBodies.astrologyAPI(Births.ulm, houseSystem: .placidus))
        #expect(abs((ulm["tzone"] as? Double ?? 0) - 9.9876 / 15) < 0.5 / 3600)
    }

    @Test func secondsGoIntoTheZoneSoTheMomentIsKept() throws {
        let birth = try Birth(date: "1990-05-15", time: "10:30:30", zone: "UTC", latitude: 0, longitude: 0)
        let body = try json(RequestBodies.astrologyAPI(birth, houseSystem: .placidus))
        #expect(body["min"] as? Int == 30)
        #expect(abs((body["tzone"] as? Double ?? 0) + 30.0 / 3600) < 1e-12)
    }

    @Test func freeAstrologyAPIGetsItsOwnNamesAndTheWheelOptions() throws {
        var options = RenderOptionsFixture.coloured
        options.layout.chartSize = 800
        let body = try json(RequestBodies.freeAstrologyAPI(Births.newYork, houseSystem: .wholeSign, wheel: options))
        #expect(body["date"] as? Int == 15 && body["hours"] as? Int == 10 && body["minutes"] as? Int == 30 && body["seconds"] as? Int == 0)
        #expect(body["timezone"] as? Double == -4)
        let config = try #require(body["config"] as? [String: Any])
        #expect(config["house_system"] as? String == "Whole Signs")
        #expect(config["observation_point"] as? String == "geocentric")
        #expect((config["wheel_chart_colors"] as? [String: Any])?["planets_icon_color"] as? String == "#112233")
    }

    @Test func astrologyAPIHasNoRegiomontanus() {
        #expect(throws: ServiceError.unsupportedHouseSystem(.astrologyAPI, .regiomontanus)) {
            try RequestBodies.astrologyAPI(Births.newYork, houseSystem: .regiomontanus)
        }
        #expect(ServiceError.unsupportedHouseSystem(.astrologyAPI, .regiomontanus).message == "AstrologyAPI has no Regiomontanus houses")
        #expect(ServiceError.unsupportedHouseSystem(.astrologyAPI, .regiomontanus).kind == .response)
    }
}
