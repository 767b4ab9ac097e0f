import AsyncHTTPClient
import ChartModel
import Foundation
import NIOCore
import NIOHTTP1
import Support

/// POSTs JSON to one provider under its limits: every try takes a slot of the shared window (retries count),
/// 5xx and timeouts are tried again with backoff inside the deadline, a 429 blocks every process for its
/// `Retry-After`, and rejected credentials are never tried again.
struct ServiceTransport: Sendable {
    let settings: ProviderSettings
    let limiter: RequestLimiter
    let client: HTTPClient
    let schedule: RetrySchedule
    /// The caller's whole budget, as messages name it (`timeout after 5.0 s`).
    let budget: Duration

    /// Largest answer read: a chart's JSON is a few kilobytes.
    static let maximumBytes = 2 * 1024 * 1024

    var provider: ChartProvider { settings.provider }
    var clock: ServiceClock { limiter.clock }

    /// The bodies of `paths`' answers, sent at once, in order. The first try of each takes its slot with the
    /// others (all or none), so that a chart never spends credits on half its requests. `headers` go with each
    /// (AstrologyAPI's wheel reads its language from `Accept-Language`).
    func post(_ requests: [(path: String, body: Data)], headers: [(String, String)] = [], deadline: ServiceClock.Instant) async throws -> [Data] {
        guard let credentials = settings.credentials else { throw ServiceError.noCredentials(provider) }
        let first = try await limiter.reserve(requests.count, holdUntil: holdUntil(deadline), deadline: deadline)
        return try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    (index, try await self.post(request.path, body: request.body, headers: headers, credentials: credentials,
                                                firstSlot: first.slots[index], deadline: deadline))
                }
            }
            var answers = [Data?](repeating: nil, count: requests.count)
            for try await (index, data) in group { answers[index] = data }
            return answers.map { $0! }
        }
    }

    private func post(_ path: String, body: Data, headers: [(String, String)], credentials: ServiceCredentials, firstSlot: String,
                      deadline: ServiceClock.Instant) async throws -> Data {
        let url = settings.baseURL.appendingPathComponent(path)
        do {
            return try await withRetries(schedule, budget: budget, deadline: deadline, clock: clock) { attempt, previous in
                let slot = try await slot(attempt: attempt, first: firstSlot, previous: previous, credentials: credentials, deadline: deadline)
                var reached = true
                do {
                    let answer = try await once(url, body: body, headers: headers, credentials: credentials, reached: &reached)
                    await limiter.finished(slot, reachedServer: reached)
                    return answer
                } catch {
                    await limiter.finished(slot, reachedServer: reached)
                    throw error
                }
            }
        } catch let failure as FetchFailure {
            let failure = failure.redacting(credentials)
            // A 429 whose wait did not fit is the limit speaking; anything else left the service unreachable.
            throw failure.httpStatus == 429 ? ServiceError.rateLimited(.serverAskedToWait(failure)) : ServiceError.unavailable(failure)
        }
    }

    /// One try: the request sent and its answer checked; `reached` is false when no connection was made.
    private func once(_ url: URL, body: Data, headers: [(String, String)], credentials: ServiceCredentials,
                      reached: inout Bool) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        for (field, value) in headers { request.headers.add(name: field, value: value) }
        for (field, value) in credentials.headers { request.headers.add(name: field, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response: HTTPClientResponse
        do {
            response = try await client.executeOnce(request)
        } catch let retry as Retry {
            reached = retry.failure.reachedServer
            throw retry
        }
        let answer: Data
        do {
            answer = Data(try await response.body.collect(upTo: Self.maximumBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ServiceError.answerTooLarge(provider, limit: Self.maximumBytes)
        } catch let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded {
            throw Retry(.readTimeout)
        }
        return try await check(Int(response.status.code), answer, headers: response.headers, credentials: credentials)
    }

    /// The slot for try number `attempt`: the first was taken with the others; a retry takes its own, and when
    /// the rate limit has none, the failure that made it retry is named first.
    private func slot(attempt: Int, first: String, previous: FetchFailure?, credentials: ServiceCredentials,
                      deadline: ServiceClock.Instant) async throws -> String {
        guard attempt > 1 else { return first }
        do {
            return try await limiter.reserve(1, holdUntil: holdUntil(deadline), deadline: deadline).slots[0]
        } catch ServiceError.rateLimited(let limit) {
            guard let previous else { throw ServiceError.rateLimited(limit) }
            throw ServiceError.rateLimitedAfter(previous.redacting(credentials), limit)
        }
    }

    /// The answer's body when the status says it is one, else why not: the service's own words quoted.
    private func check(_ status: Int, _ body: Data, headers: HTTPHeaders, credentials: ServiceCredentials) async throws -> Data {
        let said = ServiceText.quoted(from: body).map { credentials.redacting($0) }
        switch status {
        case 200..<300:
            if let said, ServiceText.isFailure(body) { throw ServiceError.answeredWithError(provider, said: said) }
            return body
        case 401, 403:
            let variables: String
            switch credentials {
            case .accessToken: variables = "ASTROLOGYAPI_ACCESS_TOKEN"
            default: variables = provider.credentialVariables
            }
            throw ServiceError.credentialsRejected(provider, check: variables)
        case 402:
            throw ServiceError.quotaUsed(provider, said: said)
        case 429:
            let wait = headers.retryAfter
            await limiter.blocked(for: wait ?? schedule.backoff)
            throw Retry(.http(status: 429), after: wait ?? schedule.backoff)
        case 500..<600:
            throw Retry(.http(status: status))
        default:
            throw ServiceError.answeredStatus(provider, status: status, said: said)
        }
    }

    /// The wall-clock moment by which a request sent now has surely reached the server: its deadline.
    private func holdUntil(_ deadline: ServiceClock.Instant) -> Date {
        limiter.now().addingTimeInterval(max(clock.remaining(until: deadline), .zero).seconds)
    }
}

extension FetchFailure {
    /// The failure with every secret of `credentials` taken out of the words it carries: a network stack or a
    /// service may echo what it was sent.
    func redacting(_ credentials: ServiceCredentials) -> FetchFailure {
        switch self {
        case .connectionFailed(let detail): .connectionFailed(credentials.redacting(detail))
        case .apiStatus(let status, let message): .apiStatus(credentials.redacting(status), message: message.map(credentials.redacting))
        case .refusedURL(let what, let problem, let url): .refusedURL(what: what, problem: problem, url: credentials.redacting(url))
        case .notAnImage(let kind): .notAnImage(credentials.redacting(kind))
        case .afterTries(let failure, let tries): .afterTries(failure.redacting(credentials), tries: tries)
        case .retryAfterBeyondBudget(let failure, let wait): .retryAfterBeyondBudget(failure.redacting(credentials), wait: wait)
        case .stillFailingAtBudget(let failure, let budget): .stillFailingAtBudget(failure.redacting(credentials), budget: budget)
        default: self
        }
    }
}

/// What a service says about a failure, in its own words: AstrologyAPI `{"status": false, "msg": …}`,
/// FreeAstrologyAPI `{"message": …}` or `{"statusCode": 400, "message": …}`, and `{"error": …}`.
enum ServiceText {
    static func quoted(from body: Data) -> String? {
        try? JSONDocument.parse(body) { root throws(ChartError) -> String? in
            guard root.isObject else { return nil }
            let object = try root.object()
            for member in [object.optional("msg"), object.optional("message"), object.optional("error"), object.optional("detail")] {
                guard let member else { continue }
                if let text = member.text, !text.isEmpty { return quote(oneLine(text, limit: 200)) }
                if member.isObject, let text = try member.object().optional("message")?.text { return quote(oneLine(text, limit: 200)) }
            }
            return nil
        } ?? nil
    }

    /// A 200 whose body still reports a failure: `"status": false` or a `statusCode` outside 2xx.
    static func isFailure(_ body: Data) -> Bool {
        (try? JSONDocument.parse(body) { root throws(ChartError) -> Bool in
            guard root.isObject else { return false }
            let object = try root.object()
            if object.optional("status")?.bool == false { return true }
            if let status = object.optional("status")?.text, ["false", "error", "failed", "failure"].contains(status.lowercased()) { return true }
            if let code = object.optional("statusCode")?.integer, !(200..<300).contains(code) { return true }
            return false
        }) ?? false
    }
}
