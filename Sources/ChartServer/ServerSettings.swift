import Foundation
import Support

/// What `wheel serve` runs with: where it listens, whom it serves, how it signs its URLs and its limits. Each field
/// is set by one `ServerSetting`, from a flag, the environment or the config file.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: 127.0.0.1 by default, 0.0.0.0 for every interface.
    public var host = "127.0.0.1"
    /// The port; 0 takes any free one (the tests').
    public var port = 8080
    /// The base of the `chart_url`s the server writes (what a load balancer in front is reached at); nil: the
    /// address served.
    public var publicURL: String?
    /// The key `chart_url`s are signed with, shared by every replica; nil: a random one, good for this process only.
    public var urlSecret: [UInt8]?
    /// How long a `chart_url` stays valid, in seconds.
    public var urlLifetime: Double = 7 * 24 * 3600
    /// Who may call what; none configured: every route is open to anyone who can reach the port.
    public var apiKeys = APIKeys()
    /// Request bodies larger than this are refused (413) before they are read whole.
    public var maximumBodyBytes = 256 * 1024
    /// A request not answered in this many seconds is answered 503.
    public var requestTimeout: Double = 10
    /// A connection that sends nothing (or only part of a request's head) for this many seconds is closed: slow
    /// senders cannot hold connections.
    public var idleTimeout: Double = 30
    /// The largest request head (request line and headers) read; a larger one is answered 400 and closed.
    public var maximumHeaderBytes = 16 * 1024
    /// Connections open at once; more wait in the listen backlog until one closes.
    public var maximumConnections = 1000
    /// The addresses of the proxies in front (a load balancer): from them, the last address of `X-Forwarded-For`
    /// is the client's, for the rate limit of callers without a key. From anyone else the header is ignored.
    public var trustedProxies: Set<String> = []
    /// Renders (SVG and PNG) running at once; more wait in a queue.
    public var rendersAtOnce = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
    /// The longest estimated wait, in seconds, for which a render is queued (and never longer than
    /// `requestTimeout`); beyond it the request is refused 503 with `Retry-After`.
    public var longestQueueWait: Double = 1
    /// Requests a second each key (or each client address, without keys) may make, on average, per replica.
    public var ratePerSecond: Double = 20
    /// The most requests a key may make at once after a quiet spell (the token bucket's size).
    public var rateBurst = 40
    /// On SIGTERM or SIGINT, requests in flight have this many seconds to finish; new ones are refused.
    public var shutdownGrace: Double = 10
    /// The log's level: trace, debug, info, notice, warning, error or critical.
    public var logLevel = "info"
    /// Birth data (dates, places, coordinates) in the log lines: off unless asked.
    public var logBirthData = false

    /// The defaults.
    public init() {}

    /// The address the server is reached at when no public URL is given.
    public var baseURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)"
    }
}

/// A setting that cannot be used, named as the user gave it: `--port: "80x" is not a whole number from 0 to 65535`.
public struct SettingError: Error, Sendable, CustomStringConvertible {
    /// How the setting was given: `--port`, `WHEEL_SERVE_PORT` or `config.json: port`.
    public var source: String
    /// What is wrong with it.
    public var problem: String
    /// `source: problem`.
    public var description: String { "\(source): \(problem)" }
}

/// One setting of the server, declared once: its flag (`--rate`), its environment variable (`WHEEL_SERVE_RATE`),
/// its key in the config file (`rate`), its help, its default and how its text is read.
public struct ServerSetting: Sendable {
    /// The config file's key; the flag is `--` and the key, the variable `WHEEL_SERVE_` and the key in capitals
    /// (dashes as underscores).
    public let name: String
    /// What the value looks like in the help: `SECONDS`, `FILE`.
    public let valueForm: String
    /// What it does.
    public let help: String
    /// Whether the flag exists (secrets are never flags: a flag shows in `ps`).
    public let hasFlag: Bool
    /// The environment variable's name, nil when there is none.
    public let environmentVariable: String?
    /// Whether the config file takes it (by `name`).
    public let inFile: Bool
    let apply: @Sendable (inout ServerConfiguration, String) throws -> Void
    let defaultText: @Sendable (ServerConfiguration) -> String

    /// `--name`.
    public var flag: String? { hasFlag ? "--" + name : nil }

    init(_ name: String, _ valueForm: String, _ help: String, flag: Bool = true, environment: String?? = .none, file: Bool = true,
         default defaultText: @escaping @Sendable (ServerConfiguration) -> String,
         apply: @escaping @Sendable (inout ServerConfiguration, String) throws -> Void) {
        self.name = name
        self.valueForm = valueForm
        self.help = help
        self.hasFlag = flag
        self.inFile = file
        switch environment {
        case .none: environmentVariable = "WHEEL_SERVE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        case .some(let variable): environmentVariable = variable
        }
        self.apply = apply
        self.defaultText = defaultText
    }

    /// The default as the help says it.
    public var defaultValue: String { defaultText(ServerConfiguration()) }
}

/// What is wrong with a setting's text, before it is said where the text came from.
struct SettingProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

