import ChartModel
import Foundation
import Support

/// A failed try worth another: a timeout, a lost connection, a 5xx, a 429 (with how long the server asked us
/// to wait).
struct Retry: Error {
    var failure: FetchFailure
    var after: Duration?

    init(_ failure: FetchFailure, after: Duration? = nil) {
        self.failure = failure
        self.after = after
    }
}

/// How often to try and how long to wait in between.
struct RetrySchedule: Sendable {
    var maximumAttempts: Int
    /// The wait before the second try, doubling after each.
    var backoff: Duration
}

/// Runs `attempt` (given its number, from 1, and the failure of the try before) until it succeeds or throws
/// anything but a `Retry`, or until the tries or the time run out. It then throws a `FetchFailure` that says
/// what failed last and how often: `HTTP 503 after 3 tries`, `timeout after 5.0 s`,
/// `HTTP 429, Retry-After 60.0 s does not fit the budget`. Every wait ends at `deadline` on `clock`; so does a
/// try still running then. `budget` is the caller's whole budget, as the messages name it.
func withRetries<T: Sendable>(_ schedule: RetrySchedule, budget: Duration, deadline: ServiceClock.Instant, clock: ServiceClock,
                              _ attempt: @escaping @Sendable (_ number: Int, _ previous: FetchFailure?) async throws -> T) async throws -> T {
    let lastFailure = Locked<(FetchFailure, Int)?>(nil)
    let timeout = FetchFailure.outOfTime(budget: budget)
    do {
        return try await withTimeLimit(deadline: deadline, clock: clock) {
            var delay = schedule.backoff
            var tries = 1
            var previous: FetchFailure?
            while true {
                do {
                    return try await attempt(tries, previous)
                } catch let retry as Retry {
                    lastFailure.withLock { $0 = (retry.failure, tries) }
                    let remaining = deadline - clock.now
                    let pause = retry.after ?? delay
                    guard tries < schedule.maximumAttempts else { throw retry.failure.afterTries(tries) }
                    guard pause < remaining else {
                        if retry.after != nil { throw FetchFailure.retryAfterBeyondBudget(retry.failure.afterTries(tries), wait: pause) }
                        throw remaining <= .zero ? timeout : retry.failure.afterTries(tries)
                    }
                    try await clock.sleep(for: pause)
                    previous = retry.failure.afterTries(tries)
                    delay *= 2
                    tries += 1
                }
            }
        }
    } catch is TimeLimitReached {
        // Out of time during a retry: the failure that made us retry says more than the clock.
        // A try that was itself timing out says no more than the clock.
        guard let (failure, tries) = lastFailure.withLock({ $0 }), !failure.isTimeout else { throw timeout }
        throw FetchFailure.stillFailingAtBudget(failure.afterTries(tries), budget: budget)
    }
}

extension FetchFailure {
    /// `HTTP 500 after 3 tries`; the failure alone after one.
    func afterTries(_ tries: Int) -> FetchFailure {
        tries > 1 ? .afterTries(self, tries: tries) : self
    }
}

/// `5.0`: seconds as the messages write them.
func formatted(_ duration: Duration) -> String { String(format: "%.1f", duration.seconds) }

struct TimeLimitReached: Error {}

/// Runs `operation`, giving up with `TimeLimitReached` at `deadline` on `clock` whatever it is doing.
func withTimeLimit<T: Sendable>(deadline: ServiceClock.Instant, clock: ServiceClock,
                                _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(until: deadline)
            throw TimeLimitReached()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
