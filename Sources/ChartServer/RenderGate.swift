import ChartModel
import Foundation
import Hummingbird

/// At most `limit` renders at once on this replica: one more is refused 503 with `Retry-After` at once, never queued,
/// so a burst cannot pile up memory or latency behind the cores.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RenderGate: Sendable {
    let limit: Int
    private let running = Locked(0)

    init(limit: Int) { self.limit = limit }

    /// Renders in flight now.
    var inFlight: Int { running.withLock { $0 } }

    /// `body`'s result, run off the event loops, if a place is free; else a 503 problem.
    func render<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = running.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw Problem(.serviceUnavailable, "\(limit) renders are running, as many as this server runs at once; retry in a second",
                          headers: [.retryAfter: "1"])
        }
        defer { running.withLock { $0 -= 1 } }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
