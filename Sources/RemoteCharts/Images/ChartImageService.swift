import ChartModel
import Foundation
import Geometry
import WheelRaster
import WheelRender

/// Everything the service needs to know: download limits, the cache, offline mode, the API's SVG images.
public struct ChartImageSettings: Sendable {
    /// The download's limits: budget, timeouts, size cap, redirects, retries.
    public var fetch = FetchPolicy()
    /// `nil`: no cache.
    public var cache: CacheSettings?
    /// Never touch the network: serve from the cache, else draw locally.
    public var offline = false
    /// An API's SVG image is rasterized, or refused.
    public var unsafeSVG: UnsafeSVGHandling = .rasterize
    /// API SVG images drawing at once at most, those given up at the budget and still drawing included (librsvg
    /// cannot stop one): more wait for a place until their budget runs out.
    public var svgDrawingsAtOnce = 2
    /// The clock the budget, the retries and their waits run on; tests give a manual one.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The wall clock, for cache ages; tests move it.
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults: a 5 s budget, no cache, online, API SVGs rasterized, two at a time.
    public init() {}
}

/// Always gives a chart: the API's image when it can be had within the budget, a cached copy of it when the
/// network cannot help, else the local render of the same chart.
///
/// Requests for the same chart and options at the same time share one download.
public actor ChartImageService {
    private let settings: ChartImageSettings
    private let downloader: ImageDownloader
    private let drawer: SVGDrawer
    private let clock: ServiceClock
    private let cache: ImageCache?
    private var inFlight: [String: Task<ChartImage, Error>] = [:]

    /// A service that lives for `body`: its HTTP client is released when `body` returns, throws or is cancelled.
    public static func withService<Result>(_ settings: ChartImageSettings = ChartImageSettings(),
                                           isolation: isolated (any Actor)? = #isolation,
                                           _ body: (ChartImageService) async throws -> Result) async throws -> Result {
        try await withLifetime(of: ChartImageService(settings: settings), shutdown: { await $0.shutdown() }, body)
    }

    /// A service on `clock` (one the caller's deadlines share); `shutdown()` must follow. Users call `withService`.
    package init(settings: ChartImageSettings, clock: ServiceClock? = nil) {
        self.settings = settings
        let clock = clock ?? ServiceClock(any: settings.clock)
        self.clock = clock
        downloader = ImageDownloader(policy: settings.fetch, clock: clock)
        drawer = SVGDrawer(capacity: settings.svgDrawingsAtOnce, clock: clock)
        cache = settings.cache.map { ImageCache(settings: $0, now: settings.now) }
    }

    /// Releases the HTTP client, once, when done.
    package func shutdown() async {
        await downloader.shutdown()
    }

    /// The chart as `format`: from the API's wheel response (`response`, the endpoint's JSON; `nil` when the call
    /// itself failed), from the cache, or drawn locally from `chart` with `options`.
    public func image(response: Data?, chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType) async throws -> ChartImage {
        try await image(key: Self.cacheKey(chart: chart, options: options, format: format), chart: chart, options: options, format: format) { () throws(FetchFailure) in
            guard let response else { throw .noResponse }
            return response
        }
    }

    private func image(key: String, chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType,
                       response: @escaping @Sendable () async throws(FetchFailure) -> Data) async throws -> ChartImage {
        if let running = inFlight[key] { return try await running.value }
        let task = Task { try await self.resolve(key: key, chart: chart, options: options, format: format, response: response) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await task.value
    }

    /// Whether the cache holds a fresh image under `key`, which would be served without asking the API.
    package func hasFreshImage(key: String, format: RenderOptions.ImageType) -> Bool {
        cache?.lookup(key, kind: .image(format)).map { !$0.isStale } ?? false
    }

    /// The image under `key` from the cache when fresh; else from the API (the wheel answer that `response`
    /// gets, or throws why there is none), downloaded and drawn by `deadline` and within the budget; else a stale
    /// cached copy; else drawn from `chart`. Runs in the caller's task, so cancelling it cancels the download;
    /// callers share requests themselves.
    package func resolve(key: String, chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType,
                         deadline: ServiceClock.Instant? = nil,
                         response: @Sendable () async throws(FetchFailure) -> Data) async throws -> ChartImage {
        let cached = cache?.lookup(key, kind: .image(format))
        if let cached, !cached.isStale || settings.offline {
            return ChartImage(data: cached.data, format: format, source: .cache, reason: cached.isStale ? "stale, offline" : nil, failure: nil)
        }
        let failure: FetchFailure
        if settings.offline {
            failure = .offline(cacheConfigured: cache != nil)
        } else {
            // The budget covers the image's drawing as well as its download.
            let start = clock.now
            let deadline = min(deadline ?? start + .seconds(settings.fetch.budget), start + .seconds(settings.fetch.budget))
            do {
                let url = try ChartImageResponse.imageURL(from: try await response())
                let download = try await downloader.download(url, deadline: deadline)
                let data = try await ImageValidator(unsafeSVG: settings.unsafeSVG)
                    .accept(download.body, contentType: download.contentType, as: format, size: options.chartSize,
                            drawer: drawer, clock: clock, deadline: deadline, budget: settings.fetch.budget)
                cache?.store(data, kind: .image(format), key: key)
                return ChartImage(data: data, format: format, source: .api, reason: nil, failure: nil)
            } catch let error as FetchFailure {
                failure = error
            }
            if let cached {
                return ChartImage(data: cached.data, format: format, source: .cache, reason: "stale; \(failure)", failure: failure)
            }
        }
        try Task.checkCancellation()
        let data = try WheelRenderer.render(.wheel(chart), as: format, options: options)
        return ChartImage(data: data, format: format, source: .fallback, reason: failure.description, failure: failure)
    }

    /// Equal charts with equal options and format share a key: the digest of the normalized chart JSON and the
    /// options in a fixed order. `pixels` is in it so that entries from versions that passed an API's SVG on as
    /// markup are never served.
    package static func cacheKey(chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType) -> String {
        var text = String(decoding: chart.prepared(for: options.layout).jsonData(), as: UTF8.self)
        text += "\n" + format.rawValue + "\npixels\n" + options.canonicalText
        return ContentHash.hex(Array(text.utf8))
    }
}

extension RenderOptions {
    /// Every option in a fixed order, so equal options always read the same.
    package var canonicalText: String {
        func colour(_ c: Colour?) -> String { c?.hex ?? "-" }
        let fields: [String] = [
            "size=\(chartSize)", "type=\(imageType?.rawValue ?? "-")", "theme=\(theme.rawValue)",
            "planet=\(colour(planetIconColor))", "inner=\(colour(innerCircleBackground))", "signIcon=\(colour(signIconColor))",
            "signBackground=\(colour(signBackground))", "background=\(colour(chartBackgroundColor))", "cusps=\(colour(cuspLineColor))",
            "aspectColours=" + aspectLineColors.map { "\($0.key.rawValue):\($0.value.hex)" }.sorted().joined(separator: ","),
            "exclude=" + excludePlanets.map(\.rawValue).sorted().joined(separator: ","),
            "allowed=" + (allowedAspects.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "-"),
            "orbs=" + orbValues.map { "\($0.key.rawValue):\($0.value)" }.sorted().joined(separator: ","),
            "title=\(title ?? "-")",
        ]
        return fields.joined(separator: "\n")
    }
}
