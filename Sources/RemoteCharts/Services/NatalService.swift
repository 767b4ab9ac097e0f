import AsyncHTTPClient
import ChartModel
import Ephemeris
import Foundation
import WheelRender

/// One birth's chart, as data and as an image.
public struct NatalRequest: Sendable {
    /// The birth: date, time, zone and place.
    public var birth: Birth
    /// The house system to ask for, or to compute.
    public var houseSystem: HouseSystem
    /// The wheel's options: the API's image is asked for with them, the local one drawn with them.
    public var options: RenderOptions
    /// The image's format, PNG or SVG.
    public var format: RenderOptions.ImageType

    /// A request for `birth`'s chart and wheel, in Placidus and as PNG unless told otherwise.
    public init(birth: Birth, houseSystem: HouseSystem = .placidus, options: RenderOptions = RenderOptions(), format: RenderOptions.ImageType = .png) {
        self.birth = birth
        self.houseSystem = houseSystem
        self.options = options
        self.format = format
    }
}

/// Where a chart's data or image came from, and why not from the API.
public struct Origin: Sendable, Equatable, CustomStringConvertible {
    /// The service just now, the cache, or computed and drawn here.
    public enum Source: String, Sendable {
        case api, cache, local
    }

    /// Where it came from.
    public var source: Source
    /// `HTTP 500 after 3 tries`, `offline`, `stale, offline`; nil when the source was the first choice.
    public var reason: String?

    /// An origin of `source`, with why the API was not it.
    public init(_ source: Source, _ reason: String? = nil) {
        self.source = source
        self.reason = reason
    }

    /// `api`, `local (HTTP 404)`.
    public var description: String { source.rawValue + (reason.map { " (\($0))" } ?? "") }
}

/// A birth's chart and wheel, where each came from, and what the user should know.
public struct NatalResult: Sendable {
    /// The chart the image shows: the API's, the cache's, or computed here.
    public var chart: NatalChart
    /// The wheel's bytes, in `format`.
    public var image: Data
    /// PNG or SVG, as asked.
    public var format: RenderOptions.ImageType
    /// Where the chart's data came from (`api`, `cache`, `local (HTTP 500 after 3 tries)`).
    public var dataOrigin: Origin
    /// Where the image came from (`api`, `cache`, `local (HTTP 404)`).
    public var imageOrigin: Origin
    /// Credits running low, the API's data and ours disagreeing, a zone or fold read with a guess.
    public var warnings: [String]
    /// Why nothing came from the API, when nothing did: for callers that need the kind (exit codes).
    public var failure: ServiceError?

    /// `data: api, image: local (HTTP 404)`.
    public var statusLine: String { "data: \(dataOrigin), image: \(imageOrigin)" }
}

