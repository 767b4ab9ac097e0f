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
        let configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(policy.connectTimeout), read: .seconds(policy.readTimeout)))
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    func download(_ url: URL) async throws(FetchFailure) -> Download {
        let url = try ImageURL.validated(url.absoluteString, what: "chart URL")
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(policy.budget)
        let timeout = FetchFailure("timeout after \(formatted(policy.budget)) s")
        let lastFailure = LastFailure()
        do {
            return try await withTimeLimit(deadline: deadline, clock: clock) {
                try await self.attempts(url, deadline: deadline, clock: clock, timeout: timeout, lastFailure: lastFailure)
            }
        } catch is TimeLimitReached {
            // Out of time during a retry: the failure that made us retry says more than the clock.
            throw lastFailure.value.withLockedValue { $0 }.map { FetchFailure("\($0.reason), still failing when the \(formatted(policy.budget)) s budget ran out") } ?? timeout
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw FetchFailure("download failed: \(error)")
        }
    }

    private func attempts(_ url: URL, deadline: ContinuousClock.Instant, clock: ContinuousClock, timeout: FetchFailure,
                          lastFailure: LastFailure) async throws -> Download {
        var delay = policy.backoff
        var attempt = 1
        while true {
            let outcome: Result<Download, FetchFailure>
            var wait: Double?
            do {
                outcome = .success(try await once(url, deadline: deadline, clock: clock))
            } catch let retry as Retry {
                outcome = .failure(retry.failure)
                wait = retry.after
            }
            switch outcome {
            case .success(let download): return download
            case .failure(let failure):
                lastFailure.value.withLockedValue { $0 = failure }
                let remaining = seconds(deadline - clock.now)
                let pause = wait ?? delay
                guard attempt < policy.maximumAttempts else { throw failure }
                guard pause < remaining else {
                    throw wait == nil ? (remaining <= 0 ? timeout : failure)
                        : FetchFailure("\(failure.reason), Retry-After \(formatted(pause)) s does not fit the budget")
                }
                try await Task.sleep(for: .seconds(pause))
                delay *= 2
                attempt += 1
            }
        }
    }

    /// A failure worth another try, and how long the server asked us to wait.
    private struct Retry: Error {
        var failure: FetchFailure
        var after: Double?
    }

    private func once(_ start: URL, deadline: ContinuousClock.Instant, clock: ContinuousClock) async throws -> Download {
        var url = start, visited: Set<String> = [start.absoluteString]
        while true {
            let response = try await response(url, deadline: deadline, clock: clock)
            guard [301, 302, 303, 307, 308].contains(response.status.code) else { return try await body(of: response) }
            guard let location = response.headers.first(name: "Location") else { throw FetchFailure("HTTP \(response.status.code) without a Location") }
            guard visited.count <= policy.maximumRedirects else { throw FetchFailure("more than \(policy.maximumRedirects) redirects") }
            url = try ImageURL.redirect(location, from: url)
            guard visited.insert(url.absoluteString).inserted else { throw FetchFailure("redirect loop") }
        }
    }

    private func response(_ url: URL, deadline: ContinuousClock.Instant, clock: ContinuousClock) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "image/png, image/svg+xml;q=0.9, */*;q=0.1")
        let remaining = seconds(deadline - clock.now)
        do {
            return try await client.execute(request, deadline: .now() + .milliseconds(Int64(max(remaining, 0) * 1000)))
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded: throw Retry(failure: FetchFailure("timeout"), after: nil)
            case .connectTimeout: throw Retry(failure: FetchFailure("connect timeout"), after: nil)
            case .readTimeout: throw Retry(failure: FetchFailure("read timeout"), after: nil)
            default: throw Retry(failure: FetchFailure("connection failed: \(error)"), after: nil)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Retry(failure: FetchFailure("connection failed: \(Self.short(error))"), after: nil)
        }
    }

    /// The body of a final response, within the size cap; a status that is not success is a failure or a retry.
    private func body(of response: HTTPClientResponse) async throws -> Download {
        let status = Int(response.status.code)
        switch status {
        case 200..<300: break
        case 429: throw Retry(failure: FetchFailure("HTTP 429"), after: retryAfter(response.headers) ?? policy.backoff)
        case 500..<600: throw Retry(failure: FetchFailure("HTTP \(status)"), after: nil)
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
            throw Retry(failure: FetchFailure("read timeout"), after: nil)
        }
        return Download(body: body, contentType: response.headers.first(name: "Content-Type"))
    }

    /// `Retry-After` as seconds from now: a number of seconds or an HTTP date.
    private func retryAfter(_ headers: HTTPHeaders) -> Double? {
        guard let value = headers.first(name: "Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { max($0.timeIntervalSinceNow, 0) }
    }

    private static func short(_ error: Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return String(text.prefix(160))
    }
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

private func formatted(_ value: Double) -> String { String(format: "%.1f", value) }

private func megabytes(_ bytes: Int) -> String { "\(formatted(Double(bytes) / 1024 / 1024)) MB" }

extension TimeAmount {
    static func seconds(_ value: Double) -> TimeAmount { .milliseconds(Int64((value * 1000).rounded())) }
}

struct TimeLimitReached: Error {}

/// The latest failed attempt, seen by the time limit when it cuts a retry short.
final class LastFailure: Sendable {
    let value = NIOLockedValueBox<FetchFailure?>(nil)
}

/// Runs `operation`, giving up with `TimeLimitReached` at `deadline` whatever it is doing.
func withTimeLimit<T: Sendable>(deadline: ContinuousClock.Instant, clock: ContinuousClock,
                                _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: clock)
            throw TimeLimitReached()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
