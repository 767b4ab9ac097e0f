import APIStandIns
import ChartModel
@testable import ChartServices
import Ephemeris
import Foundation
import Synchronization
import Testing

@Suite struct LimitsTests {
    @Test func callsWaitForTheWindowWhenTheWaitFitsTheBudgetAndTheServerNeverSays429() async throws {
        var rig = try await Rig(.astrologyAPI, limit: (5, 2))
        defer { rig.stopLater() }
        rig.settings.cache = nil
        var origins: [String] = []
        for _ in 0..<4 { origins.append(try await rig.natal().statusLine) }
        #expect(origins.allSatisfy { $0 == "data: api, image: api" }, "\(origins)")
        #expect(rig.standIn.overLimit == 0)
        #expect(rig.standIn.busiestWindow <= 5)
    }

    @Test func aFullWindowWhoseWaitDoesNotFitFailsAtOnceSayingWhen() async throws {
        var rig = try await Rig(.freeAstrologyAPI, limit: (5, 60))
        defer { rig.stopLater() }
        rig.settings.cache = nil
        #expect(try await rig.natal().statusLine == "data: api, image: api")
        let start = Date()
        let second = try await rig.natal()
        // At once, not after the minute the window needs (nor the 30 s budget).
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(second.dataOrigin.source == .local)
        let reason = try #require(second.dataOrigin.reason)
        #expect(reason.wholeMatch(of: /rate limit: next request possible in (5[0-9]|60) s/) != nil, "\(reason)")
        #expect(second.failure?.kind == .rateLimited)
        #expect(rig.standIn.overLimit == 0)
    }

    @Test func theWindowIsSharedByEveryLimiterOnTheStateFolder() async throws {
        let rig = try await Rig(.astrologyAPI, limit: (5, 60))
        defer { rig.stopLater() }
        let deadline = ContinuousClock.now + .seconds(1)
        let holdUntil = Date().addingTimeInterval(1)
        _ = try await rig.limiter().reserve(3, holdUntil: holdUntil, deadline: deadline)
        _ = try await rig.limiter().reserve(2, holdUntil: holdUntil, deadline: deadline)
        await #expect { try await rig.limiter().reserve(1, holdUntil: holdUntil, deadline: deadline) } throws: {
            ($0 as? ServiceError)?.message.hasPrefix("rate limit: next request possible in") == true
        }
    }

    @Test func aSlotIsHeldUntilItsRequestIsAnsweredAndAFailedConnectionGivesItBack() async throws {
        let rig = try await Rig(.astrologyAPI, limit: (1, 0.5))
        defer { rig.stopLater() }
        let limiter = rig.limiter()
        let slot = try await limiter.reserve(1, holdUntil: Date().addingTimeInterval(30), deadline: .now + .seconds(1)).slots[0]
        // Held until its deadline, 30 s away: a second request cannot go within 1 s.
        await #expect(throws: ServiceError.self) { try await limiter.reserve(1, holdUntil: Date(), deadline: .now + .seconds(1)) }
        limiter.finished(slot)
        // Answered now: free again once the 0.5 s window has passed.
        _ = try await limiter.reserve(1, holdUntil: Date(), deadline: .now + .seconds(2))
        let credits = try limiter.creditsUsed()
        let unsent = try await limiter.reserve(1, holdUntil: Date(), deadline: .now + .seconds(2)).slots[0]
        limiter.finished(unsent, reachedServer: false)
        #expect(try limiter.creditsUsed() == credits)
    }

    @Test func creditsWarnAt80PercentRefuseAtTheCapAndStartAgainWithTheMonth() async throws {
        var rig = try await Rig(.astrologyAPI, limit: (100, 60))
        defer { rig.stopLater() }
        rig.settings.cache = nil
        rig.settings.provider!.limits.monthlyCredits = 5
        let clock = Mutex(Date(timeIntervalSince1970: 1_796_083_190))  // 2026-11-30 23:59:50 UTC
        rig.settings.now = { clock.withLock { $0 } }
        let first = try await rig.natal()
        #expect(first.statusLine == "data: api, image: api")
        #expect(first.warnings.isEmpty)
        let second = try await rig.natal()
        #expect(second.warnings.contains("AstrologyAPI: 4 of 5 credits used this month"), "\(second.warnings)")
        let third = try await rig.natal()
        #expect(third.dataOrigin.source == .api)
        #expect(third.imageOrigin.reason?.hasPrefix("AstrologyAPI: the 5 credits of 2026-11 are used") == true, "\(third.statusLine)")
        clock.withLock { $0 = Date(timeIntervalSince1970: 1_796_083_220) }  // 2026-12-01 00:00:20 UTC
        let fourth = try await rig.natal()
        #expect(fourth.statusLine == "data: api, image: api")
        #expect(try rig.limiter(now: { clock.withLock { $0 } }).creditsUsed() == 2)
    }

    @Test func aCapRaisedLetsCallsThrough() async throws {
        var rig = try await Rig(.astrologyAPI, limit: (100, 60))
        defer { rig.stopLater() }
        rig.settings.cache = nil
        rig.settings.provider!.limits.monthlyCredits = 2
        _ = try await rig.natal()
        #expect(try await rig.natal().dataOrigin.source == .local)
        rig.settings.provider!.limits.monthlyCredits = 10
        #expect(try await rig.natal().statusLine == "data: api, image: api")
    }
}

@Suite struct ConfigurationTests {
    private func configFile(_ text: String, mode: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wheel-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func aConfigFileOthersCanReadIsRefused() throws {
        let url = try configFile(#"{"freeastrologyapi": {"api_key": "fa-secret-1234"}}"#, mode: 0o644)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ServiceError(.configuration, "config file \(url.path): others can read or change it (mode 644); run chmod 600 \(url.path)")) {
            try ProviderSettings.load(.freeAstrologyAPI, environment: [:], configFile: url)
        }
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
        #expect(throws: ServiceError(.configuration, #"ASTROLOGYAPI_BASE_URL: "ftp://x" is not an http or https URL"#)) {
            try ProviderSettings.load(.astrologyAPI, environment: ["ASTROLOGYAPI_BASE_URL": "ftp://x"], configFile: nil)
        }
    }
}

@Suite struct RequestBodyTests {
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
        #expect(throws: ServiceError(.response, "AstrologyAPI has no Regiomontanus houses")) {
            try RequestBodies.astrologyAPI(Births.newYork, houseSystem: .regiomontanus)
        }
    }
}
