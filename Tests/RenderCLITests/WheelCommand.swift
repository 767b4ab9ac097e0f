import Foundation
import TestSupport

/// Runs the built `wheel` binary, as a user would, and collects what it says.
struct WheelCommand {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The built `wheel`.
    static let binary = BuiltProducts.wheel

    static let samples = SampleCharts.folder

    static func sample(_ shape: String, _ id: String = "a_2000_mumbai") -> String {
        samples.appendingPathComponent("\(shape)/\(id).json").path
    }

    /// Runs `wheel` with `arguments`. With `onTerminal`, its stdout is a new pseudo-terminal, as when a user
    /// types the command without redirecting it, and `stdout` is what reached that terminal. With `shell`, a
    /// command line for /bin/sh in which `"$0" "$@"` is `wheel` and its arguments: `exec "$0" "$@" >&-`.
    /// It runs in `directory`, else in a fresh empty folder: what a test leaves in its working directory (a batch
    /// with no `-o` writes there) must not land in the package's root.
    static func run(_ arguments: [String], stdin: Data? = nil, onTerminal: Bool = false, shell: String? = nil,
                    environment: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.currentDirectoryURL = try directory ?? scratch()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let err = Pipe(), input = Pipe()
        let output = try onTerminal ? Output.terminal() : Output.pipe(Pipe())
        process.standardOutput = output.forProcess
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain both outputs concurrently, so no pipe fills up and blocks the process.
        // POSIX write, retried when a signal interrupts it: FileHandle.write(_:) traps on EINTR, which the other
        // tests' child processes ending (SIGCHLD) can cause.
        let writer = Thread {
            let descriptor = input.fileHandleForWriting.fileDescriptor
            (stdin ?? Data()).withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // The readers leave the group when their stream ends: joined by waiting on it, not by looking.
        let readers = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        readers.enter()
        Thread {
            errData = readAll(err.fileHandleForReading.fileDescriptor)
            readers.leave()
        }.start()
        nonisolated(unsafe) var outData = Data()
        readers.enter()
        Thread {
            outData = output.readToEnd()
            readers.leave()
        }.start()
        process.waitUntilExit()
        output.closeOurSide()
        readers.wait()
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `run` on a thread of its own, for async tests: waiting for a process there leaves Swift's few cooperative
    /// threads to the other tests, whose timers and downloads would otherwise stall behind it.
    static func runOffThePool(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result { try run(arguments, environment: environment) })
            }.start()
        }
    }

    /// Everything until the end (or an error), retrying reads that a signal interrupted: FileHandle's own
    /// reading traps on EINTR, which other tests' child processes ending (SIGCHLD) can cause.
    static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Where the process's stdout goes, and how the test reads it.
    private enum Output {
        case pipe(Pipe)
        /// The terminal's two ends: `controller` is read here, `terminal` is the process's stdout.
        case terminal(controller: Int32, terminal: FileHandle)

        static func terminal() throws -> Output {
            var controller: Int32 = -1, terminal: Int32 = -1
            guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            return .terminal(controller: controller, terminal: FileHandle(fileDescriptor: terminal, closeOnDealloc: false))
        }

        var forProcess: Any {
            switch self {
            case .pipe(let pipe): pipe
            case .terminal(_, let terminal): terminal
            }
        }

        func readToEnd() -> Data {
            switch self {
            case .pipe(let pipe):
                return readAll(pipe.fileHandleForReading.fileDescriptor)
            case .terminal(let controller, _):
                // Reading ends with an error (EIO) once no one holds the terminal open any more.
                defer { close(controller) }
                return readAll(controller)
            }
        }

        /// Closes the test's copy of the process's end, so that reading ends when the process has exited.
        func closeOurSide() {
            if case .terminal(_, let terminal) = self { try? terminal.close() }
        }
    }

    /// A fresh empty folder for one test's files.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wheel-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension Data {
    /// Width and height from a PNG's IHDR chunk.
    var pngSize: (Int, Int)? {
        guard count >= 24, starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func be(_ at: Int) -> Int { self[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(startIndex + 16), be(startIndex + 20))
    }
}