/// Turns a birth into a chart whatever the network does: the API's data and image when they come within the
/// budget, the cache when they do not (or when it holds them fresh, which costs no credit), else the chart
/// computed here and the wheel drawn here. Concurrent calls for the same chart share one set of requests;
/// cancelling every caller of one cancels its requests.
public actor ChartService {
    private let settings: RemoteSettings
    private let images: ChartImageService
    private let client: ProviderClient?
    private let limiter: RequestLimiter?
    private let http: HTTPClient?
    private let dataCache: ChartCache?
    private let clock: ServiceClock
    /// Internal, not private: tests wait on it for a call to have joined another's requests.
    let shared = SharedWork<NatalResult>()

    /// A service that lives for `body`: its HTTP clients are released when `body` returns, throws or is
    /// cancelled, once what it started has ended.
    public static func withService<Result>(_ settings: RemoteSettings, isolation: isolated (any Actor)? = #isolation,
                                           _ body: (ChartService) async throws -> Result) async throws -> Result {
        try await withLifetime(of: ChartService(settings: settings), shutdown: { await $0.shutdown() }, body)
    }

    /// A service whose `shutdown()` must follow; users call `withService`.
    init(settings: RemoteSettings) {
        self.settings = settings
        let clock = ServiceClock(any: settings.clock)
        self.clock = clock
        images = ChartImageService(settings: settings, clock: clock)
        dataCache = settings.cache.map { cache in
            var charts = cache
            charts.directory = cache.directory.appendingPathComponent("charts")
            return ChartCache(settings: charts, now: settings.now)
        }
        if let provider = settings.provider, !settings.offline {
            let limiter = RequestLimiter(provider: provider.provider, limits: provider.limits, directory: settings.stateDirectory,
                                         now: settings.now, clock: clock)
            let http = HTTPClient.bounded(by: settings)
            let transport = ServiceTransport(settings: provider, limiter: limiter, client: http,
                                             schedule: RetrySchedule(maximumAttempts: settings.maximumAttempts, backoff: settings.backoff),
                                             budget: settings.budget)
            self.limiter = limiter
            self.http = http
            client = ProviderClient(transport: transport)
        } else {
            limiter = nil
            http = nil
            client = nil
        }
    }

    /// Awaits the requests still going, then releases the HTTP clients.
    func shutdown() async {
        await shared.drain()
        await images.shutdown()
        try? await http?.shutdown()
    }

    /// The chart for `request`. Throws `ChartError` for a birth that cannot be computed, `ServiceError` when
    /// `allowLocal` is off and neither the API nor the cache could give the chart, and `CancellationError`.
    public func natal(_ request: NatalRequest) async throws -> NatalResult {
        let keys = try Keys(request, provider: settings.provider?.provider)
        return try await shared.value(for: keys.image) { try await self.resolve(request, keys: keys) }
    }

    private func resolve(_ request: NatalRequest, keys: Keys) async throws -> NatalResult {
        let deadline = clock.now + settings.networkShare
        let computed = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem)
        var warnings = computed.warnings

        // The wheel's request goes out with the data's, unless the cache already holds the image. A child task:
        // it ends, cancelled if need be, before this call does.
        let client = await images.hasFreshImage(key: keys.image, format: request.format) ? nil : self.client
        async let wheel = Self.wheelAnswer(client, request, deadline: deadline)
        let (chart, dataOrigin, dataFailure) = try await chartData(request, keys: keys, computed: computed, deadline: deadline, warnings: &warnings)
        let answer = await wheel
        let image = try await images.resolve(key: keys.image, chart: chart, options: request.options, format: request.format,
                                             deadline: deadline) { () throws(FetchFailure) -> Data in
            switch answer {
            case .success(let data)?: return data
            case .failure(let error)?: throw .service(error)
            case nil: throw .noResponse
            }
        }
        try Task.checkCancellation()
        warnings += image.missingFonts.map(\.warning)
        let imageOrigin = origin(of: image)
        var wheelFailure: ServiceError?
        if case .failure(let error)? = answer { wheelFailure = error }
        if !settings.allowLocal && imageOrigin.source == .local {
            throw wheelFailure ?? ServiceError.noImage(image.failure ?? .noResponse)
        }
        if let limiter, let used = try? await limiter.creditsUsed(), used * 5 >= limiter.limits.monthlyCredits * 4 {
            warnings.append("\(limiter.provider.displayName): \(used) of \(limiter.limits.monthlyCredits) credits used this month")
        }
        return NatalResult(chart: chart, image: image.data, format: request.format, dataOrigin: dataOrigin, imageOrigin: imageOrigin,
                           warnings: warnings, failure: dataFailure ?? wheelFailure)
    }

    /// The wheel endpoint's answer, or why there is none; nil when it was not asked.
    private static func wheelAnswer(_ client: ProviderClient?, _ request: NatalRequest,
                                    deadline: ServiceClock.Instant) async -> Result<Data, ServiceError>? {
        guard let client else { return nil }
        do {
            return .success(try await client.wheelResponse(for: request.birth, houseSystem: request.houseSystem,
                                                            options: request.options, deadline: deadline))
        } catch let error as ServiceError {
            return .failure(error)
        } catch {
            return .failure(.failed(error is CancellationError ? "cancelled" : "\(error)"))
        }
    }

    /// The chart's data: the cache when fresh, else the API, else a stale cached copy, else computed here.
    private func chartData(_ request: NatalRequest, keys: Keys, computed: ComputedChart, deadline: ServiceClock.Instant,
                           warnings: inout [String]) async throws -> (NatalChart, Origin, ServiceError?) {
        guard let provider = settings.provider else { return (computed.chart, Origin(.local), nil) }
        let cached: ChartCache.Entry?
        if let key = keys.data, let dataCache { cached = await dataCache.entry(key, kind: .chart) } else { cached = nil }
        let cachedChart = cached.flatMap { try? ChartDecoder.decode($0.data).chart }
        if let cached, let cachedChart, !cached.isStale || settings.offline {
            warnings += disagreements(cachedChart, computed.chart, provider: provider.provider)
            return (cachedChart, Origin(.cache, cached.isStale ? "stale, offline" : nil), nil)
        }
        let failure: ServiceError
        if let client {
            do {
                let decoded = try await client.chart(for: request.birth, houseSystem: request.houseSystem, deadline: deadline)
                if let key = keys.data { await dataCache?.keep(decoded.chart.jsonData(), kind: .chart, key: key) }
                warnings += decoded.warnings.map { "\(provider.provider.displayName) data: \($0)" }
                warnings += disagreements(decoded.chart, computed.chart, provider: provider.provider)
                return (decoded.chart, Origin(.api), nil)
            } catch let error as ServiceError {
                failure = error
            } catch let error where !(error is CancellationError) && !Task.isCancelled {
                failure = .failed("\(error)")
            }
            try Task.checkCancellation()
            if let cachedChart {
                return (cachedChart, Origin(.cache, "stale; \(failure.message)"), failure)
            }
        } else {
            failure = .offline(nothingCached: false)
        }
        guard settings.allowLocal else {
            throw failure.kind == .offline ? ServiceError.offline(nothingCached: true) : failure
        }
        return (computed.chart, Origin(.local, failure.message), failure)
    }

    private func origin(of image: ChartImage) -> Origin {
        switch image.source {
        case .api: Origin(.api)
        case .cache: Origin(.cache, image.reason)
        case .fallback:
            settings.provider == nil ? Origin(.local) : Origin(.local, settings.offline ? "offline" : image.reason)
        }
    }

    /// One warning per body that the service places more than 1° from our computation (SC-006's limit).
    private func disagreements(_ service: NatalChart, _ ours: NatalChart, provider: ChartProvider) -> [String] {
        let computed = Dictionary(ours.bodies.map { ($0.id, $0.longitude) }, uniquingKeysWith: { first, _ in first })
        return service.bodies.compactMap { body in
            guard let longitude = computed[body.id] else { return nil }
            let difference = abs(remainder(body.longitude - longitude, 360))
            guard difference > 1 else { return nil }
            return "\(provider.displayName) and our computation differ by \(String(format: "%.2f", difference))° for \(body.id.displayName)"
        }
    }

    /// The cache keys: the request each service would be sent, so equal requests share entries whatever form
    /// the birth took (a zone name or its offset); the image's adds the options and the format.
    private struct Keys {
        var data: String?
        var image: String

        init(_ request: NatalRequest, provider: ChartProvider?) throws {
            let body: Data
            switch provider {
            case .astrologyAPI?:
                body = (try? RequestBodies.astrologyAPI(request.birth, houseSystem: request.houseSystem)) ?? Data("\(request.birth)".utf8)
            case .freeAstrologyAPI?:
                body = try RequestBodies.freeAstrologyAPI(request.birth, houseSystem: request.houseSystem)
            case nil:
                body = Data("\(request.birth) \(request.houseSystem.rawValue)".utf8)
            }
            let data = (provider?.rawValue ?? "local") + "\n" + String(decoding: body, as: UTF8.self)
            self.data = provider == nil ? nil : ContentHash.hex(Array(data.utf8))
            image = ContentHash.hex(Array((data + "\n" + request.format.rawValue + "\n" + request.options.canonicalText).utf8))
        }
    }
}

extension CacheKind {
    /// Chart JSON that decodes.
    static let chart = CacheKind(name: "chart") { (try? ChartDecoder.decode($0)) != nil }
}
