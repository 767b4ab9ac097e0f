import Foundation
import NIOConcurrencyHelpers

/// A failed try worth another: a timeout, a lost connection, a 5xx, a 429 (with how long the server asked us
/// to wait).
package struct Retry: Error {
    package var failure: FetchFailure
    package var after: Double?
    /// False when no connection was made, so the server never saw the request (and counted nothing).
    package var reachedServer: Bool

    package init(_ failure: FetchFailure, after: Double? = nil, reachedServer: Bool = true) {
        self.failure = failure
        self.after = after
        self.reachedServer = reachedServer
    }
}

/// How often to try and how long to wait in between.
package struct RetrySchedule: Sendable {
    package var maximumAttempts: Int
    /// Seconds before the second try, doubling after each.
    package var backoff: Double

    package init(maximumAttempts: Int, backoff: Double) {
        self.maximumAttempts = maximumAttempts
        self.backoff = backoff
    }
}

/// Runs `attempt` (given its number, from 1) until it succeeds or throws anything but a `Retry`, or until the
/// tries or the time run out. It then throws a `FetchFailure` that says what failed last and how often:
/// `HTTP 503 after 3 tries`, `timeout after 5.0 s`, `HTTP 429, Retry-After 60.0 s does not fit the budget`.
/// Every wait ends at `deadline`; so does a try still running then.
package func withRetries<T: Sendable>(_ schedule: RetrySchedule, budget: Double, deadline: ContinuousClock.Instant,
                                      _ attempt: @escaping @Sendable (Int) async throws -> T) async throws -> T {
    let clock = ContinuousClock()
    let lastFailure = NIOLockedValueBox<(FetchFailure, Int)?>(nil)
    let timeout = FetchFailure("timeout after \(formatted(budget)) s")
    do {
        return try await withTimeLimit(deadline: deadline, clock: clock) {
            var delay = schedule.backoff
            var tries = 1
            while true {
                do {
                    return try await attempt(tries)
                } catch let retry as Retry {
                    lastFailure.withLockedValue { $0 = (retry.failure, tries) }
                    let remaining = seconds(deadline - clock.now)
                    let pause = retry.after ?? delay
                    guard tries < schedule.maximumAttempts else { throw retry.failure.afterTries(tries) }
                    guard pause < remaining else {
                        if retry.after != nil {
                            throw FetchFailure("\(retry.failure.afterTries(tries).reason), Retry-After \(formatted(pause)) s does not fit the budget")
                        }
                        throw remaining <= 0 ? timeout : retry.failure.afterTries(tries)
                    }
                    try await Task.sleep(for: .seconds(pause))
                    delay *= 2
                    tries += 1
                }
            }
        }
    } catch is TimeLimitReached {
        // Out of time during a retry: the failure that made us retry says more than the clock.
        // A try that was itself timing out says no more than the clock.
        guard let (failure, tries) = lastFailure.withLockedValue({ $0 }), !failure.reason.hasSuffix("timeout") else { throw timeout }
        throw FetchFailure("\(failure.afterTries(tries).reason), still failing when the \(formatted(budget)) s budget ran out")
    }
}

extension FetchFailure {
    /// `HTTP 500 after 3 tries`; the reason alone after one.
    package func afterTries(_ tries: Int) -> FetchFailure {
        tries > 1 ? FetchFailure("\(reason) after \(tries) tries") : self
    }
}

package func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

package func formatted(_ value: Double) -> String { String(format: "%.1f", value) }

struct TimeLimitReached: Error {}

/// Runs `operation`, giving up with `TimeLimitReached` at `deadline` whatever it is doing.
func withTimeLimit<T: Sendable>(deadline: ContinuousClock.Instant, clock: ContinuousClock,
                                _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: clock)
            throw TimeLimitReached()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
