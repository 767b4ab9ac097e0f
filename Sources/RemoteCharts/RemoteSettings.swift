import Foundation

/// Everything the remote half needs to know, for `ChartService` (a birth's chart and wheel from a provider) and
/// `ChartImageService` (an API's wheel image) alike: the caller's time budget, from which every timeout is
/// derived, the cache, offline mode, the API's SVG images, and the clocks.
public struct RemoteSettings: Sendable {
    /// The provider to ask (`ChartService`); nil: compute and draw locally, never asking a service.
    public var provider: ProviderSettings?
    /// Time for everything, retries, waits and the fallback's drawing included: the user gets a chart by then.
    public var budget: Duration = .seconds(5)
    /// Never use the network: the cache, else local.
    public var offline = false
    /// When false, a chart that neither the API nor the cache can give is an error (`ServiceError`), not local
    /// (`ChartService`).
    public var allowLocal = true
    /// Images in the folder, chart data in its `charts` subfolder; nil: no cache.
    public var cache: CacheSettings?
    /// Where the rate limiter keeps its counts (`WHEEL_STATE_DIR`, else the user's state folder).
    public var stateDirectory: URL
    /// An API's SVG image is rasterized (the default) or refused for the local render.
    public var unsafeSVG: UnsafeSVGHandling = .rasterize
    /// Tries of each request, for timeouts, lost connections, 5xx and 429.
    public var maximumAttempts = 3
    /// The wait before the second try, doubling after each.
    public var backoff: Duration = .milliseconds(250)
    /// Largest image accepted, enforced while it streams in.
    public var maximumImageBytes = 5 * 1024 * 1024
    /// Redirects of an image URL followed at most, each target checked before it is followed; loops are detected.
    public var maximumRedirects = 3
    /// API SVG images drawing at once at most, those given up at the budget and still drawing included (librsvg
    /// cannot stop one): more wait for a place until their budget runs out.
    public var svgDrawingsAtOnce = 2
    /// The clock the budget, the retries and the waits run on; tests give a manual one.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The wall clock, for the rate limit's window, the month's credits and cache ages; tests move it.
    public var now: @Sendable () -> Date = { Date() }

    /// Settings for `provider` (nil: local charts, or images only), the limiter's state in `stateDirectory` or
    /// the default folder; a 5 s budget, no cache, online, API SVGs rasterized.
    public init(provider: ProviderSettings? = nil, stateDirectory: URL? = nil) {
        self.provider = provider
        self.stateDirectory = stateDirectory ?? RequestLimiter.defaultDirectory()
    }

    /// Time to open a connection: two fifths of the budget (2 s of 5 s), so a lost try leaves time for another.
    public var connectTimeout: Duration { budget * 2 / 5 }
    /// How long a server may stay silent while it answers: two fifths of the budget. A busy machine slows
    /// both ends, and a caller that gives more time gives it here too.
    public var readTimeout: Duration { budget * 2 / 5 }
    /// The budget less a moment to draw the local wheel in (a tenth of it, at most 0.3 s): the network's share,
    /// so that the chart is there in time whatever the network does.
    var networkShare: Duration { budget - min(.milliseconds(300), budget / 10) }
}

extension Duration {
    /// The duration in seconds, for messages and wall-clock arithmetic.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
