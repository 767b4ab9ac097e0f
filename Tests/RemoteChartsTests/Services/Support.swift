import APIStandIns
import ChartModel
import Ephemeris
import Foundation
@testable import RemoteCharts
import Testing
import TestSupport
import WheelRender

/// The births of the stand-ins' sample charts, as a person gives them.
enum Births {
    static let newYork = try! Birth(date: "1990-05-15", time: "10:30", zone: "America/New_York", latitude: 40.7128, longitude: -74.0060)
    static let ulm = try! Birth(date: "1879-03-14", time: "11:30", zone: "LMT", latitude: 48.4011, longitude: 9.9876)
}

/// A stand-in and a service pointed at it, with their own cache and state folders.
struct Rig: Sendable {
    let standIn: APIStandIn
    let folder: URL
    var settings: RemoteSettings

    var provider: ChartProvider { standIn.service == .astrologyAPI ? .astrologyAPI : .freeAstrologyAPI }
    var cacheFolder: URL { folder.appendingPathComponent("cache") }
    var stateFolder: URL { folder.appendingPathComponent("state") }

    static func credentials(_ service: APIStandIn.Service, _ secrets: APIStandIn.Credentials = APIStandIn.Credentials()) -> ServiceCredentials {
        service == .astrologyAPI ? .basic(userID: secrets.userID, apiKey: secrets.apiKey) : .apiKey(secrets.apiKey)
    }

    /// Every secret the stand-in knows, to look for where none may be.
    static var secrets: [String] {
        let known = APIStandIn.Credentials()
        return [known.apiKey, known.accessToken, Data("\(known.userID):\(known.apiKey)".utf8).base64EncodedString()]
    }

    /// The budget is long by default, and so the connect and read timeouts derived from it (two fifths of it, on
    /// real time even with a manual clock): a test that is not about time must not see a try time out (a retry
    /// costs a credit and a request) however busy the machine; those about time, or about a wait that must not fit,
    /// set their own.
    /// With `clock`, the service's waits and budget and its wall clock (and the stand-in's) run on it.
    init(_ service: APIStandIn.Service, limit: (requests: Int, window: Double) = (5, 60), credentials: ServiceCredentials? = nil,
         budget: Duration = .seconds(300), clock: ManualClock? = nil) async throws {
        var now: @Sendable () -> Date = { Date() }
        if let clock { now = clock.date }
        standIn = try await APIStandIn(service, limit: limit, now: now)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString)")
        let provider: ChartProvider = service == .astrologyAPI ? .astrologyAPI : .freeAstrologyAPI
        var providerSettings = ProviderSettings(provider: provider, credentials: credentials ?? Self.credentials(service),
                                                baseURL: URL(string: standIn.baseURL)!)
        providerSettings.limits.requests = limit.requests
        providerSettings.limits.window = .seconds(limit.window)
        settings = RemoteSettings(provider: providerSettings, stateDirectory: folder.appendingPathComponent("state"))
        settings.cache = CacheSettings(directory: folder.appendingPathComponent("cache"))
        settings.budget = budget
        settings.backoff = .milliseconds(50)
        if let clock {
            settings.clock = clock
            settings.now = clock.date
        }
    }

    /// One natal call on a fresh service with `settings`.
    func natal(_ birth: Birth = Births.newYork, houseSystem: HouseSystem = .placidus, settings: RemoteSettings? = nil) async throws -> NatalResult {
        try await ChartService.withService(settings ?? self.settings) { service in
            try await service.natal(NatalRequest(birth: birth, houseSystem: houseSystem))
        }
    }

    /// A limiter on the rig's state folder, on `clock` (its waits and its wall clock) when given.
    func limiter(clock: ManualClock? = nil) -> RequestLimiter {
        guard let clock else {
            return RequestLimiter(provider: provider, limits: settings.provider!.limits, directory: stateFolder,
                                  now: { Date() }, clock: ServiceClock(ContinuousClock()))
        }
        return RequestLimiter(provider: provider, limits: settings.provider!.limits, directory: stateFolder, now: clock.date, clock: ServiceClock(clock))
    }

    /// `body` with a rig, which is stopped (the stand-in, the folders) before this returns, however `body` ends.
    static func with<T>(_ service: APIStandIn.Service, limit: (requests: Int, window: Double) = (5, 60), credentials: ServiceCredentials? = nil,
                        budget: Duration = .seconds(300), clock: ManualClock? = nil,
                        _ body: (Rig) async throws -> T) async throws -> T {
        let rig = try await Rig(service, limit: limit, credentials: credentials, budget: budget, clock: clock)
        do {
            let result = try await body(rig)
            await rig.stop()
            return result
        } catch {
            await rig.stop()
            throw error
        }
    }

    func stop() async {
        await standIn.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every byte the run left on disk, to search for secrets.
    func filesWritten() -> [Data] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return paths.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) }
    }
}

extension Data {
    func contains(_ text: String) -> Bool { range(of: Data(text.utf8)) != nil }
    var isPNG: Bool { starts(with: [0x89, 0x50, 0x4E, 0x47]) }
}

enum RenderOptionsFixture {
    /// Options with a colour the services can be sent.
    static var coloured: RenderOptions {
        var options = RenderOptions()
        options.planetIconColor = Colour(red: 0x11, green: 0x22, blue: 0x33)
        return options
    }
}
