import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `wheel serve`: the toolkit as an HTTP service. Our own API under `/v1`, AstrologyAPI's and FreeAstrologyAPI's
/// endpoints as drop-ins, signed wheel URLs any replica can render, and the operations routes. It keeps no state
/// between requests but its limits' counters, so it scales as replicas behind any load balancer.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ChartServer: Sendable {
    /// What it runs with.
    public let configuration: ServerConfiguration
    let logger: Logger
    let renders: RenderGate

    /// A server for `configuration`, logging to `logger` (swift-log's default handler when nil).
    public init(configuration: ServerConfiguration, logger: Logger? = nil) {
        self.configuration = configuration
        var logger = logger ?? Logger(label: "wheel-serve")
        if logger.logLevel == .info, let level = Logger.Level(rawValue: configuration.logLevel) { logger.logLevel = level }
        self.logger = logger
        renders = RenderGate(limit: configuration.rendersAtOnce)
    }

    /// Every route, behind the middleware that turns every error into `application/problem+json`.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ProblemMiddleware())
        addOperationsRoutes(to: router)
        addV1Routes(to: router)
        return router
    }

    /// The application on the configured address; `onServerRunning` is told the bound port (`port` 0 takes any).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "wheel-serve"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    /// Serves until SIGTERM or SIGINT, then lets the requests in flight finish.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onServerRunning: onServerRunning).runService()
    }
}
