import Foundation

/// A chart service this toolkit is a client of.
public enum ChartProvider: String, Sendable, CaseIterable {
    case astrologyAPI = "astrologyapi"
    case freeAstrologyAPI = "freeastrologyapi"

    /// As the services write their names: `AstrologyAPI`, `FreeAstrologyAPI`.
    public var displayName: String {
        switch self {
        case .astrologyAPI: "AstrologyAPI"
        case .freeAstrologyAPI: "FreeAstrologyAPI"
        }
    }

    /// The service's own address, used unless a mirror is configured.
    public var defaultBaseURL: URL {
        switch self {
        case .astrologyAPI: URL(string: "https://json.astrologyapi.com")!
        case .freeAstrologyAPI: URL(string: "https://json.freeastrologyapi.com")!
        }
    }

    /// The environment variable that sets the base URL: a self-hosted mirror, or a stand-in in tests.
    public var baseURLVariable: String {
        switch self {
        case .astrologyAPI: "ASTROLOGYAPI_BASE_URL"
        case .freeAstrologyAPI: "FREEASTROLOGYAPI_BASE_URL"
        }
    }

    /// The variables that hold the credentials, as a person fixing them would set them.
    var credentialVariables: String {
        switch self {
        case .astrologyAPI: "ASTROLOGYAPI_USER_ID and ASTROLOGYAPI_API_KEY"
        case .freeAstrologyAPI: "FREEASTROLOGYAPI_API_KEY"
        }
    }

    /// Requests one chart's data takes: AstrologyAPI answers in one, FreeAstrologyAPI in three (planets, houses
    /// and aspects, sent at once).
    var dataRequests: Int {
        switch self {
        case .astrologyAPI: 1
        case .freeAstrologyAPI: 3
        }
    }
}

/// What a provider allows, kept on the client so the server never has to refuse: the free tiers' limits by
/// default.
public struct ServiceLimits: Sendable, Hashable {
    /// At most `requests` in any `window`, from every process sharing the state folder.
    public var requests = 5
    /// The window's length.
    public var window: Duration = .seconds(60)
    /// Requests a calendar month (UTC) before calls are refused; a warning from 80 % on.
    public var monthlyCredits = 5000

    /// Limits of `requests` a `window` and `monthlyCredits` a month: the free tiers' by default.
    public init(requests: Int = 5, window: Duration = .seconds(60), monthlyCredits: Int = 5000) {
        self.requests = requests
        self.window = window
        self.monthlyCredits = monthlyCredits
    }
}
