import Foundation
import Testing

/// SIGINT or SIGTERM while charts are being written: the temporary files in flight are removed and `wheel`
/// exits with 130 or 143, as a shell reports a command ended by the signal.
@Suite(.serialized, .hangGuard)
struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileWritingLeavesNoTemporaryFile(signal: Int32) throws {
        let dir = try WheelCommand.scratch(), out = dir.appendingPathComponent("out")
        let inputs = try (1...40).map { index -> String in
            let file = dir.appendingPathComponent("c\(index).json")
            try FileManager.default.copyItem(atPath: WheelCommand.sample("astrologyapi"), toPath: file.path)
            return file.path
        }
        // A temporary file lives for the millisecond its big PNG takes to write: watch for one, then signal.
        var caught = false
        for _ in 0..<5 where !caught {
            try? FileManager.default.removeItem(at: out)
            let process = Process()
            process.executableURL = WheelCommand.binary
            process.arguments = ["render"] + inputs + ["-o", out.path, "--size", "3000"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning && !caught {
                if let names = try? FileManager.default.contentsOfDirectory(atPath: out.path), names.contains(where: { $0.hasSuffix(".tmp") }) {
                    kill(process.processIdentifier, signal)
                    caught = true
                }
            }
            process.waitUntilExit()
            guard caught else { continue }
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal,
                    "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
            let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
            #expect(left.allSatisfy { $0.hasSuffix(".png") }, "\(left)")
        }
        #expect(caught, "no temporary file seen to signal during")
    }
}
