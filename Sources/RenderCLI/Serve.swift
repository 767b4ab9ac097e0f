import ArgumentParser
#if Server
import ChartServer
import Foundation
import Logging

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
            // Logs as JSON lines on stdout; the listening line and failures on stderr, as every command's messages.
            let logger = Logger(label: "wheel-serve") { label in JSONLineLogHandler(label: label) }
            do {
                try await ChartServer(configuration: configuration, logger: logger).run { port in
                    printError("wheel serve: listening on http://\(configuration.host):\(port)")
                }
            } catch {
                throw Failure(code: Failure.unavailable, message: "serve: \(error)").reported()
            }
        }

        /// Every setting with its flag, its variable and its default, from `ServerSetting.all`.
        static func settingsHelp() -> String {
            var lines = ["SETTINGS (flags win over the environment, which wins over the --config FILE's JSON keys):",
                         "  --config FILE           A JSON object of settings by name (or WHEEL_SERVE_CONFIG)."]
            for setting in ServerSetting.all {
                let flag = setting.flag.map { "\($0) \(setting.valueForm)" } ?? "(\(setting.environmentVariable ?? setting.name))"
                var text = setting.help + " In a file: \(setting.name)"
                if setting.flag != nil, let variable = setting.environmentVariable { text += "; environment: \(variable)" }
                text += " (default: \(setting.defaultValue))."
                lines.append("  " + flag.padding(toLength: max(flag.count + 1, 24), withPad: " ", startingAt: 0) + text)
            }
            return lines.joined(separator: "\n")
        }
    }
}
#else
extension Wheel {
    /// Built without the `Server` trait: says how to get the command rather than not knowing it.
    struct Serve: ParsableCommand, TakesAnyArguments {
        static let configuration = CommandConfiguration(
            abstract: "Not in this build: wheel was built without the Server trait.")

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []

        func run() throws {
            try reportingFailures {
                throw Failure(code: Failure.usage, message: "serve: this wheel was built without the server (--disable-default-traits); build it with the default traits: swift build -c release --product wheel")
            }
        }
    }
}
#endif
