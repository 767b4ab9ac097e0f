/// Limits of one download of an API's chart image.
public struct FetchPolicy: Sendable, Hashable {
    /// Seconds for the whole fetch, retries and waits included: the user gets a chart by then.
    public var budget: Double = 5
    /// Seconds to open a connection, and at most the budget.
    public var connectTimeout: Double = 2
    /// Seconds the server may stay silent while sending.
    public var readTimeout: Double = 2
    /// Largest body accepted, enforced while it streams in.
    public var maximumBytes = 5 * 1024 * 1024
    /// Redirects followed at most, each target checked before it is followed; loops are detected.
    public var maximumRedirects = 3
    /// Tries in all, for timeouts, connection errors, 5xx and 429.
    public var maximumAttempts = 4
    /// Wait before the first retry in seconds, doubling after each.
    public var backoff: Double = 0.2

    /// The defaults: 5 s in all, 2 s to connect and between reads, 5 MB, 3 redirects, 4 tries from 0.2 s.
    public init() {}
}
