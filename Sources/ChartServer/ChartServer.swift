import BlockingWork
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import Prometheus
import ServiceLifecycle
import UnixSignals
import WheelRaster

/// `wheel serve`: the toolkit as an HTTP service. Our own API under `/v1`, AstrologyAPI's and FreeAstrologyAPI's
/// endpoints as drop-ins, signed wheel URLs any replica can render, and the operations routes. It keeps no state
/// between requests but its limits' counters, so it scales as replicas behind any load balancer.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ChartServer: Sendable {
    /// What it runs with.
    public let configuration: ServerConfiguration
    let logger: Logger
    let renders: RenderGate
    let rateLimiter: RateLimiter
    let metrics: PrometheusCollectorRegistry
    let shutdown = ShutdownState()
    /// Which fonts the machine has, for a PNG's text, and the packages already logged as missing.
    let fonts: FontCoverage
    let fontWarnings: FontWarnings
    /// The clock of the request deadline and of the render gate's measures.
    let clock: any Clock<Duration>

    /// A server for `configuration`, logging to `logger` (swift-log's default handler when nil); its rate limit
    /// reads the time from `rateLimiter` when one is given (the tests' clock). `metrics` is the registry that
    /// `GET /metrics` shows: the one behind the factory the process bootstrapped swift-metrics with (`wheel serve`
    /// bootstraps swift-prometheus's); the server never bootstraps the process's metrics itself, and without a
    /// registry `/metrics` is empty.
    public init(configuration: ServerConfiguration, logger: Logger? = nil, rateLimiter: RateLimiter? = nil,
                metrics: PrometheusCollectorRegistry? = nil) {
        self.init(configuration: configuration, logger: logger, rateLimiter: rateLimiter, metrics: metrics, renderPool: .shared)
    }

    /// A server whose renders run on `renderPool` (the process's shared blocking pool, or a test's own), asking
    /// `fonts` whether a PNG's text has its fonts and logging a missing one once for all of `fontWarnings` (the
    /// process's; a test's machine without a font and its own count). Deadlines run and renders are measured on
    /// `clock` (a test's turns only when the test moves it).
    init(configuration: ServerConfiguration, logger: Logger?, rateLimiter: RateLimiter?, metrics: PrometheusCollectorRegistry? = nil,
         renderPool: BlockingPool, fonts: FontCoverage = .system, fontWarnings: FontWarnings = .process,
         clock: any Clock<Duration> = ContinuousClock()) {
        self.configuration = configuration
        self.clock = clock
        self.fonts = fonts
        self.fontWarnings = fontWarnings
        var logger = logger ?? Logger(label: "wheel-serve")
        if logger.logLevel == .info, let level = Logger.Level(rawValue: configuration.logLevel) { logger.logLevel = level }
        self.logger = logger
        renders = RenderGate(limit: configuration.rendersAtOnce, longestWait: min(configuration.longestQueueWait, configuration.requestTimeout),
                             pool: renderPool, clock: clock)
        self.rateLimiter = rateLimiter ?? RateLimiter(ratePerSecond: configuration.ratePerSecond, burst: configuration.rateBurst)
        self.metrics = metrics ?? PrometheusCollectorRegistry()
        ServerMetrics.declare()
    }

    /// Who may call what, as the start-up line says it: each API with keys, or open to anyone who reaches the port
    /// (`port`: the one bound, when the configured one is 0).
    public func accessSummary(port: Int? = nil) -> String {
        let keys = configuration.apiKeys
        let apis: [(String, Int)] = [("/v1", keys.v1.count), ("AstrologyAPI's drop-ins", keys.astrologyAPI.count),
                                     ("FreeAstrologyAPI's drop-ins", keys.freeAstrologyAPI.count)]
        let open = apis.filter { $0.1 == 0 }.map(\.0), closed = apis.filter { $0.1 > 0 }.map { "\($0.0) (\($0.1) key\($0.1 == 1 ? "" : "s"))" }
        var parts: [String] = []
        if !closed.isEmpty { parts.append("keys guard " + closed.joined(separator: ", ")) }
        if !open.isEmpty { parts.append("open to anyone who reaches \(configuration.host):\(port ?? configuration.port): " + open.joined(separator: ", ")) }
        parts.append("signed wheel URLs to whoever holds one; /healthz, /readyz, /metrics and /openapi.json to all")
        return parts.joined(separator: "; ")
    }

    /// Every route, behind the middleware that closes connections once the server stops, logs each request, counts
    /// it, turns every error into `application/problem+json`, and applies the rate limit and the deadline (in that
    /// order).
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        let methods = RouteMethods()
        router.add(middleware: ClosingWhenStoppingMiddleware(shutdown: shutdown))
        router.add(middleware: RequestLogMiddleware(logBirthData: configuration.logBirthData))
        router.add(middleware: AnswerMetricsMiddleware())
        router.add(middleware: ProblemMiddleware(methods: methods))
        router.add(middleware: RateLimitMiddleware(limiter: rateLimiter, known: RateKey.known(in: configuration.apiKeys)))
        router.add(middleware: DeadlineMiddleware(seconds: configuration.requestTimeout, clock: clock))
        addOperationsRoutes(to: router)
        addV1Routes(to: router)
        addDropInRoutes(to: router)
        methods.read(router)
        return router
    }

    /// Makes the event loops Swift concurrency's global executor, so that a request's handler runs on the loop that
    /// reads and writes its connection instead of hopping to the cooperative pool and back (two thread switches a
    /// request). Call once, from the main thread, before anything else runs tasks; renders still go to the render
    /// places' own threads. Returns whether it took.
    public static func runTasksOnTheEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// The application on the configured address; `onServerRunning` is told the bound port (`port` 0 takes any).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        application(router: router(), onServerRunning: onServerRunning)
    }

    /// The application serving `router` (`router()` with the tests' own routes added).
    func application(router: Router<BasicRequestContext>, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router,
            server: httpServer(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "wheel-serve",
                                                    availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections, logger: logger)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    /// HTTP/1.1 with the connection limits: a connection quiet for `idleTimeout` is closed (a head or body trickling
    /// in counts as quiet until a whole part has come), and a head larger than `maximumHeaderBytes` is refused 400.
    /// Each request is tagged with the client's address (from `X-Forwarded-For` when a trusted proxy sends it), for
    /// the rate limit of callers without a key.
    func httpServer() -> HTTPServerBuilder {
        let limits = HTTP1Channel.Configuration(
            idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: configuration.maximumHeaderBytes, maxHeaderListSize: configuration.maximumHeaderBytes,
                                            maxHeaderFieldCount: 100))
        let trusted = configuration.trustedProxies
        return HTTPServerBuilder { responder in
            HTTP1Channel(responder: { request, writer, channel in
                let address = ClientAddress.of(request, peer: channel.remoteAddress?.ipAddress, trustedProxies: trusted)
                try await responder(ClientAddress.tagged(request, address: address), writer, channel)
            }, configuration: limits)
        }
    }

    /// Serves until one of `signals` (SIGTERM and SIGINT), then stops listening, answers `/readyz` 503 and lets the
    /// requests in flight finish for up to `shutdownGrace` seconds; past it they are cancelled. Returns (exit 0)
    /// once the server is down.
    public func run(signals: [UnixSignal] = [.sigterm, .sigint], onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        do {
            try await serviceGroup(signals: signals, router: router(), onServerRunning: onServerRunning).run()
        } catch where shutdown.hasBegun {
            // Past the grace the group cancels what still runs; that is the end asked for, not a failure.
            logger.warning("shut down past the grace", metadata: ["grace_s": "\(configuration.shutdownGrace)"])
        }
        logger.info("shut down")
    }

    /// The application and the shutdown watcher in one group with the configured grace.
    func serviceGroup(signals: [UnixSignal], router: Router<BasicRequestContext>, onServerRunning: @escaping @Sendable (Int) async -> Void) -> ServiceGroup {
        var group = ServiceGroupConfiguration(
            services: [.init(service: application(router: router, onServerRunning: onServerRunning)),
                       .init(service: ShutdownWatcher(state: shutdown), successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: signals, logger: logger)
        group.maximumGracefulShutdownDuration = .milliseconds(Int64(configuration.shutdownGrace * 1000))
        return ServiceGroup(configuration: group)
    }
}
