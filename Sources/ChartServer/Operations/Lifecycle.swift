import ChartModel
import Foundation
import ServiceLifecycle
import Support

/// Whether the server has begun to shut down: from then on `/readyz` answers 503, so a load balancer stops sending
/// it work while the requests in flight finish.
final class ShutdownState: Sendable {
    private let began = Locked(false)

    /// Whether SIGTERM or SIGINT (or the group's graceful shutdown) has come.
    var hasBegun: Bool { began.withLock { $0 } }

    /// Notes that it has.
    func begin() { began.withLock { $0 = true } }
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
