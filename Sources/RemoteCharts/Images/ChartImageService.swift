import BlockingWork
import ChartModel
import Foundation
import Geometry
import WheelRaster
import WheelRender

/// Always gives a chart: the API's image when it can be had within the budget, a cached copy of it when the
/// network cannot help, else the local render of the same chart.
///
/// Requests for the same chart and options at the same time share one download; it stops when every caller
/// has been cancelled.
public actor ChartImageService {
    private let settings: RemoteSettings
    private let downloader: ImageDownloader
    private let drawer: SVGDrawer
    private let clock: ServiceClock
    private let cache: ChartCache?
    private let shared = SharedWork<ChartImage>()

    /// A service that lives for `body`: its HTTP client is released when `body` returns, throws or is cancelled,
    /// once what it started has ended.
    public static func withService<Result>(_ settings: RemoteSettings = RemoteSettings(),
                                           isolation: isolated (any Actor)? = #isolation,
                                           _ body: (ChartImageService) async throws -> Result) async throws -> Result {
        try await withLifetime(of: ChartImageService(settings: settings), shutdown: { await $0.shutdown() }, body)
    }

    /// A service on `clock` (one the caller's deadlines share), drawing the API's SVGs on `drawingPool` (tests
    /// give one whose threads they hold); `shutdown()` must follow. Users call `withService`.
    init(settings: RemoteSettings, clock: ServiceClock? = nil, drawingPool: BlockingPool = .shared) {
        self.settings = settings
        let clock = clock ?? ServiceClock(any: settings.clock)
        self.clock = clock
        downloader = ImageDownloader(settings: settings, clock: clock)
        drawer = SVGDrawer(capacity: settings.svgDrawingsAtOnce, clock: clock, pool: drawingPool)
        cache = settings.cache.map { ChartCache(settings: $0, now: settings.now) }
    }

    /// Awaits the downloads still going, then releases the HTTP client.
    func shutdown() async {
        await shared.drain()
        await downloader.shutdown()
    }

    /// The chart as `format`: from the API's wheel response (`response`, the endpoint's JSON; `nil` when the call
    /// itself failed), from the cache, or drawn locally from `chart` with `options`.
    public func image(response: Data?, chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType) async throws -> ChartImage {
        let key = Self.cacheKey(chart: chart, options: options, format: format)
        return try await shared.value(for: key) {
            try await self.resolve(key: key, chart: chart, options: options, format: format) { () throws(FetchFailure) in
                guard let response else { throw .noResponse }
                return response
            }
        }
    }

    /// Whether the cache holds a fresh image under `key`, which would be served without asking the API.
    func hasFreshImage(key: String, format: RenderOptions.ImageType) async -> Bool {
        await cache?.entry(key, kind: .image(format)).map { !$0.isStale } ?? false
    }

    /// The image under `key` from the cache when fresh; else from the API (the wheel answer that `response`
    /// gets, or throws why there is none), downloaded and drawn by `deadline` and within the budget; else a stale
    /// cached copy; else drawn from `chart`. Runs in the caller's task, so cancelling it cancels the download;
    /// callers share requests themselves.
    func resolve(key: String, chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType,
                 deadline: ServiceClock.Instant? = nil,
                 response: @Sendable () async throws(FetchFailure) -> Data) async throws -> ChartImage {
        let cached = await cache?.entry(key, kind: .image(format))
        if let cached, !cached.isStale || settings.offline {
            return ChartImage(data: cached.data, format: format, source: .cache, reason: cached.isStale ? "stale, offline" : nil, failure: nil)
        }
        let failure: FetchFailure
        if settings.offline {
            failure = .offline(cacheConfigured: cache != nil)
        } else {
            // The budget covers the image's drawing as well as its download.
            let ownDeadline = clock.now + settings.budget
            let deadline = min(deadline ?? ownDeadline, ownDeadline)
            do {
                let url = try ChartImageResponse.imageURL(from: try await response())
                let download = try await downloader.download(url, deadline: deadline, budget: settings.budget)
                let data = try await ImageValidator(unsafeSVG: settings.unsafeSVG)
                    .accept(download.body, contentType: download.contentType, as: format, size: options.chartSize,
                            drawer: drawer, clock: clock, deadline: deadline, budget: settings.budget)
                await cache?.keep(data, kind: .image(format), key: key)
                return ChartImage(data: data, format: format, source: .api, reason: nil, failure: nil)
            } catch let error as FetchFailure {
                failure = error
            }
            if let cached {
                return ChartImage(data: cached.data, format: format, source: .cache, reason: "stale; \(failure)", failure: failure)
            }
        }
        try Task.checkCancellation()
        // One thread: the blocking pool's others serve other callers.
        let drawn = try await BlockingPool.shared.run {
            try WheelRenderer.render(.wheel(chart), as: format, options: options, threads: 1, fonts: .system)
        }
        var image = ChartImage(data: drawn.data, format: format, source: .fallback, reason: failure.description, failure: failure)
        image.missingFonts = drawn.missingFonts
        return image
    }

    /// Equal charts with equal options and format share a key: the digest of the normalized chart JSON and the
    /// options in a fixed order. `pixels` is in it so that entries from versions that passed an API's SVG on as
    /// markup are never served.
    static func cacheKey(chart: NatalChart, options: RenderOptions, format: RenderOptions.ImageType) -> String {
        var text = String(decoding: chart.prepared(for: options.layout).jsonData(), as: UTF8.self)
        text += "\n" + format.rawValue + "\npixels\n" + options.canonicalText
        return ContentHash.hex(Array(text.utf8))
    }
}

extension RenderOptions {
    /// Every option in a fixed order, so equal options always read the same.
    var canonicalText: String {
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
        // English, the default, adds nothing, so that the keys of the images cached before languages stay.
        return (fields + (language == .fallback ? [] : ["language=\(language.rawValue)"])).joined(separator: "\n")
    }
}
