import FileWriting
import Foundation
import WheelRender

/// Writes the result to stdout or to a file, whole or not at all (see `FileWriter`): a failed run never leaves
/// a partial file.
enum Output {
    static func write(_ data: Data, to path: String?) throws {
        guard let path, path != "-" else { return try writeToStandardOutput(data) }
        do {
            try FileWriter.write(data, to: path)
        } catch {
            throw Failure(code: Failure.cannotCreate, message: "\(path): cannot be created: \(error.reason)")
        }
    }

    /// A closed, full or failing stdout is exit 74, not a crash (Foundation's `FileHandle.write` traps). A regular
    /// file behind stdout (`> wheel.svg`, `>> charts.jsonl`) is cut back to the size it had, so it keeps no
    /// partial output.
    static func writeToStandardOutput(_ data: Data) throws(Failure) {
        var status = stat()
        let isFile = fstat(STDOUT_FILENO, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        do {
            try FileWriter.writeAll(data, to: STDOUT_FILENO, named: "stdout")
        } catch {
            if isFile { ftruncate(STDOUT_FILENO, status.st_size) }
            throw Failure(code: Failure.ioError, message: "stdout: cannot be written: \(error.reason)")
        }
    }

    /// Run first. A closed stdout or stderr (`>&-`) gets /dev/null in its place, else the next file opened would
    /// take its number and a chart or a message would land in that file. Stdout's stand-in is read-only, so that
    /// writing a chart to it still fails (exit 74); stderr's swallows the messages. A file over the size limit
    /// (`ulimit -f`) is an error to report and clean up after rather than a signal that ends the process.
    static func prepareStandardStreams() {
        for (descriptor, mode) in [(STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)] where fcntl(descriptor, F_GETFD) < 0 {
            let standIn = open("/dev/null", mode)
            if standIn >= 0 && standIn != descriptor {
                dup2(standIn, descriptor)
                close(standIn)
            }
        }
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Run first. On SIGINT or SIGTERM the temporary files of the writes in progress are removed, then the
    /// process exits with 128 + the signal (130, 143), as a shell reports a command a signal ended. A signal the
    /// parent ignores (a background job's SIGINT) stays ignored.
    static func removeTemporaryFilesOnInterrupt() {
        for number in [SIGINT, SIGTERM] {
            let previous = signal(number, SIG_IGN)  // a signal source needs the default action off
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
            source.setEventHandler {
                FileWriter.abandonWrites()
                _exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    private static let signalQueue = DispatchQueue(label: "wheel.signals")
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

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
