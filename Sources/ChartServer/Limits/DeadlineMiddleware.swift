import Foundation
import HTTPTypes
import Hummingbird
import Support

/// A request not answered within `seconds` is answered 503 problem+json with `Retry-After`, and its work is
/// cancelled: reading the body stops, a render not yet started is skipped and one running gives its answer to no
/// one (the render gate keeps its place until it ends, so the work stays bounded). The time is `clock`'s (the
/// server's: the continuous clock, or a test's).
@available(macOS 14, iOS 17, tvOS 17, *)
struct DeadlineMiddleware<Context: RequestContext>: RouterMiddleware {
    let seconds: Double
    let clock: any Clock<Duration>

    private enum Outcome: Sendable {
        case answered(Response)
        case overran
    }

    /// What the child task needs of the caller's frame, which it outlives only in the type system: the group ends
    /// before `handle` returns.
    private struct Call: @unchecked Sendable {
        let next: (Request, Context) async throws -> Response
        let request: Request
        let context: Context
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if OperationsPaths.exempt(request.uri.path) { return try await next(request, context) }
        let seconds = seconds, clock = clock
        return try await withoutActuallyEscaping(next) { next in
            let call = Call(next: next, request: request, context: context)
            return try await withThrowingTaskGroup(of: Outcome.self) { group in
                group.addTask { .answered(try await call.next(call.request, call.context)) }
                group.addTask {
                    try await clock.sleep(for: .seconds(seconds))
                    return .overran
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                switch first {
                case .answered(let response):
                    return response
                case .overran:
                    ServerMetrics.rejected(.timeout)
                    context.logger.notice("request overran its deadline", metadata: ["deadline_s": "\(seconds)"])
                    throw Problem(.serviceUnavailable, "the request took longer than \(plainNumber(seconds)) s, the most this server gives one; retry later",
                                  headers: [.retryAfter: "1"])
                }
            }
        }
    }
}

/// The operations routes: probes, scrapes and the API's description, which neither take a rate token nor run under
/// the deadline.
enum OperationsPaths {
    /// `/healthz`, `/readyz`, `/metrics` and `/openapi.json`.
    static let all: Set<String> = ["/healthz", "/readyz", "/metrics", "/openapi.json"]

    /// Whether `path` is one of them.
    static func exempt(_ path: String) -> Bool { all.contains(path) }
}

/// The client's address, as the connection gives it, carried to the middleware in a request header of the server's
/// own (a client's header of that name is dropped first, so it cannot be forged).
@available(macOS 14, iOS 17, tvOS 17, *)
enum ClientAddress {
    /// The header's name.
    static let header = HTTPField.Name("x-wheel-client-address")!

    /// The client's address: the connection's `peer`, or, when the peer is one of `trustedProxies`, the last address
    /// of the `X-Forwarded-For` it sent (the one it appended: the client as the proxy saw it).
    static func of(_ request: Request, peer: String?, trustedProxies: Set<String>) -> String? {
        guard let peer, trustedProxies.contains(peer) else { return peer }
        let forwarded = request.headers[values: forwardedFor].joined(separator: ",")
        let last = forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return last.isEmpty ? peer : last
    }

    /// `X-Forwarded-For`.
    static let forwardedFor = HTTPField.Name("x-forwarded-for")!

    /// `request` with the header set to `address` (or removed when there is none).
    static func tagged(_ request: Request, address: String?) -> Request {
        var head = request.head
        head.headerFields[values: header] = []
        if let address { head.headerFields[header] = address }
        return Request(head: head, body: request.body)
    }
}
