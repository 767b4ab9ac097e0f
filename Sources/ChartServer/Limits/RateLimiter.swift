import ChartModel
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Support

/// A token bucket per caller, on this replica: each holds up to `burst` tokens, refills at `ratePerSecond`, and a
/// request takes one; an empty bucket answers 429 with `Retry-After` (the whole seconds until a token is back).
///
/// The table stays bounded: a bucket that has refilled is the same as none, so idle buckets are dropped when the
/// table is full; at `capacity` with no idle one, the least recently used goes (its caller gets a fresh burst, the
/// price of bounded memory). Callers are told apart by `RateKey`s, never by their raw credentials. Time comes from
/// `now` (seconds on any monotonic scale), so tests drive it by hand.
public final class RateLimiter: Sendable {
    /// Tokens a second.
    public let ratePerSecond: Double
    /// The bucket's size.
    public let burst: Int
    /// The most buckets kept.
    public let capacity: Int
    private let now: @Sendable () -> Double
    private let buckets = Locked([RateKey: Bucket]())

    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    /// A limiter of `ratePerSecond` and `burst` for at most `capacity` callers at once, on the clock `now`
    /// (the system's monotonic clock by default).
    public init(ratePerSecond: Double, burst: Int, capacity: Int = 10_000,
                now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.ratePerSecond = ratePerSecond
        self.burst = max(1, burst)
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// Takes a token from `key`'s bucket: nil when there was one, else the seconds until there is.
    public func take(for key: RateKey) -> Double? {
        let time = now()
        return buckets.withLock { table -> Double? in
            var bucket = table[key] ?? Bucket(tokens: Double(burst), updated: time)
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, time - bucket.updated) * ratePerSecond)
            bucket.updated = time
            guard bucket.tokens >= 1 else {
                table[key] = bucket
                return (1 - bucket.tokens) / ratePerSecond
            }
            bucket.tokens -= 1
            if table[key] == nil && table.count >= capacity { makeRoom(in: &table, at: time) }
            table[key] = bucket
            return nil
        }
    }

    /// Buckets kept now.
    public var count: Int { buckets.withLock { $0.count } }

    /// Drops the buckets that have refilled by `time`; if none has, the one least recently used.
    private func makeRoom(in table: inout [RateKey: Bucket], at time: Double) {
        let refill = Double(burst) / ratePerSecond
        table = table.filter { time - $0.value.updated < refill }
        if table.count >= capacity, let oldest = table.min(by: { $0.value.updated < $1.value.updated })?.key {
            table[oldest] = nil
        }
    }
}

/// Whom a request counts against: a hash of a credential this server knows (the `Authorization`,
/// `x-astrologyapi-key` or `x-api-key` header's value), else the client's address. A credential the server does not
/// know counts as none, so a caller cannot mint fresh buckets by sending made-up keys.
public struct RateKey: Hashable, Sendable {
    private let digest: [UInt8]

    /// The key of `text`, a credential or an address, as a SHA-256 prefix: the raw text is never kept.
    init(_ kind: String, _ text: String) {
        digest = Array(SHA256.hash(data: Data((kind + "\u{0}" + text).utf8)).prefix(16))
    }

    /// The headers whose value is a credential.
    static let credentialHeaders: [HTTPField.Name] = [.authorization, HTTPField.Name("x-astrologyapi-key")!, HTTPField.Name("x-api-key")!]

    /// The keys of every credential in `keys`, as their headers carry them.
    static func known(in keys: APIKeys) -> Set<RateKey> {
        var values: [String] = keys.v1.map { "Bearer " + $0 } + keys.freeAstrologyAPI
        for account in keys.astrologyAPI {
            values.append(account.apiKey)
            values.append("Basic " + Data("\(account.userID):\(account.apiKey)".utf8).base64EncodedString())
        }
        return Set(values.map { RateKey("credential", $0) })
    }

    /// The key of `headers`' first known credential, else of `address`.
    static func of(_ headers: HTTPFields, address: String?, known: Set<RateKey>) -> RateKey {
        if !known.isEmpty {
            for name in credentialHeaders {
                for value in headers[values: name] {
                    let key = RateKey("credential", normalized(value))
                    if known.contains(key) { return key }
                }
            }
        }
        return RateKey("address", address ?? "unknown")
    }

    /// `bearer x` as `Bearer x`: the scheme's case does not make another caller.
    private static func normalized(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else { return trimmed }
        let scheme = trimmed[..<space].lowercased()
        let rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        switch scheme {
        case "bearer": return "Bearer " + rest
        case "basic": return "Basic " + rest
        default: return trimmed
        }
    }
}

/// Takes a token for every request but the operations routes' (probes and scrapes must not starve or be starved),
/// answering 429 problem+json with `Retry-After` when the caller's bucket is empty.
@available(macOS 14, iOS 17, tvOS 17, *)
struct RateLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limiter: RateLimiter
    let known: Set<RateKey>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if OperationsPaths.exempt(request.uri.path) { return try await next(request, context) }
        let key = RateKey.of(request.headers, address: request.headers[ClientAddress.header], known: known)
        if let wait = limiter.take(for: key) {
            ServerMetrics.rejected(.rate)
            let seconds = max(1, Int(wait.rounded(.up)))
            throw Problem(.tooManyRequests,
                          "more than \(limiter.burst) requests at once or \(plainNumber(limiter.ratePerSecond)) a second from one caller; retry in \(seconds) s",
                          headers: [.retryAfter: String(seconds)])
        }
        return try await next(request, context)
    }
}
