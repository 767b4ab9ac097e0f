import ChartModel
import Foundation

/// How a client proves who it is. Its description never shows the secret, so logging a value or an error that
/// holds one leaks nothing.
public enum ServiceCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// AstrologyAPI: HTTP Basic with the user id and the API key.
    case basic(userID: String, apiKey: String)
    /// AstrologyAPI: the access token, in the `x-astrologyapi-key` header.
    case accessToken(String)
    /// FreeAstrologyAPI: the API key, in the `x-api-key` header.
    case apiKey(String)

    /// The kind of credential with its secret hidden (`API key (hidden)`), safe to print or log.
    public var description: String {
        switch self {
        case .basic: "HTTP Basic (user id and API key, hidden)"
        case .accessToken: "access token (hidden)"
        case .apiKey: "API key (hidden)"
        }
    }

    /// As `description`: the secret hidden, in debuggers and `dump` too.
    public var debugDescription: String { description }

    /// The request headers that carry them.
    var headers: [(String, String)] {
        switch self {
        case .basic(let userID, let apiKey):
            [("Authorization", "Basic " + Data("\(userID):\(apiKey)".utf8).base64EncodedString())]
        case .accessToken(let token): [("x-astrologyapi-key", token)]
        case .apiKey(let key): [("x-api-key", key)]
        }
    }

    /// Every string that must never appear in anything we write: the secrets, and their Basic encoding.
    var secrets: [String] {
        switch self {
        case .basic(let userID, let apiKey):
            [apiKey, Data("\(userID):\(apiKey)".utf8).base64EncodedString()].filter { $0.count >= 4 }
        case .accessToken(let secret), .apiKey(let secret): secret.count >= 4 ? [secret] : []
        }
    }

    /// `text` with every secret replaced: a service that echoes a key back in its error text does not get it
    /// printed.
    func redacting(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "[hidden]") }
    }
}

/// Everything a client of one provider needs: credentials, where the service is, its limits.
public struct ProviderSettings: Sendable {
    /// The service: AstrologyAPI or FreeAstrologyAPI.
    public var provider: ChartProvider
    /// How to authenticate; `nil` when none are configured (the call then fails over to the cache or a local chart).
    public var credentials: ServiceCredentials?
    /// Where the service is: its own address, or a mirror's.
    public var baseURL: URL
    /// The rate limit and the month's credits kept on the client.
    public var limits: ServiceLimits

    /// Settings for `provider`; `baseURL` defaults to the service's own, `limits` to the free tier's.
    public init(provider: ChartProvider, credentials: ServiceCredentials? = nil, baseURL: URL? = nil, limits: ServiceLimits = ServiceLimits()) {
        self.provider = provider
        self.credentials = credentials
        self.baseURL = baseURL ?? provider.defaultBaseURL
        self.limits = limits
    }

