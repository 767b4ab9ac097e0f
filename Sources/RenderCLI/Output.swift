import FileWriting
import Foundation

/// Writes the result to stdout or to a file, whole or not at all (see `FileWriter`): a failed run never leaves
/// a partial file.
enum Output {
    static func write(_ data: Data, to path: String?) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try FileWriter.write(data, to: path)
        } catch {
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created: \(error.reason)")
        }
    }
}
