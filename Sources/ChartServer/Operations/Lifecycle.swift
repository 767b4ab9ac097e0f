import ChartModel
import Foundation
import Hummingbird
import ServiceLifecycle
import Support

/// Whether the server has begun to shut down: from then on `/readyz` answers 503, so a load balancer stops sending
/// it work while the requests in flight finish.
final class ShutdownState: Sendable {
    private let began = Locked(false)
    /// Told when the shutdown begins, for those waiting for it.
    let changes = ChangeSignal()

    /// Whether SIGTERM or SIGINT (or the group's graceful shutdown) has come.
    var hasBegun: Bool { began.withLock { $0 } }

    /// Notes that it has.
    func begin() {
        began.withLock { $0 = true }
        changes.changed()
    }
}

/// A service that only waits for the group's graceful shutdown and notes it. Listed after the application, it is
/// told first (a group shuts its services down in reverse order), before the server stops listening.
struct ShutdownWatcher: Service {
    let state: ShutdownState

    func run() async throws {
        do {
            try await gracefulShutdown()
            state.begin()
        } catch {
            // Cancelled: the group is ending because a service failed (the port taken, say), not shutting down.
        }
    }
}

/// Once the server is stopping, every answer says `Connection: close`: the last answer on a kept-alive connection
/// tells the balancer not to send another request down it, so the balancer moves to another replica instead of
/// meeting a connection closed under its next request. (Hummingbird closes each connection after its answer in
/// flight, and idle ones at once, without saying so.)
@available(macOS 14, iOS 17, tvOS 17, *)
struct ClosingWhenStoppingMiddleware<Context: RequestContext>: RouterMiddleware {
    let shutdown: ShutdownState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            if shutdown.hasBegun { response.headers[.connection] = "close" }
            return response
        } catch var problem as Problem where shutdown.hasBegun {
            problem.headers[.connection] = "close"
            throw problem
        }
    }
}