extension ServerSetting {
    /// Every setting, in the order the help lists them.
    public static let all: [ServerSetting] = [
        ServerSetting("host", "ADDRESS", "The address to listen on (0.0.0.0: every interface).", default: { $0.host }) { configuration, text in
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || ".:-".contains($0) }) else {
                throw SettingProblem("\(quote(text)) is not a host name or an IP address")
            }
            configuration.host = text
        },
        ServerSetting("port", "PORT", "The port to listen on (0: any free one).", default: { "\($0.port)" }) { configuration, text in
            configuration.port = try whole(text, in: 0...65535)
        },
        ServerSetting("public-url", "URL", "The base of the chart URLs the server writes: the address a load balancer in front is reached at.",
                      default: { _ in "the address served" }) { configuration, text in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
                  url.query == nil, url.fragment == nil else {
                throw SettingProblem("\(quote(text)) is not an http or https URL")
            }
            configuration.publicURL = text
        },
        ServerSetting("url-secret-file", "FILE", "A file holding the key chart URLs are signed with (at least 32 bytes), the same on every replica; the environment's WHEEL_SERVE_URL_SECRET holds the key itself.",
                      environment: .some(nil), default: { _ in "a random key: the URLs work on this process only" }) { configuration, text in
            configuration.urlSecret = try secret(Array(try contents(of: text)), from: "the file")
        },
        ServerSetting("url-secret", "KEY", "The key itself (the environment only).", flag: false,
                      default: { _ in "none" }) { configuration, text in
            configuration.urlSecret = try secret(Array(text.utf8), from: "the key")
        },
        ServerSetting("url-lifetime", "SECONDS", "How long a chart URL stays valid.", default: { "\(Int($0.urlLifetime))" }) { configuration, text in
            configuration.urlLifetime = try number(text, in: 60...(366 * 24 * 3600))
        },
        ServerSetting("api-keys", "FILE", "The keys, as JSON: {\"astrologyapi\": [{\"user_id\": …, \"api_key\": …}], \"freeastrologyapi\": [\"…\"], \"v1\": [\"…\"]}; the environment's WHEEL_SERVE_API_KEYS holds the JSON itself.",
                      environment: .some(nil), default: { _ in "none: every route open" }) { configuration, text in
            configuration.apiKeys = try keys(try contents(of: text))
        },
        ServerSetting("api-keys-json", "JSON", "The keys' JSON itself (the environment only).", flag: false,
                      environment: .some("WHEEL_SERVE_API_KEYS"), file: false, default: { _ in "none" }) { configuration, text in
            configuration.apiKeys = try keys(Data(text.utf8))
        },
        ServerSetting("max-body", "BYTES", "The largest request body read; larger ones are refused 413.", default: { "\($0.maximumBodyBytes)" }) { configuration, text in
            configuration.maximumBodyBytes = try whole(text, in: 1024...(16 * 1024 * 1024))
        },
        ServerSetting("request-timeout", "SECONDS", "A request not answered in this time is answered 503.", default: { "\(Int($0.requestTimeout))" }) { configuration, text in
            configuration.requestTimeout = try number(text, in: 0.1...600)
        },
        ServerSetting("idle-timeout", "SECONDS", "A connection sending nothing, or only part of a request's head, for this long is closed.",
                      default: { "\(Int($0.idleTimeout))" }) { configuration, text in
            configuration.idleTimeout = try number(text, in: 1...3600)
        },
        ServerSetting("max-header-bytes", "BYTES", "The largest request head (request line and headers); a larger one is refused 400.",
                      default: { "\($0.maximumHeaderBytes)" }) { configuration, text in
            configuration.maximumHeaderBytes = try whole(text, in: 1024...(1024 * 1024))
        },
        ServerSetting("max-connections", "N", "Connections open at once; more wait to be accepted.", default: { "\($0.maximumConnections)" }) { configuration, text in
            configuration.maximumConnections = try whole(text, in: 1...1_000_000)
        },
        ServerSetting("trusted-proxies", "ADDRESSES", "Proxies in front (comma-separated IP addresses) whose X-Forwarded-For names the client, for the rate limit of callers without a key.",
                      default: { _ in "none" }) { configuration, text in
            let addresses = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for address in addresses where !address.allSatisfy({ $0.isHexDigit || ".:".contains($0) }) {
                throw SettingProblem("\(quote(address)) is not an IP address")
            }
            configuration.trustedProxies = Set(addresses)
        },
        ServerSetting("renders-at-once", "N", "Renders running at once; more wait in a queue (see queue-wait).",
                      default: { _ in "twice the cores, at least 2" }) { configuration, text in
            configuration.rendersAtOnce = try whole(text, in: 1...1024)
        },
        ServerSetting("queue-wait", "SECONDS", "The longest estimated wait for a render place that a request is queued for; beyond it 503 with Retry-After.",
                      default: { plainNumber($0.longestQueueWait) }) { configuration, text in
            configuration.longestQueueWait = try number(text, in: 0...600)
        },
        ServerSetting("rate", "PER_SECOND", "Requests a second each key (each client address without keys) may make on average, on each replica.",
                      default: { "\(Int($0.ratePerSecond))" }) { configuration, text in
            configuration.ratePerSecond = try number(text, in: 0.001...100_000)
        },
        ServerSetting("burst", "N", "Requests a key may make at once after a quiet spell.", default: { "\($0.rateBurst)" }) { configuration, text in
            configuration.rateBurst = try whole(text, in: 1...1_000_000)
        },
        ServerSetting("shutdown-grace", "SECONDS", "On SIGTERM or SIGINT, the time requests in flight have to finish.", default: { "\(Int($0.shutdownGrace))" }) { configuration, text in
            configuration.shutdownGrace = try number(text, in: 0...600)
        },
        ServerSetting("log-level", "LEVEL", "trace, debug, info, notice, warning, error or critical.", default: { $0.logLevel }) { configuration, text in
            let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
            guard levels.contains(text.lowercased()) else { throw SettingProblem("\(quote(text)) is not one of \(levels.joined(separator: ", "))") }
            configuration.logLevel = text.lowercased()
        },
        ServerSetting("log-birth-data", "BOOL", "Birth data (dates, places, coordinates) in the log lines too.", default: { "\($0.logBirthData)" }) { configuration, text in
            switch text.lowercased() {
            case "true", "1", "yes": configuration.logBirthData = true
            case "false", "0", "no": configuration.logBirthData = false
            default: throw SettingProblem("\(quote(text)) is not true or false")
            }
        },
    ]

    private static func whole(_ text: String, in range: ClosedRange<Int>) throws(SettingProblem) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw SettingProblem("\(quote(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private static func number(_ text: String, in range: ClosedRange<Double>) throws(SettingProblem) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw SettingProblem("\(quote(text)) is not a number from \(plainNumber(range.lowerBound)) to \(plainNumber(range.upperBound))")
        }
        return value
    }

    private static func contents(of path: String) throws(SettingProblem) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw SettingProblem("\(quote(path)) cannot be read") }
        return data
    }

    private static func secret(_ bytes: [UInt8], from what: String) throws(SettingProblem) -> [UInt8] {
        var bytes = bytes
        while let last = bytes.last, last == 10 || last == 13 { bytes.removeLast() }  // a file's final newline
        guard bytes.count >= 32 else { throw SettingProblem("\(what) holds \(bytes.count) bytes; a signing key needs at least 32") }
        return bytes
    }

    private static func keys(_ data: Data) throws(SettingProblem) -> APIKeys {
        do {
            return try APIKeys(json: data)
        } catch {
            throw SettingProblem(error.description)
        }
    }

}

