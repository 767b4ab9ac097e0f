import ArgumentParser
import ChartModel
import FileWriting
import Foundation
import Support

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
    /// `wheel natal --no-local`: the service was unreachable, or offline with nothing cached.
    static let unavailable: Int32 = 69
    /// `wheel natal --no-local`: the rate limit, the month's credits or the plan's quota.
    static let temporaryFailure: Int32 = 75
    /// `wheel natal --no-local`: the service answered with something of the wrong shape.
    static let protocolError: Int32 = 76
    /// `wheel natal --no-local`: credentials missing or rejected.
    static let noPermission: Int32 = 77
    /// `wheel natal`: the config file (its permissions, its JSON) or a base URL is unusable.
    static let configuration: Int32 = 78
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

/// Writes one line to stderr, made safe for a terminal (`oneLine`). Arguments, paths, option keys and values in
/// files come from anyone: their control characters are escaped, and the line is at most `maximumMessageLength`
/// scalars, cut in the middle. A closed or full stderr loses the line and changes nothing else: the exit code
/// stays that of the run.
func printError(_ line: String) {
    try? FileWriter.writeAll(Data((oneLine(line, limit: maximumMessageLength, keepingEnd: true) + "\n").utf8), to: STDERR_FILENO, named: "stderr")
}

/// Longer than any line of ours with a path of a usual length; five rows of an 80-column terminal at most.
let maximumMessageLength = 400
