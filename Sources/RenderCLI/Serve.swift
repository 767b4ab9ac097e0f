import ArgumentParser
#if Server
import ChartServer
import Foundation
import Logging
import Metrics
import Prometheus

extension Wheel {
    /// `wheel serve`: the chart service (ChartServer), its settings read from their one declaration each.
    struct Serve: AsyncParsableCommand, TakesAnyArguments {
        static let configuration = CommandConfiguration(
            abstract: "Serve charts and wheels over HTTP: our own API, AstrologyAPI's and FreeAstrologyAPI's endpoints, signed wheel URLs.",
            discussion: settingsHelp())

        @Argument(parsing: .allUnrecognized, help: .hidden)
        var arguments: [String] = []

        func run() async throws {
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration(arguments: arguments, environment: ProcessInfo.processInfo.environment)
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

        /// Every setting with its flag, its variable and its default, from `ServerSetting.all`.
        static func settingsHelp() -> String {
            var lines = ["Settings: a flag wins over its environment variable, which wins over its key in the --config FILE (a JSON object of settings by name; also WHEEL_SERVE_CONFIG).", ""]
            for setting in ServerSetting.all {
                let names = [setting.flag.map { "\($0) \(setting.valueForm)" }, setting.environmentVariable, setting.inFile ? "\"\(setting.name)\" in a file" : nil]
                lines.append(names.compactMap { $0 }.joined(separator: ", ") + ": " + setting.help + " Default: \(setting.defaultValue).")
            }
            lines += ["", "Exit codes: 0 after a graceful shutdown (SIGTERM, SIGINT), 78 a setting unusable, 69 the address cannot be served."]
            return lines.joined(separator: "\n")
        }
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
