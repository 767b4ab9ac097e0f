import Foundation
import Support

/// Writes a whole file or none: what the `wheel` command, the image cache and the golden checks write to disk.
///
/// A regular file, or a path with nothing there yet, is written to a temporary file created exclusively beside
/// it and then renamed into place, so a failed or interrupted write leaves the old file or no file, never part
/// of one. A symbolic link is followed: its target is replaced and the link stays. A device or a FIFO
/// (`/dev/stdout`, a named pipe) cannot be renamed over, so it is written through. The new file is never
/// readable by more people than the one it replaces.
///
/// A temporary file has a name no one can guess (64 bits from the system's random source), is created with
/// `O_EXCL | O_NOFOLLOW`, and is listed until it is renamed or removed, so that a process ended by a signal can
/// remove it (`abandonWrites`).
///
/// Plain POSIX calls, and no fsync: Foundation's file writing synced every file to the disk, which left a
/// batch's cores waiting on it an eighth of the time.
package enum FileWriter {
    package static func write(_ data: Data, to path: String) throws(FileWriteError) {
        do throws(SystemCallFailure) {
            var status = stat()
            let exists = stat(path, &status) == 0
            if exists && status.st_mode & S_IFMT != S_IFREG {
                try writeThrough(data, to: path)
            } else {
                try replace(resolvingLinks(path), with: data, mode: exists ? status.st_mode & 0o777 : 0o644)
            }
        } catch {
            throw FileWriteError(path: path, reason: String(cString: strerror(error.code)))
        }
    }

    /// Writes `data` to a temporary file renamed over `path`, whatever `path` is now: a link or a device there is
    /// replaced, not followed. For files that only we write, a cache's entries, where anything else is not ours.
    package static func replace(_ path: String, with data: Data) throws(FileWriteError) {
        do throws(SystemCallFailure) {
            try replace(path, with: data, mode: 0o644)
        } catch {
            throw FileWriteError(path: path, reason: String(cString: strerror(error.code)))
        }
    }

    /// Removes the temporary files of the writes in progress and lets no other start: for a process that a signal
    /// is ending, which exits right after. It keeps the lock, so a write on another thread waits until the exit.
    package static func abandonWrites() {
        temporaryFiles.abandon()
    }

    /// Writes every byte of `data` to an open descriptor (stdout), named `name` in the error, retrying when a
    /// signal interrupts the write.
    package static func writeAll(_ data: Data, to descriptor: Int32, named name: String) throws(FileWriteError) {
        if let failure = writeAll(data, descriptor) {
            throw FileWriteError(path: name, reason: String(cString: strerror(failure.code)))
        }
    }

    /// Creates the folder `path` and the folders above it that are missing, as `mkdir -p` does; a folder that is
    /// there already is fine. Its own words where a file is in the way, the system's otherwise.
    package static func makeFolders(_ path: String) throws(FileWriteError) {
        if let reason = missingFolders(path) { throw FileWriteError(path: path, reason: reason) }
    }

    /// nil when `path` is a folder now, else why it could not be made one.
    private static func missingFolders(_ path: String) -> String? {
        if mkdir(path, 0o777) == 0 { return nil }
        switch errno {
        case EEXIST:
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? nil : "a file of that name is in the way"
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return String(cString: strerror(ENOENT)) }
            if let reason = missingFolders(parent) { return reason }
            return mkdir(path, 0o777) == 0 ? nil : String(cString: strerror(errno))
        default:
            return String(cString: strerror(errno))
        }
    }

    /// A system call's failure, by its `errno`.
    private struct SystemCallFailure: Error {
        var code: Int32
        init(_ code: Int32 = errno) { self.code = code }
    }

    /// A device, a FIFO or anything else that is not a regular file: opened as it is and written to.
    private static func writeThrough(_ data: Data, to path: String) throws(SystemCallFailure) {
        // Opening a FIFO waits for its reader, and a signal (a child process ending) may interrupt the wait.
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw SystemCallFailure() }
        try writeAllAndClose(data, descriptor)
    }

    /// Writes a temporary file beside `path`, with the permissions `mode`, and renames it to `path`.
    private static func replace(_ path: String, with data: Data, mode: mode_t) throws(SystemCallFailure) {
        let (descriptor, temporary) = try temporaryFiles.create(beside: path, mode: mode)
        defer { temporaryFiles.forget(temporary) }
        do throws(SystemCallFailure) {
            try writeAllAndClose(data, descriptor)
            guard rename(temporary, path) == 0 else { throw SystemCallFailure() }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// The file a symbolic link ends at, so that replacing it keeps the link; `path` itself when it is no link
    /// or leads nowhere yet.
    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes every byte of `data`, then closes the descriptor whatever happened.
    private static func writeAllAndClose(_ data: Data, _ descriptor: Int32) throws(SystemCallFailure) {
        let failure = writeAll(data, descriptor)
        let closed = close(descriptor) == 0
        if let failure { throw failure }
        guard closed else { throw SystemCallFailure() }
    }

    private static func writeAll(_ data: Data, _ descriptor: Int32) -> SystemCallFailure? {
        data.withUnsafeBytes { buffer -> SystemCallFailure? in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return SystemCallFailure(count < 0 ? errno : EIO) }
                offset += count
            }
            return nil
        }
    }

    private static let temporaryFiles = TemporaryFiles()

    /// The temporary files being written, by every thread, until each is renamed or removed.
    private final class TemporaryFiles: Sendable {
        private let paths = Locked<Set<String>>([])

        /// A new, empty file in the folder of `path`, with a random name, made with `O_EXCL` (never someone
        /// else's file) and `O_NOFOLLOW` (never through a link). Created and listed under the lock, so that
        /// `abandon` sees every file that exists.
        func create(beside path: String, mode: mode_t) throws(SystemCallFailure) -> (descriptor: Int32, path: String) {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            while true {
                let suffix = String(UInt64.random(in: .min ... .max), radix: 36)
                let temporary = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).\(suffix).tmp")
                let (descriptor, failure) = paths.withLock { paths in
                    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
                    let failure = errno
                    if descriptor >= 0 { paths.insert(temporary) }
                    return (descriptor, failure)
                }
                if descriptor >= 0 { return (descriptor, temporary) }
                guard failure == EEXIST else { throw SystemCallFailure(failure) }
            }
        }

        func forget(_ path: String) {
            paths.withLock { _ = $0.remove(path) }
        }

        /// Removes every file listed and keeps the lock for good, since the process is about to exit.
        func abandon() {
            paths.withLockKept { paths in
                for path in paths { unlink(path) }
            }
        }
    }
}

/// A file that could not be written, and what the system said.
package struct FileWriteError: Error, CustomStringConvertible {
    package var path: String
    /// The system's words for it, as `strerror` gives them: "Permission denied".
    package var reason: String

    package var description: String { "\(path): \(reason)" }
}
