import ChartModel
import Foundation
import WheelRender

/// Writes the result to stdout or, atomically, to a file: a temporary file beside it, then a rename, so a
/// failed run never leaves a partial file. Plain POSIX writes: Foundation's file writing syncs every file to
/// the disk, which left a batch's cores waiting on it an eighth of the time.
enum Output {
    static func write(_ data: Data, to path: String?) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard writeFile(temporary.path, data) else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created: \(reason)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created: \(reason)")
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
        if let reason = makeFolders(path) {
            throw Failure(code: Failure.cannotCreate, message: "\(path): the folder cannot be created: \(reason)")
        }
    }

    /// nil when `path` is a folder now, else why it could not be made one.
    private static func makeFolders(_ path: String) -> String? {
        if mkdir(path, 0o777) == 0 { return nil }
        switch errno {
        case EEXIST:
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            return isDirectory.boolValue ? nil : "a file of that name is in the way"
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return String(cString: strerror(ENOENT)) }
            if let reason = makeFolders(parent) { return reason }
            return mkdir(path, 0o777) == 0 ? nil : String(cString: strerror(errno))
        default:
            return String(cString: strerror(errno))
        }
    }

    /// Creates or truncates `path` and writes all of `data`; false with `errno` set when it could not.
    private static func writeFile(_ path: String, _ data: Data) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let writeError = errno
        let closed = close(descriptor) == 0
        if !written { errno = writeError }
        return written && closed
    }
}
