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
/// on Swift's cooperative threads; a pool thread whose render ends runs the next one queued itself, so that a
/// queued render starts without waiting for an event loop and a thread's wake (at 64 connections on SVG wheels that
/// was a tenth of the throughput). A place is given back when the render itself ends, not when its request gives up:
/// a request cancelled by its deadline (or a closed connection) is answered at once, but the render it started keeps
/// its place until it ends, so abandoned work can never add up beyond `limit`. A render not yet started when its
/// request gives up is skipped; a request that gives up in the queue leaves it.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RenderGate: Sendable {
    let limit: Int
    /// The longest estimated wait a request is queued for, in seconds.
    let longestWait: Double
    /// No more requests wait than this, whatever the estimate (renders measured faster than they will be).
    static let mostWaiting = 4096
    private let state: Locked<State>
    private let pool: BlockingPool
    /// The time on the gate's clock since the gate was made, for its measures.
    private let elapsed: @Sendable () -> Duration
    /// Told each time a place is taken or given back and each time the queue grows or shrinks.
    let changes = ChangeSignal()

    private struct Waiter {
        let id: UInt64
        /// The request's render: its body run and its result settled, unless the request has given up; true if it ran.
        let run: @Sendable () -> Bool
        /// Answers the request without a render (its wait grew past the longest).
        let refuse: @Sendable (any Error) -> Void
    }

    private enum Admission {
        case now, queued
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
        var lastEnd: Duration?
    }

    /// A gate measuring its renders on `clock` (the continuous clock, or a test's).
    init(limit: Int, longestWait: Double = 1, pool: BlockingPool = .shared, clock: any Clock<Duration> = ContinuousClock()) {
        self.limit = limit
        self.longestWait = longestWait
        self.pool = pool
        elapsed = Self.stopwatch(on: clock)
        state = Locked(State())
    }

    /// The time on `clock` since this call, each time it is read.
    private static func stopwatch<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
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
        try Task.checkCancellation()
        let result = OneResult<T>()
        let run: @Sendable () -> Bool = {
            guard !result.isSettled else { return false }
            result.settle(Result { try body() })
            return true
        }
        // Decided under the lock, and the render queued there: a render ending may start it at once.
        let (id, admission) = state.withLock { state -> (UInt64, Admission) in
            state.nextID += 1
            if state.running < limit {
                state.running += 1
                return (state.nextID, .now)
            }
            let wait = wait(behind: state.waiting.count, state)
            guard wait > longestWait || state.waiting.count >= Self.mostWaiting else {
                state.waiting.append(Waiter(id: state.nextID, run: run, refuse: { result.settle(.failure($0)) }))
                return (state.nextID, .queued)
            }
            return (state.nextID, .refused(refusal(wait: wait, waiting: state.waiting.count)))
        }
        changes.changed()
        switch admission {
        case .now:
            ServerMetrics.rendersInFlight.increment()
            pool.start { [self] in runHoldingAPlace(run) }
        case .queued:
            break
        case .refused(let problem):
            ServerMetrics.rejected(.rendersFull)
            throw problem
        }
        return try await withTaskCancellationHandler {
            try await result.value()
        } onCancel: {
            // A request that gives up in the queue leaves it; a render already started runs on to its end (librsvg
            // cannot stop) and keeps its place until then, so abandoned work never adds up beyond `limit`.
            state.withLock { state in state.waiting.removeAll { $0.id == id } }
            changes.changed()
            result.settle(.failure(CancellationError()))
        }
    }

    /// Renders on one pool thread while it holds a place, from `first` on: at each render's end the place passes
    /// straight to the first in the queue, whose render this thread runs next, with no hop to an event loop and no
    /// thread woken between them; else the place is given back.
    private func runHoldingAPlace(_ first: @escaping @Sendable () -> Bool) {
        var next: (@Sendable () -> Bool)? = first
        while let run = next {
            let started = elapsed()
            let ran = run()
            next = release(rendered: ran ? elapsed() - started : nil)
        }
    }

    /// A render's end (`rendered` its time; nil when its request gave up before it started): the next render to run
    /// in its place, or nil with the place given back. Those queued whose wait, as now estimated, has grown past the
    /// longest are answered now, not left to time out.
    private func release(rendered: Duration?) -> (@Sendable () -> Bool)? {
        ServerMetrics.rendersInFlight.decrement()
        let (next, evicted) = state.withLock { state -> (Waiter?, [Waiter]) in
            let now = elapsed()
            if let rendered { state.meanRender += (rendered.seconds - state.meanRender) / 5 }
            // The gaps are measured only while requests wait, and forgotten when the gate falls idle: the next burst
            // may be other renders.
            guard !state.waiting.isEmpty else {
                state.running -= 1
                state.lastEnd = nil
                if state.running == 0 { state.meanGap = 0 }
                return (nil, [])
            }
            if let last = state.lastEnd { state.meanGap += ((now - last).seconds - state.meanGap) / 10 }
            state.lastEnd = now
            let next = state.waiting.removeFirst()
            // As many as fit the longest wait; all of them when the renders measured take no time (a test's clock).
            let fitting = (longestWait / step(state)).rounded(.down)
            let keep = fitting >= Double(state.waiting.count) ? state.waiting.count : Int(fitting)
            let evicted = Array(state.waiting[keep...])
            state.waiting.removeSubrange(keep...)
            return (next, evicted)
        }
        changes.changed()
        for waiter in evicted {
            ServerMetrics.rejected(.rendersFull)
            waiter.refuse(refusal(wait: longestWait))
        }
        guard let next else { return nil }
        ServerMetrics.rendersInFlight.increment()
        return next.run
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
