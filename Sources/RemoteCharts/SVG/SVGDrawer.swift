import ChartModel
import Foundation

/// Runs the drawing of the API's SVG images on threads of their own, and stops waiting for one at its deadline.
///
/// librsvg 2.54 cannot stop a render once started, and a document can keep it busy for minutes. A caller waits
/// until the deadline and then falls back; the abandoned render runs on to its end on its thread, costing a CPU
/// core until then, and holds its place among the `capacity` renders that may run at once. So abandoned renders
/// never pile up: with all places taken, the next SVG waits for one until its own deadline, then falls back
/// without drawing.
final class SVGDrawer: Sendable {
    private struct State {
        var running = 0
        var waiting: [FirstResult<Void>] = []
    }

    let capacity: Int
    private let clock: ServiceClock
    private let state = Locked(State())
    /// librsvg recurses as deep as the document nests (up to 256 elements, `use` references more): the stack of a
    /// main thread, not the half megabyte a secondary thread gets by default on Apple platforms.
    private static let stackSize = 8 << 20

    init(capacity: Int, clock: ServiceClock) {
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// Renders running now, abandoned ones included.
    var running: Int { state.withLock { $0.running } }

    /// `work`'s result, computed on a thread of its own once a place is free; `timeout` (a failure that
    /// names the budget) when the deadline comes first, `busy` when no place frees before it. Cancelling the
    /// caller stops the wait, not the work.
    func draw<T: Sendable>(deadline: ServiceClock.Instant, busy: FetchFailure, timeout: FetchFailure,
                           _ work: @escaping @Sendable () -> T) async throws -> T {
        try await acquire(deadline: deadline, busy: busy)
        let result = FirstResult<T>()
        let thread = Thread { [self] in
            let value = work()
            release()
            result.resolve(.success(value))
        }
        thread.stackSize = Self.stackSize
        thread.name = "API SVG drawing"
        thread.start()
        return try await wait(for: result, deadline: deadline, failure: timeout)
    }

    /// A place among the running renders, waited for until `deadline`.
    private func acquire(deadline: ServiceClock.Instant, busy: FetchFailure) async throws {
        let grant = FirstResult<Void>()
        let granted = state.withLock { state in
            guard state.running < capacity else {
                state.waiting.append(grant)
                return false
            }
            state.running += 1
            return true
        }
        guard !granted else { return }
        do {
            try await wait(for: grant, deadline: deadline, failure: busy)
        } catch {
            state.withLock { $0.waiting.removeAll { $0 === grant } }
            throw error
        }
    }

    /// Hands the place on to the first caller still waiting, else frees it.
    private func release() {
        state.withLock { state in
            while !state.waiting.isEmpty {
                if state.waiting.removeFirst().resolve(.success(())) { return }
            }
            state.running -= 1
        }
    }

    /// The result, or `failure` at `deadline`, or `CancellationError` when the caller is cancelled: what comes first.
    private func wait<T: Sendable>(for result: FirstResult<T>, deadline: ServiceClock.Instant, failure: FetchFailure) async throws -> T {
        let clock = self.clock
        let timer = Task {
            try await clock.sleep(until: deadline)
            result.resolve(.failure(failure))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await result.value()
        } onCancel: {
            result.resolve(.failure(CancellationError()))
        }
    }
}

/// A value that arrives once, from whichever side gets there first; later ones are dropped.
final class FirstResult<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiter: CheckedContinuation<T, any Error>?
    }

    private let state = Locked(State())

    /// Settles the value; false when it was already settled.
    @discardableResult
    func resolve(_ result: Result<T, any Error>) -> Bool {
        let waiter = state.withLock { state -> CheckedContinuation<T, any Error>?? in
            guard state.result == nil else { return .none }
            state.result = result
            defer { state.waiter = nil }
            return .some(state.waiter)
        }
        guard case .some(let continuation) = waiter else { return false }
        continuation?.resume(with: result)
        return true
    }

    /// The value, once settled.
    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let settled = state.withLock { state -> Result<T, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let settled { continuation.resume(with: settled) }
        }
    }
}
