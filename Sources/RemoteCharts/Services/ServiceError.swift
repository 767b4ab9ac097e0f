import ChartModel
import Ephemeris
import Foundation
import Support

/// Why a service gave no chart: a case a caller can match, with its data; `description` words it for a person.
/// Never holds a secret: what a service said is redacted before it is kept, and credentials appear only as the
/// names of the variables that hold them.
public indirect enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No credentials configured for the provider.
    case noCredentials(ChartProvider)
    /// The service rejected the credentials (401, 403): never retried. `check` names the variables that hold them.
    case credentialsRejected(ChartProvider, check: String)
    /// The service says the plan's quota is used up (402), with its own words, quoted.
    case quotaUsed(ChartProvider, said: String?)
    /// Our limiter or the service says wait, or the month's credits are used.
    case rateLimited(RateLimit)
    /// A try failed (`failure`), and the rate limit then left no room to try again within the budget.
    case rateLimitedAfter(FetchFailure, RateLimit)
    /// The service could not be reached, or kept failing (timeouts, 5xx), within the budget.
    case unavailable(FetchFailure)
    /// The service answered 2xx, but its body reports a failure, in its words.
    case answeredWithError(ChartProvider, said: String)
    /// The service answered a status that is neither success nor one of the above (a 4xx).
    case answeredStatus(ChartProvider, status: Int, said: String?)
    /// The answer was longer than `limit` bytes.
    case answerTooLarge(ChartProvider, limit: Int)
    /// The answer is not a chart: `problem` names the field (`planets[1].full_degree: …`).
    case unusableAnswer(ChartProvider, endpoint: String, problem: ChartError)
    /// The provider cannot compute this house system.
    case unsupportedHouseSystem(ChartProvider, HouseSystem)
    /// The settings cannot work: an unreadable or unsafe config file, a bad base URL, a state folder.
    case configuration(ConfigurationProblem)
    /// Offline: the network was not to be used (and, with `nothingCached`, the cache had nothing either).
    case offline(nothingCached: Bool)
    /// No image came from the API or the cache: why the image could not be had.
    case noImage(FetchFailure)
    /// Anything else that stopped the call, in its own words.
    case failed(String)

    /// What kind of failure it is, for callers that act on kinds (the CLI's exit codes).
    public enum Kind: Sendable, Equatable {
        /// No credentials configured, or the service rejected them (401, 403).
        case credentials
        /// The service says the plan's quota is used up (402).
        case quota
        /// Our limiter or the service (429) says wait; or the month's credits are used.
        case rateLimited
        /// The service could not be reached or kept failing (timeouts, 5xx) within the budget.
        case unavailable
        /// The service answered, but not with what was asked (a 4xx, or JSON of the wrong shape).
        case response
        /// The settings cannot work: an unreadable or unsafe config file, a bad base URL.
        case configuration
        /// Offline: the network was not to be used.
        case offline
    }

    /// The class of failure, which the command line maps to its exit code.
    public var kind: Kind {
        switch self {
        case .noCredentials, .credentialsRejected: .credentials
        case .quotaUsed: .quota
        case .rateLimited, .rateLimitedAfter: .rateLimited
        case .unavailable, .failed: .unavailable
        case .noImage(let failure):
            if case .offline = failure { .offline } else { .unavailable }
        case .answeredWithError, .answeredStatus, .answerTooLarge, .unusableAnswer, .unsupportedHouseSystem: .response
        case .configuration: .configuration
        case .offline: .offline
        }
    }

    /// `description`, as the CLI prints it.
    public var message: String { description }

    /// The error in words, one line.
    public var description: String { oneLine(text) }

    private var text: String {
        switch self {
        case .noCredentials(let provider):
            "no \(provider.displayName) credentials: set \(provider.credentialVariables)"
                + (provider == .astrologyAPI ? " (or ASTROLOGYAPI_ACCESS_TOKEN)" : "") + ", or put them in the config file"
        case .credentialsRejected(let provider, let variables): "\(provider.displayName) rejected the credentials: check \(variables)"
        case .quotaUsed(let provider, let said): "\(provider.displayName) says the plan's quota is used up (HTTP 402)" + (said.map { ": \($0)" } ?? "")
        case .rateLimited(let limit): limit.description
        case .rateLimitedAfter(let failure, let limit): "\(failure); then \(limit.isWindow ? "the " : "")\(limit)"
        case .unavailable(let failure): failure.description
        case .answeredWithError(let provider, let said): "\(provider.displayName) answered with an error: \(said)"
        case .answeredStatus(let provider, let status, let said): "\(provider.displayName) answered HTTP \(status)" + (said.map { ": \($0)" } ?? "")
        case .answerTooLarge(let provider, let limit): "\(provider.displayName) answered with more than \(limit / 1024 / 1024) MB"
        case .unusableAnswer(let provider, let endpoint, let problem): "\(provider.displayName) \(endpoint) answer unusable: \(problem)"
        case .unsupportedHouseSystem(let provider, let system): "\(provider.displayName) has no \(system.displayName) houses"
        case .configuration(let problem): problem.description
        case .offline(let nothingCached): nothingCached ? "offline, and nothing cached for this chart" : "offline"
        case .noImage(let failure): "no image: \(failure)"
        case .failed(let reason): reason
        }
    }
}

