import Foundation

/// Writes the result to stdout or, atomically, to a file: a temporary file beside it, then a rename, so a
/// failed run never leaves a partial file.
enum Output {
    static func write(_ data: Data, to path: String?) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created: \(reason)")
        }
    }
}
