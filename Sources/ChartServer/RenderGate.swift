import BlockingWork
import ChartModel
import Foundation
import Hummingbird
import Support

/// At most `limit` renders at once on this replica; more wait their turn in a queue, first come first served, while
/// their estimated wait fits `longestWait`, and are refused 503 with `Retry-After` beyond it. A burst is answered
/// late by a few milliseconds rather than refused, and overload far past capacity is refused at once (never left to
/// time out), with memory bounded by the queue's bound.
///
/// The wait is estimated from the renders measured: a request with `k` ahead of it in the queue starts when `k + 1`
/// renders have ended, so after `(k + 1)` times the gap between two renders ending. That gap is measured while
/// renders wait (the gate full), and is at least a render's time over `limit` (exponentially weighted means, a
/// tenth and a fifth for the newest): under overload the answers refused take the cores too, and renders end
/// further apart than their own time says. Waiting requests whose estimated wait grows past `longestWait` are
/// refused then, so that none is left to time out when the estimate was low.
///
/// The renders run on the blocking pool the process shares (`BlockingPool.shared`), never on the event loops nor
/// on Swift's cooperative threads. A place is given back when the render itself ends, not when its request gives up: a request
/// cancelled by its deadline (or a closed connection) is answered at once, but the render it started keeps its
/// place until the pool is done with it, so abandoned work can never add up beyond `limit`. A render still waiting
/// for a pool thread when its request gives up is skipped; a request that gives up in the queue leaves it.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RenderGate: Sendable {
    let limit: Int
    /// The longest estimated wait a request is queued for, in seconds.
    let longestWait: Double
    /// No more requests wait than this, whatever the estimate (renders measured faster than they will be).
    static let mostWaiting = 4096
    private let state: Locked<State>
    private let pool: BlockingPool

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private enum Admission {
        case now, queued, cancelled
        case refused(Problem)
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// Seconds a render takes, as measured. The first guess is a slow one (a large PNG on a busy core): a burst
        /// met before any render is measured is queued no deeper than that allows.
        var meanRender = 0.05
        /// Seconds between two renders ending while others waited, and when the last ended.
        var meanGap = 0.0
        var lastEnd: ContinuousClock.Instant?
    }

    init(limit: Int, longestWait: Double = 1, pool: BlockingPool = .shared) {
        self.limit = limit
        self.longestWait = longestWait
        self.pool = pool
        state = Locked(State())
    }

    /// Renders holding a place now (running, or abandoned by their request but not yet ended).
    var inFlight: Int { state.withLock { $0.running } }

    /// Requests waiting for a place.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// Whether a render asked for now would be run or queued rather than refused.
    var admitsMore: Bool { state.withLock { $0.running < limit || wait(behind: $0.waiting.count, $0) <= longestWait } }

    /// `body`'s result, run on the blocking pool once a place is free; a 503 problem when the wait for one would be
    /// longer than `longestWait`. Cancelling the calling task answers `CancellationError` at once.
    func render<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await admission()
        ServerMetrics.rendersInFlight.increment()
        let started = ContinuousClock.now
        let release: @Sendable () -> Void = { [self] in
            ServerMetrics.rendersInFlight.decrement()
            let (next, evicted) = state.withLock { state -> (Waiter?, [Waiter]) in
                let now = ContinuousClock.now
                state.meanRender += ((now - started).seconds - state.meanRender) / 5
                // The place passes straight to the first in the queue, or is given back. The gaps are measured only
                // while requests wait, and forgotten when the gate falls idle: the next burst may be other renders.
                guard !state.waiting.isEmpty else {
                    state.running -= 1
                    state.lastEnd = nil
                    if state.running == 0 { state.meanGap = 0 }
                    return (nil, [])
                }
                if let last = state.lastEnd { state.meanGap += ((now - last).seconds - state.meanGap) / 10 }
                state.lastEnd = now
                let next = state.waiting.removeFirst()
                // Those whose wait, as now estimated, has grown past the longest (the estimate moves with every render)
                // are answered now, not left to time out.
                let keep = min(state.waiting.count, Int((longestWait / step(state)).rounded(.down)))
                let evicted = Array(state.waiting[keep...])
                state.waiting.removeSubrange(keep...)
                return (next, evicted)
            }
            next?.continuation.resume()
            for waiter in evicted {
                ServerMetrics.rejected(.rendersFull)
                waiter.continuation.resume(throwing: refusal(wait: longestWait))
            }
        }
        // The place is the job's from here: it gives it back when it ends, or at once if it never starts.
        return try await pool.run(releasing: release, body)
    }

    /// Returns once this request holds a place: at once, or after its turn in the queue.
    private func admission() async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Decided under the lock, and the continuation queued there: a release may resume it at once.
                let admission = state.withLock { state -> Admission in
                    if Task.isCancelled { return .cancelled }
                    if state.running < limit {
                        state.running += 1
                        return .now
                    }
                    let wait = wait(behind: state.waiting.count, state)
                    guard wait > longestWait || state.waiting.count >= Self.mostWaiting else {
                        state.waiting.append(Waiter(id: id, continuation: continuation))
                        return .queued
                    }
                    return .refused(refusal(wait: wait, waiting: state.waiting.count))
                }
                switch admission {
                case .now: continuation.resume()
                case .queued: break
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .refused(let problem):
                    ServerMetrics.rejected(.rendersFull)
                    continuation.resume(throwing: problem)
                }
            }
        } onCancel: {
            let left = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            left?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The 503 of a request whose wait, estimated at `wait` seconds, is longer than the longest.
    private func refusal(wait: Double, waiting: Int? = nil) -> Problem {
        let queue = waiting.map { " and \($0) waiting" } ?? " and the queue's wait grew past \(Self.seconds(longestWait))"
        return Problem(.serviceUnavailable, "\(limit) renders are running\(queue), about \(Self.seconds(wait)) of work; retry later",
                       headers: [.retryAfter: "\(max(1, Int(wait.rounded(.up))))"])
    }

    /// The estimated wait of a request with `ahead` requests queued before it, every place taken.
    private func wait(behind ahead: Int, _ state: State) -> Double {
        Double(ahead + 1) * step(state)
    }

    /// The estimated seconds between two renders ending, every place taken.
    private func step(_ state: State) -> Double {
        max(state.meanGap, state.meanRender / Double(limit))
    }

    private static func seconds(_ value: Double) -> String {
        value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.1f s", value)
    }
}
