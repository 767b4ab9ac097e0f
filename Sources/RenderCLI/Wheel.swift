import ArgumentParser
import Foundation

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
        subcommands: [Render.self, Layout.self, Grid.self, Table.self, Chart.self, Natal.self, Image.self, Compare.self, Normalize.self, FindPlace.self]
    )

    /// ArgumentParser's `main`, with the streams and signals prepared first and its messages printed our way.
    static func main() async {
        Output.prepareStandardStreams()
        Output.removeTemporaryFilesOnInterrupt()
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// ArgumentParser's `exit(withError:)`, but help goes to stdout through `Output` (a full stdout is exit 74,
    /// not a silent 0) and an error through `printError`, first line `wheel: …` like our own errors: an unknown
    /// flag or a value echoed back is escaped and bounded there.
    private static func exit(reporting error: Error) -> Never {
        let code = exitCode(for: error)
        var text = fullMessage(for: error)
        if code.isSuccess {
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
