import ArgumentParser
import FileWriting
import Foundation

/// A failed run: one line for stderr and the documented exit code (sysexits.h values).
struct Failure: Error {
    var code: Int32
    var message: String

    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
}

extension ParsableCommand {
    /// Runs `body`, turning a `Failure` into its message on stderr and its exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as Failure {
            throw failure.reported()
        }
    }
}

extension AsyncParsableCommand {
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as Failure {
            throw failure.reported()
        }
    }
}

extension Failure {
    /// Prints the message and gives the exit code to throw.
    func reported() -> ExitCode {
        printError("wheel: \(message)")
        return ExitCode(code)
    }
}

/// Writes one line to stderr, made safe for a terminal (`MessageLine`). A closed or full stderr loses the line
/// and changes nothing else: the exit code stays that of the run.
func printError(_ line: String) {
    try? FileWriter.writeAll(Data((MessageLine.make(line) + "\n").utf8), to: STDERR_FILENO, named: "stderr")
}

/// A line as `wheel` prints it. Arguments, paths, option keys and values in files come from anyone, and a
/// control character in them (C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls)
/// could move the cursor, recolour or retitle the terminal, or make one line read as two: each is shown as Swift
/// writes it, `\u{1B}`. A line is at most `maximumLength` scalars: a longer one loses its middle to `…`, so what
/// it is about (the start) and why (the end) both stay.
enum MessageLine {
    /// Longer than any line of ours with a path of a usual length; five rows of an 80-column terminal at most.
    static let maximumLength = 400

    static func make(_ text: String, maximumLength: Int = maximumLength) -> String {
        let scalars = Array(text.unicodeScalars)
        // Every scalar prints as one or more, so only a line of at most `maximumLength` scalars can fit whole.
        if scalars.count <= maximumLength {
            let whole = scalars.map(printed).joined()
            if whole.unicodeScalars.count <= maximumLength { return whole }
        }
        let tailLength = maximumLength / 3
        let head = leading(scalars, within: maximumLength - tailLength - 1)
        let tail = leading(scalars.reversed(), within: tailLength)
        return head.joined() + "…" + tail.reversed().joined()
    }

    /// The printed forms of the first scalars of `scalars` that fit in `length`.
    private static func leading(_ scalars: some Sequence<Unicode.Scalar>, within length: Int) -> [String] {
        var pieces: [String] = []
        var used = 0
        for scalar in scalars {
            let piece = printed(scalar)
            used += piece.unicodeScalars.count
            guard used <= length else { break }
            pieces.append(piece)
        }
        return pieces
    }

    private static func printed(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: break
        default: guard scalar.properties.isBidiControl else { return String(scalar) }
        }
        return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
