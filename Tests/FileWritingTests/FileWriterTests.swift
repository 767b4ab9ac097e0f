import FileWriting
import Foundation
import Testing
import TestSupport

/// A file is written whole or not at all; what cannot be renamed over is written through.
@Suite(.hangGuard)
final class FileWriterTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    @Test func aNewFileAndAReplacedOneLeaveNoTemporaryFileBehind() throws {
        let file = folder.appendingPathComponent("out.svg")
        try FileWriter.write(Data("first".utf8), to: file.path)
        try FileWriter.write(Data("second".utf8), to: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == "second")
        #expect(try contents() == ["out.svg"])
    }

    @Test func foldersAreMadeWithTheFoldersAboveThemOrSayWhyNot() throws {
        let nested = folder.appendingPathComponent("wheels/2026/november").path
        try FileWriter.makeFolders(nested)
        try FileWriter.makeFolders(nested)  // there already: fine
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isFolder) && isFolder.boolValue)
        let file = folder.appendingPathComponent("notes.txt")
        try FileWriter.write(Data("x".utf8), to: file.path)
        #expect { try FileWriter.makeFolders(file.path) } throws: { ($0 as? FileWriteError)?.reason == "a file of that name is in the way" }
        #expect { try FileWriter.makeFolders(file.path + "/wheels") } throws: { ($0 as? FileWriteError)?.reason == "Not a directory" }
    }

    @Test func aFailedWriteSaysWhyAndLeavesNothingBehind() throws {
        let file = folder.appendingPathComponent("missing-folder/out.svg")
        #expect {
            try FileWriter.write(Data("x".utf8), to: file.path)
        } throws: { error in
            "\(error)" == "\(file.path): No such file or directory"
        }
        let directory = folder.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(throws: FileWriteError.self) { try FileWriter.write(Data("x".utf8), to: directory.path) }
        #expect(try contents() == ["a-folder"], "no temporary file left")
    }

    @Test func aSymbolicLinkStaysALinkToTheNewContents() throws {
        let target = folder.appendingPathComponent("target.png"), link = folder.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try FileWriter.write(Data("new".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try contents() == ["link.png", "target.png"])
    }

    /// A private file stays private: the new file is not made readable by others.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let file = folder.appendingPathComponent("private.svg")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        try FileWriter.write(Data("new".utf8), to: file.path)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
    }

    /// For files that are only ever ours: whatever is at the path is replaced, a link is not followed.
    @Test func replacingAPathReplacesALinkRatherThanItsTarget() throws {
        let target = folder.appendingPathComponent("theirs.txt"), link = folder.appendingPathComponent("ours.json")
        try Data("theirs".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try FileWriter.replace(link.path, with: Data("ours".utf8))
        #expect(try String(contentsOf: target, encoding: .utf8) == "theirs")
        #expect(try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOf: link, encoding: .utf8) == "ours")
    }

    /// A device is written through, never renamed over (as root a rename over it succeeds, and would leave a
    /// regular file in its place): `/dev/null` is still the character device it was, with no temporary file
    /// left beside it, and `/dev/full`, which refuses every byte written to it, says so.
    @Test func aDeviceIsWrittenThrough() throws {
        var before = stat(), after = stat()
        #expect(stat("/dev/null", &before) == 0)
        try FileWriter.write(Data("discarded".utf8), to: "/dev/null")
        #expect(stat("/dev/null", &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a character device")
        #expect(after.st_ino == before.st_ino && after.st_rdev == before.st_rdev, "/dev/null was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.") }.isEmpty)

        // The bytes reach the device: /dev/full answers the write with "No space left on device".
        #expect(stat("/dev/full", &before) == 0)
        #expect {
            try FileWriter.write(Data("refused".utf8), to: "/dev/full")
        } throws: { error in
            (error as? FileWriteError)?.reason == String(cString: strerror(ENOSPC))
        }
        #expect(stat("/dev/full", &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev, "/dev/full was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".full.") }.isEmpty)
    }

    @Test func aFIFOIsWrittenThrough() async throws {
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // Opening a FIFO for writing waits for a reader, so the reader starts first.
        let reader = Task.detached { try FileHandle(forReadingFrom: fifo).readToEnd() }
        try FileWriter.write(Data("through the pipe".utf8), to: fifo.path)
        #expect(try await reader.value == Data("through the pipe".utf8))
    }
}
