import BlockingWork
import ChartModel
import Foundation
import Hummingbird
import Support

/// At most `limit` renders at once on this replica: one more is refused 503 with `Retry-After` at once, never queued,
/// so a burst cannot pile up memory or latency behind the cores.
///
/// The renders run on the blocking pool the process shares (`BlockingPool.shared`), never on the event loops nor
/// on Swift's cooperative threads. A place is given back when the render itself ends, not when its request gives up: a request
/// cancelled by its deadline (or a closed connection) is answered at once, but the render it started keeps its
/// place until the pool is done with it, so abandoned work can never add up beyond `limit`. A render still waiting
/// for a pool thread when its request gives up is skipped.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RenderGate: Sendable {
    let limit: Int
    private let running = Locked(0)
    private let pool: BlockingPool

    init(limit: Int, pool: BlockingPool = .shared) {
        self.limit = limit
        self.pool = pool
    }

    /// Renders holding a place now (running, or abandoned by their request but not yet ended).
    var inFlight: Int { running.withLock { $0 } }

    /// `body`'s result, run on the blocking pool, if a place is free; else a 503 problem. Cancelling the calling
    /// task answers `CancellationError` at once.
    func render<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = running.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            ServerMetrics.rejected(.rendersFull)
            throw Problem(.serviceUnavailable, "\(limit) renders are running, as many as this server runs at once; retry in a second",
                          headers: [.retryAfter: "1"])
        }
        ServerMetrics.rendersInFlight.increment()
        let release: @Sendable () -> Void = { [running] in
            running.withLock { $0 -= 1 }
            ServerMetrics.rendersInFlight.decrement()
        }
        // The place is the job's from here: it gives it back when it ends, or at once if it never starts.
        return try await pool.run(releasing: release, body)
    }
}
