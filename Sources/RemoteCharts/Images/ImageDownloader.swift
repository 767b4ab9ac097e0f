import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Downloads an image over http or https within the settings' limits: the caller's time budget with the connect
/// and read timeouts derived from it, a body cap enforced while streaming, a redirect limit, and retries with
/// exponential backoff for timeouts, connection errors and 5xx, and for 429 when its `Retry-After` fits the budget.
///
/// Built on AsyncHTTPClient (SwiftNIO): it runs the same on Linux and Apple platforms, streams bodies so the
/// cap holds without buffering a huge response, stops a request when its task is cancelled (as the deadline
/// does), and has redirect limits built in.
final class ImageDownloader: Sendable {
    struct Download: Sendable {
        var body: Data
        var contentType: String?
    }

    let settings: RemoteSettings
    let clock: ServiceClock
    private let client: HTTPClient

    init(settings: RemoteSettings, clock: ServiceClock) {
        self.settings = settings
        self.clock = clock
        client = HTTPClient.bounded(by: settings)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// The image at `url`, by `deadline`; `budget` is the caller's, as the messages name it.
    func download(_ url: URL, deadline: ServiceClock.Instant, budget: Duration) async throws -> Download {
        let url = try ImageURL.validated(url.absoluteString, what: "chart URL")
        do {
            return try await withRetries(RetrySchedule(maximumAttempts: settings.maximumAttempts, backoff: settings.backoff),
                                         budget: budget, deadline: deadline, clock: clock) { _, _ in
                try await self.once(url)
            }
        } catch let failure as FetchFailure {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw FetchFailure.connectionFailed("\(error)")
        }
    }

    private func once(_ start: URL) async throws -> Download {
        var url = start, visited: Set<String> = [start.absoluteString]
        while true {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "image/png, image/svg+xml;q=0.9, */*;q=0.1")
            let response = try await client.executeOnce(request)
            guard [301, 302, 303, 307, 308].contains(response.status.code) else { return try await body(of: response) }
            guard let location = response.headers.first(name: "Location") else { throw FetchFailure.redirectWithoutLocation(status: Int(response.status.code)) }
            guard visited.count <= settings.maximumRedirects else { throw FetchFailure.tooManyRedirects(limit: settings.maximumRedirects) }
            url = try ImageURL.redirect(location, from: url)
            guard visited.insert(url.absoluteString).inserted else { throw FetchFailure.redirectLoop }
        }
    }

    /// The body of a final response, within the size cap; a status that is not success is a failure or a retry.
    private func body(of response: HTTPClientResponse) async throws -> Download {
        let status = Int(response.status.code)
        switch status {
        case 200..<300: break
        case 429: throw Retry(.http(status: 429), after: response.headers.retryAfter ?? settings.backoff)
        case 500..<600: throw Retry(.http(status: status))
        default: throw FetchFailure.http(status: status)
        }
        let limit = settings.maximumImageBytes
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            throw FetchFailure.bodyTooLarge(bytes: length, limit: limit)
        }
        var body = Data()
        do {
            for try await chunk in response.body {
                body.append(contentsOf: chunk.readableBytesView)
                if body.count > limit {
                    throw FetchFailure.bodyTooLarge(bytes: nil, limit: limit)
                }
            }
        } catch let failure as FetchFailure {
            throw failure
        } catch let error as HTTPClientError where error == .readTimeout {
            throw Retry(.readTimeout)
        }
        return Download(body: body, contentType: response.headers.first(name: "Content-Type"))
    }
}

extension HTTPClient {
    /// A client whose timeouts are the settings' (derived from the budget), that follows no redirect (the caller
    /// checks every target first) and fails a refused connection at once: the caller's own schedule tries again
    /// with the budget in view, where the client's own retries would spend the connect timeout on every try.
    static func bounded(by settings: RemoteSettings) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(Int64(settings.connectTimeout.seconds * 1e9)),
                           read: .nanoseconds(Int64(settings.readTimeout.seconds * 1e9))))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// One request; what can go right on another try (timeouts, refused or lost connections) is thrown as a
    /// `Retry`. It ends at the caller's deadline by cancellation (`withTimeLimit`, on the service's clock), not
    /// by a deadline of NIO's: that runs on real time, which the service's clock need not be (a manual one in
    /// tests), and two clocks racing for one end would make the outcome depend on the machine's speed.
    func executeOnce(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        do {
            return try await execute(request, deadline: .distantFuture)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Retry(FetchFailure(connectionError: error))
        }
    }
}

extension FetchFailure {
    /// What a request that got no answer ran into, told by the error's type: AsyncHTTPClient's own errors,
    /// SwiftNIO's failed connection attempts, and the system's `ECONNREFUSED`.
    init(connectionError error: any Error) {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded: self = .timeout
            case .connectTimeout: self = .connectTimeout
            case .readTimeout: self = .readTimeout
            default: self = .connectionFailed("\(error)")
            }
        case let error as NIOConnectionError:
            // Every address was tried: refused if each one refused.
            let refused = !error.connectionErrors.isEmpty && error.connectionErrors.allSatisfy { Self.isRefusal($0.error) }
            self = refused ? .connectionRefused : .connectionFailed("\(error)")
        case let error where Self.isRefusal(error):
            self = .connectionRefused
        case let error as ChannelError:
            if case .connectTimeout = error { self = .connectTimeout } else { self = .connectionFailed("\(error)") }
        default:
            self = .connectionFailed("\(error)")
        }
    }

    private static func isRefusal(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == ECONNREFUSED
    }
}

extension HTTPHeaders {
    /// `Retry-After` as a wait from now: a number of seconds or an HTTP date.
    var retryAfter: Duration? {
        guard let value = first(name: "Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0, seconds < 1e9 { return .seconds(seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { .seconds(Swift.max($0.timeIntervalSinceNow, 0)) }
    }
}
