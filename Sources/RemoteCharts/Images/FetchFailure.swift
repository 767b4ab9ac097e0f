import ChartModel
import Support
import WheelRaster

/// Why the API's image could not be used: a case a caller can match, with its data. `description` words it for
/// the `source: fallback (…)` line; nothing reads the words back.
public indirect enum FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    // The API's wheel answer.
    /// No answer to read: none was given, or the call for it failed.
    case noResponse
    /// The answer is empty (`empty: true`) or not a JSON object.
    case unreadableResponse(empty: Bool)
    /// The answer's own `status` says it failed, with its message if it has one.
    case apiStatus(String, message: String?)
    /// The answer's `statusCode` is not a success.
    case apiStatusCode(Int)
    case noChartURL
    /// A chart URL or a redirect's target that is not followed: `what` names it, `problem` says why.
    case refusedURL(what: String, problem: String, url: String)

    // The download.
    /// The image's server answered with this status: 404, or a 429 or 5xx that was tried again.
    case http(status: Int)
    case redirectWithoutLocation(status: Int)
    case tooManyRedirects(limit: Int)
    case redirectLoop
    /// Longer than the policy allows: `bytes` when the server said so before sending.
    case bodyTooLarge(bytes: Int?, limit: Int)
    /// The request's own deadline passed.
    case timeout
    /// No connection within the connect timeout: the server never saw the request.
    case connectTimeout
    /// The server stayed silent longer than the read timeout.
    case readTimeout
    /// Nothing listens there: the server never saw the request.
    case connectionRefused
    /// The connection failed otherwise (reset, TLS, DNS), in the network stack's words.
    case connectionFailed(String)

    // Retries and the budget.
    /// The last failure of several tries.
    case afterTries(FetchFailure, tries: Int)
    /// The budget ran out while a try was still running, or before one could start.
    case outOfTime(budget: Duration)
    /// The server asked for a wait (`Retry-After`) longer than the budget has left.
    case retryAfterBeyondBudget(FetchFailure, wait: Duration)
    /// The budget ran out while waiting to try again after this failure.
    case stillFailingAtBudget(FetchFailure, budget: Duration)

    // The image.
    /// The body is no image: empty, of another type (`text/html`), or SVG that is not UTF-8.
    case notAnImage(String)
    case unusablePNG(RasterError)
    case svgDoesNotRender(RasterError)
    case cannotEncode(RasterError)
    /// An SVG image, and `UnsafeSVGHandling.refuse` says not to read those.
    case svgRefused
    case cssNestsTooDeep(levels: Int)
    case cssExpandsTooMuch(bytes: Int)
    /// An SVG image whose estimated drawing time is over half the time `left` of the budget: refused undrawn.
    case svgTooCostly(SVGDrawingCost, left: Duration)
    /// An SVG image still drawing when the `budget` ran out; its drawing runs on to its end on its own thread.
    case svgDrawTimeout(budget: Duration)
    /// `running` earlier SVG images (abandoned ones among them) were still drawing when the `budget` ran out,
    /// so this one was never started.
    case svgDrawersBusy(running: Int, budget: Duration)

    // Not asked.
    /// Offline: with no cache at all (`cacheConfigured: false`), or nothing cached for this chart.
    case offline(cacheConfigured: Bool)
    /// The service's wheel endpoint gave no answer: why, as the service's clients say it.
    case service(ServiceError)

    /// The failure in words, as the status line quotes it.
    public var description: String {
        oneLine(text)
    }

    private var text: String {
        switch self {
        case .noResponse: "no API response"
        case .unreadableResponse(let empty): empty ? "empty API response" : "API response is not a JSON object"
        case .apiStatus(let status, let message):
            "API status \(oneLine(status, limit: 40))" + (message.map { ": \(oneLine($0, limit: 120))" } ?? "")
        case .apiStatusCode(let code): "API statusCode \(code)"
        case .noChartURL: "API response has no chart URL"
        case .refusedURL(let what, let problem, let url): "\(what) \(problem): \(oneLine(url, limit: 80))"
        case .http(let status): "HTTP \(status)"
        case .redirectWithoutLocation(let status): "HTTP \(status) without a Location"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .redirectLoop: "redirect loop"
        case .bodyTooLarge(let bytes?, let limit): "body of \(bytes) bytes is over the \(megabytes(limit)) limit"
        case .bodyTooLarge(nil, let limit): "body over the \(megabytes(limit)) limit"
        case .timeout: "timeout"
        case .connectTimeout: "connect timeout"
        case .readTimeout: "read timeout"
        case .connectionRefused: "connection failed: connection refused"
        case .connectionFailed(let detail): "connection failed: \(String(detail.prefix(160)))"
        case .afterTries(let failure, let tries): tries > 1 ? "\(failure.text) after \(tries) tries" : failure.text
        case .outOfTime(let budget): "timeout after \(formatted(budget)) s"
        case .retryAfterBeyondBudget(let failure, let wait): "\(failure.text), Retry-After \(formatted(wait)) s does not fit the budget"
        case .stillFailingAtBudget(let failure, let budget): "\(failure.text), still failing when the \(formatted(budget)) s budget ran out"
        case .notAnImage(let kind): "not an image: \(kind)"
        case .unusablePNG(let error): "unusable PNG: \(error.message)"
        case .svgDoesNotRender(let error): "not an image: SVG does not render (\(error.message))"
        case .cannotEncode(let error): "cannot encode the API's image: \(error.message)"
        case .svgRefused: "an SVG image, and SVG images are refused"
        case .cssNestsTooDeep(let levels): "CSS custom properties nest deeper than \(levels) levels"
        case .cssExpandsTooMuch(let bytes): "CSS custom properties expand the SVG by more than \(bytes >> 20) MB"
        case .svgTooCostly(let cost, let left):
            "API SVG too costly to draw: about \(String(format: "%.1f", cost.seconds)) s for \(cost.summary) at \(cost.width) px, "
                + "over half the \(formatted(max(left, .zero))) s left"
        case .svgDrawTimeout(let budget): "API SVG did not draw within the \(formatted(budget)) s budget"
        case .svgDrawersBusy(let running, let budget):
            "API SVG not drawn: \(running) earlier \(running == 1 ? "one" : "ones") still drawing when the \(formatted(budget)) s budget ran out"
        case .offline(let cacheConfigured): cacheConfigured ? "offline, and nothing cached for this chart" : "offline, and no cache"
        case .service(let error): error.description
        }
    }

    /// The failure of the last try, under what the retries and the budget made of it.
    public var underlying: FetchFailure {
        switch self {
        case .afterTries(let failure, _), .retryAfterBeyondBudget(let failure, _), .stillFailingAtBudget(let failure, _): failure.underlying
        default: self
        }
    }

    /// The HTTP status the last try got, if it got one.
    public var httpStatus: Int? {
        if case .http(let status) = underlying { status } else { nil }
    }

    /// A try that ran out of time, in the client's words (`timeout`, `connect timeout`, `read timeout`).
    public var isTimeout: Bool {
        switch underlying {
        case .timeout, .connectTimeout, .readTimeout: true
        default: false
        }
    }

    /// False when no connection was made, so the server never saw the request (and counted nothing).
    public var reachedServer: Bool {
        switch underlying {
        case .connectTimeout, .connectionRefused: false
        default: true
        }
    }
}

private func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1024 / 1024) }
