import Dispatch
import HTTPTypes
import Hummingbird
import Metrics
import Support

/// Every answer counted once, by route, method and status, in `hb_requests` and the `http_server_request_duration`
/// histogram, refusals (413, 429, 503) and errors included; and the requests being handled, by method. In place of
/// Hummingbird's `MetricsMiddleware`, which times only the answers a handler returns, not those thrown as errors
/// (a 429 was counted but never timed), and counts the thrown ones again in a series of its own.
@available(macOS 14, iOS 17, tvOS 17, *)
struct AnswerMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let cache = MetricsCache()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        let active = cache.active(request.method)
        active.increment()
        do {
            // Timed to the answer made (its body is in memory; writing it is the network's time, not the server's).
            let response = try await next(request, context)
            cache.answer(context.endpointPath ?? "Unknown", request.method, response.status).record(since: started)
            active.decrement()
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            cache.answer(context.endpointPath ?? "NotFound", request.method, status).record(since: started)
            active.decrement()
            throw error
        }
    }
}

/// The metrics of each route, method and status, made once: swift-metrics' factory looks each up under a lock.
private final class MetricsCache: Sendable {
    struct Answer: Sendable {
        let count: Counter
        let duration: Timer

        func record(since started: UInt64) {
            count.increment()
            duration.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - started))
        }
    }

    private struct Key: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: Int
    }

    private let answers = Locked<[Key: Answer]>([:])
    private let meters = Locked<[HTTPRequest.Method: Meter]>([:])

    func answer(_ route: String, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status) -> Answer {
        answers.withLock { answers in
            let key = Key(route: route, method: method, status: status.code)
            if let known = answers[key] { return known }
            let dimensions = [("http.route", route), ("http.request.method", method.rawValue), ("http.response.status_code", "\(status.code)")]
            let made = Answer(count: Counter(label: "hb.requests", dimensions: dimensions),
                              duration: Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds))
            answers[key] = made
            return made
        }
    }

    func active(_ method: HTTPRequest.Method) -> Meter {
        meters.withLock { meters in
            if let known = meters[method] { return known }
            let made = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)])
            meters[method] = made
            return made
        }
    }
}
