import AsyncHTTPClient
import ChartImages
import ChartModel
import Foundation
import NIOCore
import NIOHTTP1

/// POSTs JSON to one provider under its limits: every try takes a slot of the shared window (retries count),
/// 5xx and timeouts are tried again with backoff inside the deadline, a 429 blocks every process for its
/// `Retry-After`, and rejected credentials are never tried again.
struct ServiceTransport: Sendable {
    let settings: ProviderSettings
    let limiter: RequestLimiter
    let client: HTTPClient
    let schedule: RetrySchedule
    /// The caller's whole budget in seconds, as messages name it (`timeout after 5.0 s`).
    let budget: Double

    /// Largest answer read: a chart's JSON is a few kilobytes.
    static let maximumBytes = 2 * 1024 * 1024

    var name: String { settings.provider.displayName }

    /// The bodies of `paths`' answers, sent at once, in order. The first try of each takes its slot with the
    /// others (all or none), so that a chart never spends credits on half its requests.
    func post(_ requests: [(path: String, body: Data)], deadline: ContinuousClock.Instant) async throws -> [Data] {
        guard let credentials = settings.credentials else {
            throw ServiceError(.credentials, "no \(name) credentials: set \(settings.provider.credentialVariables)" +
                               (settings.provider == .astrologyAPI ? " (or ASTROLOGYAPI_ACCESS_TOKEN)" : "") + ", or put them in the config file")
        }
        let first = try await limiter.reserve(requests.count, holdUntil: holdUntil(deadline), deadline: deadline)
        return try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    (index, try await self.post(request.path, body: request.body, credentials: credentials, firstSlot: first.slots[index], deadline: deadline))
                }
            }
            var answers = [Data?](repeating: nil, count: requests.count)
            for try await (index, data) in group { answers[index] = data }
            return answers.map { $0! }
        }
    }

    private func post(_ path: String, body: Data, credentials: ServiceCredentials, firstSlot: String,
                      deadline: ContinuousClock.Instant) async throws -> Data {
        let url = settings.baseURL.appendingPathComponent(path)
        do {
            return try await withRetries(schedule, budget: budget, deadline: deadline) { attempt in
                let slot = attempt == 1 ? firstSlot : try await limiter.reserve(1, holdUntil: holdUntil(deadline), deadline: deadline).slots[0]
                var reached = true
                defer { limiter.finished(slot, reachedServer: reached) }
                var request = HTTPClientRequest(url: url.absoluteString)
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json")
                request.headers.add(name: "Accept", value: "application/json")
                for (field, value) in credentials.headers { request.headers.add(name: field, value: value) }
                request.body = .bytes(ByteBuffer(bytes: body))
                let response: HTTPClientResponse
                do {
                    response = try await client.executeOnce(request, deadline: deadline)
                } catch let retry as Retry {
                    reached = retry.reachedServer
                    throw retry
                }
                let answer: Data
                do {
                    answer = Data(try await response.body.collect(upTo: Self.maximumBytes).readableBytesView)
                } catch is NIOTooManyBytesError {
                    throw ServiceError(.response, "\(name) answered with more than \(Self.maximumBytes / 1024 / 1024) MB")
                } catch let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded {
                    throw Retry(FetchFailure("read timeout"))
                }
                return try check(Int(response.status.code), answer, headers: response.headers, credentials: credentials)
            }
        } catch let failure as FetchFailure {
            // A 429 whose wait did not fit is the limit speaking; anything else left the service unreachable.
            let kind: ServiceError.Kind = failure.reason.hasPrefix("HTTP 429") ? .rateLimited : .unavailable
            throw ServiceError(kind, credentials.redacting(failure.reason))
        }
    }

    /// The answer's body when the status says it is one, else why not: the service's own words quoted.
    private func check(_ status: Int, _ body: Data, headers: HTTPHeaders, credentials: ServiceCredentials) throws -> Data {
        let said = ServiceText.quoted(from: body).map { credentials.redacting($0) }
        switch status {
        case 200..<300:
            if let said, ServiceText.isFailure(body) {
                throw ServiceError(.response, "\(name) answered with an error: \(said)")
            }
            return body
        case 401, 403:
            let variables: String
            switch credentials {
            case .accessToken: variables = "ASTROLOGYAPI_ACCESS_TOKEN"
            default: variables = settings.provider.credentialVariables
            }
            throw ServiceError(.credentials, "\(name) rejected the credentials: check \(variables)")
        case 402:
            throw ServiceError(.quota, "\(name) says the plan's quota is used up (HTTP 402)" + (said.map { ": \($0)" } ?? ""))
        case 429:
            let wait = headers.retryAfter
            limiter.blocked(for: wait ?? schedule.backoff)
            throw Retry(FetchFailure("HTTP 429"), after: wait ?? schedule.backoff)
        case 500..<600:
            throw Retry(FetchFailure("HTTP \(status)"))
        default:
            throw ServiceError(.response, "\(name) answered HTTP \(status)" + (said.map { ": \($0)" } ?? ""))
        }
    }

    /// The wall-clock moment by which a request sent now has surely reached the server: its deadline.
    private func holdUntil(_ deadline: ContinuousClock.Instant) -> Date {
        limiter.now().addingTimeInterval(max(seconds(deadline - .now), 0))
    }
}

/// What a service says about a failure, in its own words: AstrologyAPI `{"status": false, "msg": …}`,
/// FreeAstrologyAPI `{"message": …}` or `{"statusCode": 400, "message": …}`, and `{"error": …}`.
enum ServiceText {
    static func quoted(from body: Data) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        for key in ["msg", "message", "error", "detail"] {
            if let text = object[key] as? String, !text.isEmpty { return quote(oneLine(text, limit: 200)) }
            if let nested = object[key] as? [String: Any], let text = nested["message"] as? String { return quote(oneLine(text, limit: 200)) }
        }
        return nil
    }

    /// A 200 whose body still reports a failure: `"status": false` or a `statusCode` outside 2xx.
    static func isFailure(_ body: Data) -> Bool {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return false }
        if let status = object["status"] as? Bool, !status { return true }
        if let status = object["status"] as? String, ["false", "error", "failed", "failure"].contains(status.lowercased()) { return true }
        if let code = object["statusCode"] as? Int, !(200..<300).contains(code) { return true }
        return false
    }
}