extension ServerConfiguration {
    /// The configuration from, in order of precedence, `flags` (each setting's text by its name, as `wheel serve`'s
    /// flags give it: `["port": "9000"]`), `environment` and the config file (`configFile`, `--config`'s, else
    /// `WHEEL_SERVE_CONFIG`'s: a JSON object of settings by name). A bad value's error names where it came from.
    public init(flags: [String: String] = [:], configFile: String? = nil, environment: [String: String]) throws(SettingError) {
        self.init()
        for name in flags.keys.sorted() where !ServerSetting.all.contains(where: { $0.hasFlag && $0.name == name }) {
            throw SettingError(source: quote("--" + name), problem: "unknown setting; the settings are "
                               + ServerSetting.all.compactMap(\.flag).joined(separator: ", "))
        }
        if let (path, source) = configFile.map({ ($0, "--config") }) ?? environment["WHEEL_SERVE_CONFIG"].map({ ($0, "WHEEL_SERVE_CONFIG") }) {
            try apply(file: path, naming: source)
        }
        for setting in ServerSetting.all {
            guard let variable = setting.environmentVariable, let text = environment[variable] else { continue }
            try apply(setting, text, source: variable)
        }
        for setting in ServerSetting.all {
            guard let flag = setting.flag, let text = flags[setting.name] else { continue }
            try apply(setting, text, source: flag)
        }
    }

    private mutating func apply(_ setting: ServerSetting, _ text: String, source: String) throws(SettingError) {
        do {
            try setting.apply(&self, text)
        } catch {
            throw SettingError(source: source, problem: (error as? SettingProblem)?.text ?? "\(error)")
        }
    }

    private mutating func apply(file path: String, naming source: String) throws(SettingError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingError(source: source, problem: "\(quote(path)) cannot be read")
        }
        guard let object = try? JSONDecoder().decode([String: SettingValue].self, from: data) else {
            throw SettingError(source: path, problem: "not a JSON object of settings, each a string, a number, true or false")
        }
        for key in object.keys.sorted() {
            guard let setting = ServerSetting.all.first(where: { $0.name == key && $0.inFile }) else {
                throw SettingError(source: "\(path): \(quote(key))", problem: "unknown setting; the settings are "
                                   + ServerSetting.all.filter(\.inFile).map(\.name).joined(separator: ", "))
            }
            let text = object[key]!.text
            try apply(setting, text, source: "\(path): \(key)")
        }
    }
}

/// A value in the config file, read as the text a flag would give.
private struct SettingValue: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            text = flag ? "true" : "false"
        } else if let number = try? container.decode(Double.self) {
            text = plainNumber(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}
