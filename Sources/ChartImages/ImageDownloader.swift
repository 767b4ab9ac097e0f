import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Downloads an image over http or https within a `FetchPolicy`: a total time budget with connect and read
/// timeouts inside it, a body cap enforced while streaming, a redirect limit, and retries with exponential
/// backoff for timeouts, connection errors and 5xx, and for 429 when its `Retry-After` fits the budget.
///
/// Built on AsyncHTTPClient (SwiftNIO): it runs the same on Linux and Apple platforms, streams bodies so the
/// cap holds without buffering a huge response, and has per-request deadlines and redirect limits built in.
final class ImageDownloader: Sendable {
    struct Download: Sendable {
        var body: Data
        var contentType: String?
    }

    let policy: FetchPolicy
    private let client: HTTPClient

    init(policy: FetchPolicy) {
        self.policy = policy
        // Redirects are followed here, not by the client, so that every target is validated first (`ImageURL`).
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(policy.connectTimeout), read: .seconds(policy.readTimeout)))
        // A refused connection is a failure now, not a retry until the connect timeout: the local wheel is the answer.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// The image at `url`, by `deadline` if given, and within the policy's budget.
    func download(_ url: URL, deadline: ContinuousClock.Instant? = nil) async throws(FetchFailure) -> Download {
        let url = try ImageURL.validated(url.absoluteString, what: "chart URL")
        let clock = ContinuousClock()
        let deadline = min(deadline ?? clock.now + .seconds(policy.budget), clock.now + .seconds(policy.budget))
        do {
            return try await withRetries(RetrySchedule(maximumAttempts: policy.maximumAttempts, backoff: policy.backoff),
                                         budget: max(seconds(deadline - clock.now), 0), deadline: deadline) { _ in
                try await self.once(url, deadline: deadline)
            }
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw FetchFailure("download failed: \(error)")
        }
    }

    private func once(_ start: URL, deadline: ContinuousClock.Instant) async throws -> Download {
        var url = start, visited: Set<String> = [start.absoluteString]
        while true {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "image/png, image/svg+xml;q=0.9, */*;q=0.1")
            let response = try await client.executeOnce(request, deadline: deadline)
            guard [301, 302, 303, 307, 308].contains(response.status.code) else { return try await body(of: response) }
            guard let location = response.headers.first(name: "Location") else { throw FetchFailure("HTTP \(response.status.code) without a Location") }
            guard visited.count <= policy.maximumRedirects else { throw FetchFailure("more than \(policy.maximumRedirects) redirects") }
            url = try ImageURL.redirect(location, from: url)
            guard visited.insert(url.absoluteString).inserted else { throw FetchFailure("redirect loop") }
        }
    }

    /// The body of a final response, within the size cap; a status that is not success is a failure or a retry.
    private func body(of response: HTTPClientResponse) async throws -> Download {
        let status = Int(response.status.code)
        switch status {
        case 200..<300: break
        case 429: throw Retry(FetchFailure("HTTP 429"), after: response.headers.retryAfter ?? policy.backoff)
        case 500..<600: throw Retry(FetchFailure("HTTP \(status)"))
        default: throw FetchFailure("HTTP \(status)")
        }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > policy.maximumBytes {
            throw FetchFailure("body of \(length) bytes is over the \(megabytes(policy.maximumBytes)) limit")
        }
        var body = Data()
        do {
            for try await chunk in response.body {
                body.append(contentsOf: chunk.readableBytesView)
                if body.count > policy.maximumBytes {
                    throw FetchFailure("body over the \(megabytes(policy.maximumBytes)) limit")
                }
            }
        } catch let failure as FetchFailure {
            throw failure
        } catch let error as HTTPClientError where error == .readTimeout {
            throw Retry(FetchFailure("read timeout"))
        }
        return Download(body: body, contentType: response.headers.first(name: "Content-Type"))
    }
}

extension HTTPClient {
    /// One request, answered by `deadline`; what can go right on another try (timeouts, refused or lost
    /// connections) is thrown as a `Retry`.
    package func executeOnce(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant) async throws -> HTTPClientResponse {
        let remaining = seconds(deadline - ContinuousClock.now)
        do {
            return try await execute(request, deadline: .now() + .milliseconds(Int64(max(remaining, 0) * 1000)))
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded: throw Retry(FetchFailure("timeout"))
            case .connectTimeout: throw Retry(FetchFailure("connect timeout"), reachedServer: false)
            case .readTimeout: throw Retry(FetchFailure("read timeout"))
            default: throw Retry(FetchFailure("connection failed: \(error)"))
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let reason = shortDescription(error)
            throw Retry(FetchFailure("connection failed: \(reason)"), reachedServer: reason != "connection refused")
        }
    }
}

extension HTTPHeaders {
    /// `Retry-After` as seconds from now: a number of seconds or an HTTP date.
    package var retryAfter: Double? {
        guard let value = first(name: "Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { Swift.max($0.timeIntervalSinceNow, 0) }
    }
}

private func shortDescription(_ error: Error) -> String {
    let text = String(describing: error)
    if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
    return String(text.prefix(160))
}

private func megabytes(_ bytes: Int) -> String { "\(formatted(Double(bytes) / 1024 / 1024)) MB" }

extension TimeAmount {
    package static func seconds(_ value: Double) -> TimeAmount { .milliseconds(Int64((value * 1000).rounded())) }
}
