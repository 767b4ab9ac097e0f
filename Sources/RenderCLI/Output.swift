import FileWriting
import Foundation
import WheelRender

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

    /// The format to write to `path` (nil or `-`: stdout): `imageType` when given, else the file's extension,
    /// else `otherwise`. An extension that is neither `.svg` nor `.png` is refused rather than given the wrong
    /// bytes, and so is PNG for stdout when that is a terminal, which binary would garble.
    static func format(for path: String?, imageType: RenderOptions.ImageType?, otherwise: RenderOptions.ImageType,
                       stdoutIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) throws -> RenderOptions.ImageType {
        let toStdout = path == nil || path == "-"
        var format = imageType ?? otherwise
        if imageType == nil, let path, !toStdout {
            let ext = URL(fileURLWithPath: path).pathExtension
            if !ext.isEmpty {
                guard let named = RenderOptions.ImageType(rawValue: ext.lowercased()) else {
                    throw Failure(code: Failure.usage, message: "\(path): cannot write a .\(ext) file; name it .svg or .png, or give --image-type")
                }
                format = named
            }
        }
        if format == .png && toStdout && stdoutIsTerminal {
            throw Failure(code: Failure.usage, message: "not writing PNG to a terminal; give -o FILE or redirect stdout to a file")
        }
        return format
    }

    /// Creates the folder `path` and the folders above it that are missing, as `mkdir -p` does.
    static func makeFolder(_ path: String) throws {
        do {
            try FileWriter.makeFolders(path)
        } catch {
            throw Failure(code: Failure.cannotCreate, message: "\(path): the folder cannot be created: \(error.reason)")
        }
    }
}
