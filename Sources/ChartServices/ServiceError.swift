import ChartModel
import Foundation

/// Why a service gave no chart, in words a person can act on. Never holds a secret: every message passes
/// through the credentials' redaction before it is made.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, which decides the CLI's exit code and whether to retry.
    public enum Kind: Sendable, Equatable {
        /// No credentials configured, or the service rejected them (401, 403): never retried.
        case credentials
        /// The service says the plan's quota is used up (402).
        case quota
        /// Our limiter or the service (429) says wait; or the month's credits are used.
        case rateLimited
        /// The service could not be reached or kept failing (timeouts, 5xx) within the budget.
        case unavailable
        /// The service answered, but not with what was asked (a 4xx, or JSON of the wrong shape).
        case response
        /// The settings cannot work: an unreadable or unsafe config file, a bad base URL.
        case configuration
        /// Offline: the network was not to be used.
        case offline
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// What happened, in one line a person can act on, with no secret in it.
    public var message: String

    /// An error of `kind`, its message cut to one line.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = oneLine(message)
    }

    /// The message.
    public var description: String { message }
}
