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

    static let binary: URL = {
        // The test bundle is built next to the package's executables.
        let bundle = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("wheel").path) && directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("wheel")
    }()

    static let samples = SampleCharts.folder

    static func sample(_ shape: String, _ id: String = "a_2000_mumbai") -> String {
        samples.appendingPathComponent("\(shape)/\(id).json").path
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain both outputs concurrently, so no pipe fills up and blocks the process.
        let writer = Thread { input.fileHandleForWriting.write(stdin ?? Data()); try? input.fileHandleForWriting.close() }
        writer.start()
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while reader.isExecuting { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
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
