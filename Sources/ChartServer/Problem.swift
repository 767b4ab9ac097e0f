import ChartModel
import Foundation
import Hummingbird
import Support

/// An error answered as `application/problem+json` (RFC 9457): the status, its title, and the same wording the
/// CLI prints for the same input (`birth.date: "1990-13-01" is not a date …`), with the field's path apart.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct Problem: HTTPResponseError, Sendable {
    /// The response's status.
    public var status: HTTPResponse.Status
    /// What went wrong, in the CLI's words.
    public var detail: String
    /// The path of the offending field in the request (`birth.latitude`), when there is one.
    public var field: String?
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields

    /// A problem of `status` saying `detail` about `field`.
    public init(_ status: HTTPResponse.Status, _ detail: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.detail = detail
        self.field = field
        self.headers = headers
    }

    /// A rejected input: 400 (or 422 when the JSON was well formed), with the error's path after `prefix`
    /// (`chart.`, `outer.`, nothing for the body itself); 404 for a name that matches nothing, 409 for fields
    /// valid alone but not together (`ChartError.Kind`).
    public init(_ error: ChartError, in prefix: String = "", status: HTTPResponse.Status = .unprocessableContent) {
        let path = prefix.isEmpty ? error.path : error.path.isEmpty ? String(prefix.dropLast()) : prefix + error.path
        let status: HTTPResponse.Status = switch error.kind {
        case .invalid: status
        case .notFound: .notFound
        case .conflict: .conflict
        }
        self.init(status, path.isEmpty ? error.message : "\(path): \(error.message)", field: path.isEmpty ? nil : path)
    }

    /// The JSON body: `type`, `title`, `status`, `detail` and `field`.
    public var json: Data {
        var members: [String: JSONText] = ["type": "about:blank", "title": .string(status.reasonPhrase), "status": .int(status.code), "detail": .string(detail)]
        if let field { members["field"] = .string(field) }
        return JSONText.sorted(members).data
    }

    /// The response Hummingbird sends for it: on a drop-in's path (a limit's 429 or 503 there), in its service's
    /// error shape, which its callers read.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        if let service = DropInService(path: request.uri.path) {
            return ChartServer.serviceError(service, status, detail, headers: headers)
        }
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }
}

/// Every error out of the routes as `application/problem+json`: Hummingbird's own (404 for an unknown route, 413 for
/// a body too large) and an unexpected one (500, its text in the log, never in the answer).
@available(macOS 14, iOS 17, tvOS 17, *)
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods each path takes, for the 405 of a path taken by other methods (nil: every unknown is 404).
    var methods: RouteMethods?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            throw problem
        } catch let error as any HTTPResponseError where error.status == .notFound {
            let allowed = (methods?.methods(for: request.uri.path) ?? []).map(\.rawValue).joined(separator: ", ")
            guard !allowed.isEmpty else { throw Problem(.notFound, Self.detail(for: .notFound, request: request)) }
            throw Problem(.methodNotAllowed, "\(request.method) is not allowed on \(quote(request.uri.path)); it takes \(allowed)",
                          headers: [.allow: allowed])
        } catch let error as any HTTPResponseError {
            if error.status == .contentTooLarge { ServerMetrics.rejected(.bodyTooLarge) }
            throw Problem(error.status, Self.detail(for: error.status, request: request))
        } catch is CancellationError {
            // Cut at the end of the shutdown grace (or its client gone): not the server failing.
            throw Problem(.serviceUnavailable, "the request was cut short: the server is shutting down; retry", headers: [.retryAfter: "1"])
        } catch {
            context.logger.error("internal error", metadata: ["error": "\(String(describing: type(of: error)))"])
            throw Problem(.internalServerError, "the server failed to answer; the log has the request id")
        }
    }

    private static func detail(for status: HTTPResponse.Status, request: Request) -> String {
        switch status {
        case .notFound: "no route \(request.method) \(quote(request.uri.path)); the routes are in /openapi.json"
        case .methodNotAllowed: "\(request.method) is not allowed on \(quote(request.uri.path))"
        case .contentTooLarge: "the request body is larger than the server takes"
        default: status.reasonPhrase
        }
    }
}