/// What the rate limit or the month's credits say.
public enum RateLimit: Sendable, Equatable, CustomStringConvertible {
    /// The window is full (or the server's 429 still holds), and frees in `seconds`, beyond the budget.
    case windowFull(seconds: Int)
    /// One chart needs more requests (`needed`) than the window allows at all.
    case windowTooSmall(ChartProvider, requests: Int, window: Duration, needed: Int)
    /// The month's credits (`cap`) are used; `month` is `2026-11`.
    case creditsUsed(ChartProvider, cap: Int, month: String)
    /// The service answered 429 and asked for a wait the budget cannot give.
    case serverAskedToWait(FetchFailure)

    /// The limit in words.
    public var description: String {
        switch self {
        case .windowFull(let seconds): "rate limit: next request possible in \(seconds) s"
        case .windowTooSmall(let provider, let requests, let window, let needed):
            "rate limit: \(provider.displayName) allows \(requests) requests in \(window.components.seconds) s, and a chart needs \(needed)"
        case .creditsUsed(let provider, let cap, let month):
            "\(provider.displayName): the \(cap) credits of \(month) are used; raise the cap (--monthly-credits, or monthly_credits in the config) if your plan has more"
        case .serverAskedToWait(let failure): failure.description
        }
    }

    var isWindow: Bool {
        if case .windowFull = self { true } else { false }
    }
}

/// Why the settings cannot work. Paths are the user's own; the system's words come from `strerror`.
public enum ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    case configUnreadable(path: String, reason: String)
    case configNotARegularFile(path: String)
    case configOwnedByAnotherUser(path: String)
    /// The group or others may read or change it: `mode` is its permission bits.
    case configOpenToOthers(path: String, mode: Int)
    case configTooLarge(path: String)
    case configNotJSON(path: String)
    case configSectionNotAnObject(path: String, ChartProvider)
    case limitsNotPositive(ChartProvider)
    /// `source` names where the URL came from: a variable, or `base_url in the config file`.
    case badBaseURL(source: String, text: String)
    case stateFolderUnusable(path: String, reason: String)
    case stateLockUnusable(path: String, reason: String)

    /// The problem in words.
    public var description: String {
        switch self {
        case .configUnreadable(let path, let reason): "config file \(path): cannot be read (\(reason))"
        case .configNotARegularFile(let path): "config file \(path): not a regular file"
        case .configOwnedByAnotherUser(let path): "config file \(path): owned by another user"
        case .configOpenToOthers(let path, let mode):
            "config file \(path): others can read or change it (mode \(String(mode, radix: 8))); run chmod 600 \(path)"
        case .configTooLarge(let path): "config file \(path): cannot be read, or over 64 KB"
        case .configNotJSON(let path): "config file \(path): not a JSON object"
        case .configSectionNotAnObject(let path, let provider): "config file \(path): \(provider.rawValue) is not an object"
        case .limitsNotPositive(let provider): "config file: \(provider.rawValue): the limits must be positive"
        case .badBaseURL(let source, let text): "\(source): \(quote(oneLine(text, limit: 80))) is not an http or https URL"
        case .stateFolderUnusable(let path, let reason): "state folder \(path): \(reason)"
        case .stateLockUnusable(let path, let reason): "cannot lock \(path) (\(reason))"
        }
    }
}
