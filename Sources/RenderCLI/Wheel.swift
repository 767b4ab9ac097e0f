import ArgumentParser
import Foundation
import WheelRender
#if Server
import ChartServer
#endif

@main
struct Wheel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wheel",
        abstract: "Draw astrological chart wheels, as SVG or PNG, from chart JSON or from a birth (computed offline).",
        discussion: """
            Exit codes: 0 ok, 1 images differ (compare), 64 usage, 65 bad input data, \
            66 input missing or unreadable, 73 output cannot be created, 74 stdout cannot be written, \
            70 internal error; natal --no-local: 69 service unavailable, 75 rate limit or credits, 76 bad answer, \
            77 credentials; 78 config file unusable.
            """,
        version: toolkitVersion,
        subcommands: [Render.self, Layout.self, Grid.self, Table.self, Positions.self, Chart.self, Natal.self, Image.self, Compare.self, Normalize.self, FindPlace.self, Serve.self]
    )

    /// ArgumentParser's `main`, with the streams and signals prepared first and its messages printed our way.
    static func main() async {
        Output.prepareStandardStreams()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "serve" {
            // `serve` writes no file and shuts down gracefully on the signals itself; its tasks run on its event loops.
            #if Server
            _ = ChartServer.runTasksOnTheEventLoops()
            #endif
        } else {
            Output.removeTemporaryFilesOnInterrupt()
        }
        do {
            let split: OptionArguments
            do {
                split = try splitArguments(arguments)
            } catch let error as UsageError {
                let command = arguments.first.flatMap { name in configuration.subcommands.first { $0._commandName == name } }
                printError("wheel: " + error.message)
                printError("Usage: " + usageString(for: command ?? self))
                printError("  See 'wheel\(command.map { " " + $0._commandName } ?? "") --help' for more information.")
                Foundation.exit(Failure.usage)
            }
            try await OptionArguments.$current.withValue(split.given) { @MainActor in
                var command = try await asyncParseAsRoot(split.remaining)
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            exit(reporting: error, optionsHelp: optionsHelp(for: arguments))
        }
    }

    /// The rendering options' flags taken out of `arguments`, for the command they are given to; a flag neither
    /// that command's nor an option's is refused here, with the nearest one suggested.
    private static func splitArguments(_ arguments: [String]) throws -> OptionArguments {
        let named = arguments.first.flatMap { name in configuration.subcommands.first { $0._commandName == name } }
        let command = named ?? self
        if command is TakesAnyArguments.Type || arguments.first == "help" {
            return OptionArguments(remaining: arguments)
        }
        let rest = named == nil ? arguments : Array(arguments.dropFirst())
        let taken = command is TakesRenderOptions.Type ? RenderOption.all : command is TakesChartSettings.Type ? RenderOption.chartSettings : []
        var split = try OptionArguments.split(rest, commandFlags: flags(of: command), taken: taken)
        if named != nil { split.remaining.insert(arguments[0], at: 0) }
        return split
    }

    /// The rendering options' part of the help of the command `arguments` name (`render …`, `help render`).
    private static func optionsHelp(for arguments: [String]) -> String? {
        let name = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        let command = configuration.subcommands.first { $0._commandName == name }
        if command is TakesChartSettings.Type { return RenderFlags.help(options: RenderOption.chartSettings, title: "CHART SETTINGS (over each birth's own)", where: "In a birth object") }
        guard let command = command as? TakesRenderOptions.Type else { return nil }
        return RenderFlags.help(for: command.optionFigures, layoutOnly: command.layoutOnly)
    }

    /// The long flags ArgumentParser knows for `command`, read off the start of its help's option lines.
    private static func flags(of command: ParsableCommand.Type) -> Set<String> {
        let help = helpMessage(for: command, includeHidden: true, columns: 100_000)
        let usage = help.range(of: "USAGE:").map { help[$0.upperBound...] } ?? help[...]
        var flags: Set<String> = ["help", "version", "experimental-dump-help", "generate-completion-script"]
        // `  -o, --output <output>   Output file…`: the line's leading words that start with a dash.
        for line in usage.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ") {
                guard word.hasPrefix("-") else { break }
                let name = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                if name.hasPrefix("--") { flags.insert(String(name.dropFirst(2))) }
            }
        }
        return flags
    }

    /// ArgumentParser's `exit(withError:)`, but help goes to stdout through `Output` (a full stdout is exit 74,
    /// not a silent 0) and an error through `printError`, first line `wheel: …` like our own errors: an unknown
    /// flag or a value echoed back is escaped and bounded there.
    private static func exit(reporting error: Error, optionsHelp: String?) -> Never {
        let code = exitCode(for: error)
        var text = fullMessage(for: error)
        if code.isSuccess {
            if let optionsHelp, text.contains("USAGE:") { text += "\n\n" + optionsHelp }
            do {
                if !text.isEmpty { try Output.writeToStandardOutput(Data((text + "\n").utf8)) }
            } catch {
                Foundation.exit(error.reported().rawValue)
            }
            Foundation.exit(code.rawValue)
        }
        let message = self.message(for: error), first = _errorPrefix + message
        if !message.isEmpty && text.hasPrefix(first) {
            printError("wheel: " + message)
            text.removeFirst(first.count)
        }
        for line in text.split(separator: "\n") { printError(String(line)) }
        Foundation.exit(code.rawValue)
    }
}

/// The toolkit's version, as `wheel --version` prints it.
let toolkitVersion = "0.25.0"

/// A command that takes the rendering options (`RenderFlags`): their flags are read for it and its help lists them.
protocol TakesRenderOptions {
    /// The figures the command draws, which say the options it takes.
    static var optionFigures: [FigureKind] { get }
    /// Only the options that move things (`wheel layout`).
    static var layoutOnly: Bool { get }
}

extension TakesRenderOptions {
    static var layoutOnly: Bool { false }
}

/// A command that computes charts without drawing them (`wheel chart`): it takes the options that say how a birth's
/// chart is computed (`RenderOption.chartSettings`) and no other.
protocol TakesChartSettings {}

/// A command that takes whatever it is given (the commands of a build without networking, which only say so).
protocol TakesAnyArguments {}

/// A command left out of this build by a trait: it takes whatever it is given and says how to get it (exit 64),
/// rather than `wheel` not knowing it.
protocol MissingFromThisBuild: ParsableCommand, TakesAnyArguments {
    /// What the build lacks, as the message says it: `networking`, `the server`.
    static var missingPart: String { get }
}

extension MissingFromThisBuild {
    static var abstractText: String { "Not in this build: wheel was built with --disable-default-traits, without \(missingPart)." }

    func run() throws {
        try reportingFailures {
            throw Failure(code: Failure.usage, message: "\(Self._commandName): this wheel was built without \(Self.missingPart) (--disable-default-traits); build it with the default traits: swift build -c release --product wheel")
        }
    }
}
