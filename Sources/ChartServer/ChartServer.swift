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

    /// Who may call what, as the start-up line says it: each API with keys, or open to anyone who reaches the port.
    public var accessSummary: String {
        let keys = configuration.apiKeys
        let apis: [(String, Int)] = [("/v1", keys.v1.count), ("AstrologyAPI's drop-ins", keys.astrologyAPI.count),
                                     ("FreeAstrologyAPI's drop-ins", keys.freeAstrologyAPI.count)]
        let open = apis.filter { $0.1 == 0 }.map(\.0), closed = apis.filter { $0.1 > 0 }.map { "\($0.0) (\($0.1) key\($0.1 == 1 ? "" : "s"))" }
        var parts: [String] = []
        if !closed.isEmpty { parts.append("keys guard " + closed.joined(separator: ", ")) }
        if !open.isEmpty { parts.append("open to anyone who reaches \(configuration.host):\(configuration.port): " + open.joined(separator: ", ")) }
        parts.append("signed wheel URLs to whoever holds one; /healthz, /readyz, /metrics and /openapi.json to all")
        return parts.joined(separator: "; ")
    }

    /// Every route, behind the middleware that turns every error into `application/problem+json`.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ProblemMiddleware())
        addOperationsRoutes(to: router)
        addV1Routes(to: router)
        addDropInRoutes(to: router)
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