    /// From the environment (`ASTROLOGYAPI_USER_ID`, `ASTROLOGYAPI_API_KEY`, `ASTROLOGYAPI_ACCESS_TOKEN`,
    /// `FREEASTROLOGYAPI_API_KEY`, the `…_BASE_URL`s), else from the config file, whose permissions are checked
    /// first: it must be a regular file of the user's that no one else can read or write.
    ///
    /// The config file is JSON, one object per provider:
    /// `{"astrologyapi": {"user_id": …, "api_key": …, "access_token": …, "base_url": …, "requests": 5,
    /// "window_seconds": 60, "monthly_credits": 5000}, "freeastrologyapi": {"api_key": …}}`.
    public static func load(_ provider: ChartProvider, environment: [String: String] = ProcessInfo.processInfo.environment,
                            configFile: URL? = nil) throws(ServiceError) -> ProviderSettings {
        let file = configFile ?? defaultConfigFile(environment)
        let section = try file.flatMap { (url) throws(ServiceError) in try ConfigFile.section(provider, in: url, required: configFile != nil) } ?? ConfigSection()
        func fileValue(_ key: String) -> String? { section.texts[key].flatMap { $0.isEmpty ? nil : $0 } }
        func value(_ variable: String, _ key: String) -> String? {
            if let text = environment[variable], !text.isEmpty { return text }
            return fileValue(key)
        }
        var settings = ProviderSettings(provider: provider)
        switch provider {
        case .astrologyAPI:
            if let token = environment["ASTROLOGYAPI_ACCESS_TOKEN"], !token.isEmpty {
                settings.credentials = .accessToken(token)
            } else if let user = environment["ASTROLOGYAPI_USER_ID"], let key = environment["ASTROLOGYAPI_API_KEY"], !user.isEmpty, !key.isEmpty {
                settings.credentials = .basic(userID: user, apiKey: key)
            } else if let token = fileValue("access_token") {
                settings.credentials = .accessToken(token)
            } else if let user = value("ASTROLOGYAPI_USER_ID", "user_id"), let key = value("ASTROLOGYAPI_API_KEY", "api_key") {
                settings.credentials = .basic(userID: user, apiKey: key)
            }
        case .freeAstrologyAPI:
            settings.credentials = value("FREEASTROLOGYAPI_API_KEY", "api_key").map { .apiKey($0) }
        }
        if let text = value(provider.baseURLVariable, "base_url") {
            let source = environment[provider.baseURLVariable].map { _ in provider.baseURLVariable } ?? "base_url in the config file"
            settings.baseURL = try baseURL(text, source: source)
        }
        if let requests = section.wholeNumbers["requests"] { settings.limits.requests = requests }
        if let window = section.numbers["window_seconds"] { settings.limits.window = .seconds(window) }
        if let credits = section.wholeNumbers["monthly_credits"] { settings.limits.monthlyCredits = credits }
        guard settings.limits.requests > 0, settings.limits.window > .zero, settings.limits.monthlyCredits >= 0 else {
            throw .configuration(.limitsNotPositive(provider))
        }
        return settings
    }

    /// `$WHEEL_CONFIG`, else `$XDG_CONFIG_HOME/chart-wheel/config.json` or `~/.config/chart-wheel/config.json`
    /// when it exists.
    static func defaultConfigFile(_ environment: [String: String]) -> URL? {
        if let path = environment["WHEEL_CONFIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        let url = base.appendingPathComponent("chart-wheel/config.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// An http or https URL with a host and nothing after the path; `source` names where it came from.
    static func baseURL(_ text: String, source: String) throws(ServiceError) -> URL {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil, let url = components.url else {
            throw .configuration(.badBaseURL(source: source, text: text))
        }
        return url
    }
}

/// The config file, read only when it is safe: a regular file (not a link), owned by the user, with no
/// permissions for the group or others, since it holds secrets.
enum ConfigFile {
    static func section(_ provider: ChartProvider, in url: URL, required: Bool) throws(ServiceError) -> ConfigSection? {
        let path = url.path
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if required { throw .configuration(.configUnreadable(path: path, reason: String(cString: strerror(errno)))) }
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .configuration(.configNotARegularFile(path: path)) }
        guard status.st_uid == geteuid() else { throw .configuration(.configOwnedByAnotherUser(path: path)) }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw .configuration(.configOpenToOthers(path: path, mode: Int(mode)))
        }
        guard status.st_size <= 64 * 1024, let data = FileManager.default.contents(atPath: path) else {
            throw .configuration(.configTooLarge(path: path))
        }
        let read = try? JSONDocument.parse(data) { root throws(ChartError) -> Result<ConfigSection?, ServiceError> in
            guard root.isObject else { return .failure(.configuration(.configNotJSON(path: path))) }
            guard let section = try root.object().member(named: provider.rawValue) else { return .success(nil) }
            guard section.isObject else { return .failure(.configuration(.configSectionNotAnObject(path: path, provider))) }
            var values = ConfigSection()
            for (key, value) in try section.object().entries {
                if let text = value.text { values.texts[key] = text }
                if value.isNumber { values.numbers[key] = try value.number() }
                if let whole = value.integer { values.wholeNumbers[key] = whole }
            }
            return .success(values)
        }
        guard let read else { throw .configuration(.configNotJSON(path: path)) }
        return try read.get()
    }
}

/// A provider's part of the config file: its strings and numbers by key (anything else is not a setting).
struct ConfigSection {
    var texts: [String: String] = [:]
    var numbers: [String: Double] = [:]
    var wholeNumbers: [String: Int] = [:]
}
