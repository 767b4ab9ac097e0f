import ArgumentParser
#if Server
import ChartServer
import Foundation
import Logging
import Metrics
import Prometheus

extension Wheel {
    /// `wheel serve`: the chart service (ChartServer), its settings from their one declaration each
    /// (`ServerSetting.all`), its flags parsed by ArgumentParser through `ServeFlags`.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve charts and wheels over HTTP: our own API, AstrologyAPI's and FreeAstrologyAPI's endpoints, signed wheel URLs.",
            discussion: settingsHelp())

        @OptionGroup var flags: ServeFlags

        func run() async throws {
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration(flags: flags.given, configFile: flags.config, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw Failure(code: Failure.configuration, message: error.description).reported()
            }
            guard #available(macOS 14, iOS 17, tvOS 17, *) else {
                throw Failure(code: Failure.unavailable, message: "serve needs macOS 14 or later").reported()
            }
            // The process's metrics are the command's to set up, once, before the server makes any: the library
            // only shows the registry it is handed at /metrics.
            let metrics = PrometheusMetricsFactory()
            MetricsSystem.bootstrap(metrics)
            // Logs as JSON lines on stdout; the listening line and failures on stderr, as every command's messages.
            let logger = Logger(label: "wheel-serve") { label in JSONLineLogHandler(label: label) }
            do {
                let server = ChartServer(configuration: configuration, logger: logger, metrics: metrics.registry)
                try await server.run { port in
                    printError("wheel serve: listening on http://\(configuration.host):\(port); \(server.accessSummary(port: port))")
                }
            } catch {
                throw Failure(code: Failure.unavailable, message: "serve: \(error)").reported()
            }
        }

        /// What the flags' help cannot say: the precedence, the settings without a flag, the exit codes.
        static func settingsHelp() -> String {
            var lines = ["Settings: a flag wins over its environment variable, which wins over its key in the --config FILE (a JSON object of settings by name; also WHEEL_SERVE_CONFIG).", ""]
            for setting in ServerSetting.all where setting.flag == nil {
                let names = [setting.environmentVariable, setting.inFile ? "\"\(setting.name)\" in a file" : nil]
                lines.append(names.compactMap { $0 }.joined(separator: ", ") + " \(setting.valueForm): " + setting.help + " Default: \(setting.defaultValue).")
            }
            lines += ["", "Exit codes: 0 after a graceful shutdown (SIGTERM, SIGINT), 64 an unknown flag, 78 a setting unusable, 69 the address cannot be served."]
            return lines.joined(separator: "\n")
        }
    }
}

/// `wheel serve`'s flags: one `--NAME VALUE` for each `ServerSetting` that has a flag, with that setting's help,
/// value form, variable and default. ArgumentParser reads a command's options from its stored properties, so each
/// flag is a property here, named as its setting is (`public-url`: `publicUrl`) and described by it; the settings
/// themselves (what each sets, how its text is read, its variable, its key) stay declared once, in
/// `ServerSetting.all`. A property without a setting stops `--help` at once; a setting without a property is
/// missing from `--help`, which `ServeProcessTests.theHelpListsEverySettingAndNothingElse` checks.
struct ServeFlags: ParsableArguments {
    @Option(help: ServeFlags.help("host")) var host: String?
    @Option(help: ServeFlags.help("port")) var port: String?
    @Option(help: ServeFlags.help("public-url")) var publicUrl: String?
    @Option(help: ServeFlags.help("url-secret-file")) var urlSecretFile: String?
    @Option(help: ServeFlags.help("url-lifetime")) var urlLifetime: String?
    @Option(help: ServeFlags.help("api-keys")) var apiKeys: String?
    @Option(help: ServeFlags.help("max-body")) var maxBody: String?
    @Option(help: ServeFlags.help("request-timeout")) var requestTimeout: String?
    @Option(help: ServeFlags.help("idle-timeout")) var idleTimeout: String?
    @Option(help: ServeFlags.help("max-header-bytes")) var maxHeaderBytes: String?
    @Option(help: ServeFlags.help("max-connections")) var maxConnections: String?
    @Option(help: ServeFlags.help("trusted-proxies")) var trustedProxies: String?
    @Option(help: ServeFlags.help("renders-at-once")) var rendersAtOnce: String?
    @Option(help: ServeFlags.help("queue-wait")) var queueWait: String?
    @Option(help: ServeFlags.help("rate")) var rate: String?
    @Option(help: ServeFlags.help("burst")) var burst: String?
    @Option(help: ServeFlags.help("shutdown-grace")) var shutdownGrace: String?
    @Option(help: ServeFlags.help("log-level")) var logLevel: String?
    @Option(help: ServeFlags.help("log-birth-data")) var logBirthData: String?
    @Option(help: ArgumentHelp("A JSON object of settings by name, under the environment's and the flags' (also WHEEL_SERVE_CONFIG).",
                               valueName: "FILE"))
    var config: String?

    /// The settings' flags given, their text by the setting's name (`["public-url": "https://…"]`).
    var given: [String: String] {
        var given: [String: String] = [:]
        for (name, option) in Self.options(of: self) where name != "config" {
            if let value = option.wrappedValue { given[name] = value }
        }
        return given
    }

    /// Each `@Option` property's flag name and wrapper, read from the properties themselves so that no third list
    /// of the flags exists.
    private static func options(of flags: ServeFlags) -> [(name: String, option: Option<String?>)] {
        Mirror(reflecting: flags).children.compactMap { child in
            guard let label = child.label, let option = child.value as? Option<String?> else { return nil }
            // `_publicUrl`, the wrapper's storage: dashes before capitals, as ArgumentParser's default long name.
            let name = label.dropFirst().reduce(into: "") { name, character in
                name += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
            return (name, option)
        }
    }

    /// The help of the setting named `name`: what it does, its variable and its default.
    private static func help(_ name: String) -> ArgumentHelp {
        guard let setting = ServerSetting.all.first(where: { $0.name == name && $0.flag != nil }) else {
            preconditionFailure("ServeFlags.\(name) has no setting with a flag in ServerSetting.all")
        }
        let variable = setting.environmentVariable.map { " Environment: \($0)." } ?? ""
        return ArgumentHelp("\(setting.help)\(variable) Default: \(setting.defaultValue).", valueName: setting.valueForm)
    }
}
#else
extension Wheel {
    /// Built without the `Server` trait: says how to get the command rather than not knowing it.
    struct Serve: MissingFromThisBuild {
        static let missingPart = "the server"
        static let configuration = CommandConfiguration(abstract: abstractText)

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    }
}
#endif
