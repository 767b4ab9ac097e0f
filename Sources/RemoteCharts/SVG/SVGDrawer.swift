import BlockingWork
import ChartModel
import Foundation
import Support

/// Draws the API's SVG images on the blocking pool, at most `capacity` at once, and stops waiting for one at
/// its deadline.
///
/// librsvg 2.54 cannot stop a render once started, and a document can keep it busy for minutes. A caller waits
/// until the deadline and then falls back; the abandoned render runs on to its end, costing a core until then,
/// and holds its place among the `capacity` renders that may run at once. So abandoned renders never pile up:
/// with all places taken, the next SVG waits for one until its own deadline, then falls back without drawing.
final class SVGDrawer: Sendable {
    private struct State {
        var running = 0
        var waiting: [OneResult<Void>] = []
    }

    let capacity: Int
    private let clock: ServiceClock
    private let pool: BlockingPool
    private let state = Locked(State())

    init(capacity: Int, clock: ServiceClock, pool: BlockingPool = .shared) {
        self.capacity = max(1, capacity)
        self.clock = clock
        self.pool = pool
    }

    /// Renders running now, abandoned ones included.
    var running: Int { state.withLock { $0.running } }

    /// `work`'s result, computed on the pool once a place is free; `timeout` (a failure that names the budget)
    /// when the deadline comes first, `busy` when no place frees before it. Cancelling the caller stops the
    /// wait, not the work.
    func draw<T: Sendable>(deadline: ServiceClock.Instant, busy: FetchFailure, timeout: FetchFailure,
                           _ work: @escaping @Sendable () -> T) async throws -> T {
        try await acquire(deadline: deadline, busy: busy)
        // The place is the job's from here: it frees it when it ends, or at once if it never starts.
        let clock = self.clock
        return try await pool.run(releasing: { [self] in release() }, giveUp: {
            try await clock.sleep(until: deadline)
            return timeout
        }, work)
    }

    /// A place among the running renders, waited for until `deadline`.
    private func acquire(deadline: ServiceClock.Instant, busy: FetchFailure) async throws {
        let grant = OneResult<Void>()
        let granted = state.withLock { state in
            guard state.running < capacity else {
                state.waiting.append(grant)
                return false
            }
            state.running += 1
            return true
        }
        guard !granted else { return }
        let clock = self.clock
        let timer = Task {
            try await clock.sleep(until: deadline)
            grant.settle(.failure(busy))
        }
        defer { timer.cancel() }
        do {
            try await withTaskCancellationHandler {
                try await grant.value()
            } onCancel: {
                grant.settle(.failure(CancellationError()))
            }
        } catch {
            state.withLock { $0.waiting.removeAll { $0 === grant } }
            throw error
        }
    }

    /// Hands the place on to the first caller still waiting, else frees it.
    private func release() {
        state.withLock { state in
            while !state.waiting.isEmpty {
                if state.waiting.removeFirst().settle(.success(())) { return }
            }
            state.running -= 1
        }
    }
}
