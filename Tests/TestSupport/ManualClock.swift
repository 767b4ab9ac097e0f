import ChartModel
import Foundation
import Support

/// A clock that moves only when a test moves it, so that waits of seconds (backoff, `Retry-After`, the rate
/// limit's window, a budget) take no real time and do not depend on how busy the machine is. Its `date` is a
/// wall clock that moves with it, for the settings' `now`.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        var id: UInt64
        var wake: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
    }

    private let state = Locked(State())
    /// Told as each sleep begins, for the tests waiting for one (`nextWake`).
    private let sleeps = ChangeSignal()
    /// The wall-clock moment at which this clock reads zero.
    public let start: Date

    public init(start: Date = Date()) { self.start = start }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// The wall clock that moves with this one.
    public var date: @Sendable () -> Date {
        { [self] in start.addingTimeInterval(Self.seconds(now.offset)) }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard deadline > state.now else { return true }
                    state.sleepers.append(Sleeper(id: id, wake: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() } else { sleeps.changed() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration`, waking every sleeper whose time has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.wake <= now }
            state.sleepers.removeAll { $0.wake <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// How far from now each sleeper wakes, soonest first.
    public var pendingWakes: [Duration] {
        state.withLock { state in state.sleepers.map { state.now.duration(to: $0.wake) }.sorted() }
    }

    /// The clock's reading in seconds, for the clocks that count in them.
    public var seconds: Double { Self.seconds(now.offset) }

    /// Waits until some task sleeps on this clock for at most `within`, and gives how long that sleep is; nil
    /// when the caller is cancelled. No polling and no real time: each new sleep looks at the waiting tests (a
    /// sleep that never comes is a hang, which the suite's hang guard names).
    public func nextWake(within: Duration) async -> Duration? {
        await sleeps.until { soonestWake.map { $0 <= within } ?? false }
        guard !Task.isCancelled, let soonest = soonestWake, soonest <= within else { return nil }
        return soonest
    }

    /// How far from now the next sleeper wakes; nil when none sleeps.
    private var soonestWake: Duration? { pendingWakes.first }

    /// Moves the clock to each short sleep as it comes (`within` or less from now), until `body` ends: waits for
    /// backoff, a `Retry-After` or the rate limit's window pass at once, while longer ones (a budget) hold.
    @discardableResult
    public func skippingWaits<Result: Sendable>(within: Duration, _ body: @Sendable () async throws -> Result) async rethrows -> Result {
        let driver = Task { [self] in
            while !Task.isCancelled {
                guard let soonest = await nextWake(within: within) else { continue }
                advance(by: max(soonest, .zero))
            }
        }
        defer { driver.cancel() }
        return try await body()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
