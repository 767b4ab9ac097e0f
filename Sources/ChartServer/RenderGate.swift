import ChartModel
import Foundation
import Hummingbird
import NIOPosix
import Support

/// At most `limit` renders at once on this replica: one more is refused 503 with `Retry-After` at once, never queued,
/// so a burst cannot pile up memory or latency behind the cores.
///
/// The renders run on NIO's blocking pool (one thread a core, shared by the process), never on the event loops
/// nor on new threads. A place is given back when the render itself ends, not when its request gives up: a request
/// cancelled by its deadline (or a closed connection) is answered at once, but the render it started keeps its
/// place until the pool is done with it, so abandoned work can never add up beyond `limit`. A render still waiting
/// for a pool thread when its request gives up is skipped.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RenderGate: Sendable {
    let limit: Int
    private let running = Locked(0)
    private let pool: NIOThreadPool

    init(limit: Int, pool: NIOThreadPool = .singleton) {
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
        let outcome = Outcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard outcome.attach(continuation) else { return }
                pool.submit { state in
                    defer { release() }
                    guard state == .active, !outcome.isSettled else {
                        outcome.settle(.failure(CancellationError()))
                        return
                    }
                    outcome.settle(Result { try body() })
                }
            }
        } onCancel: {
            outcome.settle(.failure(CancellationError()))
        }
    }
}

/// The one answer a render's caller gets: the render's result or the cancellation, whichever comes first.
private final class Outcome<T: Sendable>: Sendable {
    private enum State {
        case waiting
        case attached(CheckedContinuation<T, any Error>)
        case settled
        case settledEarly(Result<T, any Error>)
    }

    private let state = Locked(State.waiting)

    /// Whether the answer is given (or the caller gone).
    var isSettled: Bool {
        state.withLock { state in
            switch state {
            case .waiting, .attached: false
            case .settled, .settledEarly: true
            }
        }
    }

    /// Keeps `continuation` for the answer; false (and the continuation resumed) when it came before.
    func attach(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let early: Result<T, any Error>? = state.withLock { state in
            if case .settledEarly(let result) = state {
                state = .settled
                return result
            }
            state = .attached(continuation)
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Gives `result` to the caller, unless an answer was given already.
    func settle(_ result: Result<T, any Error>) {
        let continuation: CheckedContinuation<T, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .settledEarly(result)
                return nil
            case .attached(let continuation):
                state = .settled
                return continuation
            case .settled, .settledEarly:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
