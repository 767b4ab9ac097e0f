import Foundation
import Testing

/// `wheel render INPUT... -o DIR`: many charts in one process, failures reported and skipped.
@Suite(.serialized)
struct BatchRenderTests {
    @Test func everyInputBecomesAFileInTheFolder() throws {
        let dir = try WheelCommand.scratch()
        let ids = ["a_2000_mumbai", "b_1990_newyork", "c_1879_ulm", "d_1962_newdelhi"]
        let result = try WheelCommand.run(["render"] + ids.map { WheelCommand.sample("astrologyapi", $0) } + ["-o", dir.path, "--size", "300"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ids.map { "\($0).png" }, "one PNG each and no temporary file")
        for id in ids {
            #expect(try Data(contentsOf: dir.appendingPathComponent("\(id).png")).pngSize?.0 == 300)
        }
        // The same bytes as one at a time.
        let single = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi", "c_1879_ulm"), "--size", "300", "--image-type", "png"])
        #expect(single.stdout == (try Data(contentsOf: dir.appendingPathComponent("c_1879_ulm.png"))))
    }

    @Test func aFailedInputIsReportedAndSkippedAndTheExitCodeSaysSo() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let bad = dir.appendingPathComponent("broken.json")
        try Data("{\"planets\": 3}".utf8).write(to: bad)
        let result = try WheelCommand.run(["render", bad.path, WheelCommand.sample("astrologyapi"), "/nonexistent.json", "--out-dir", out.path, "--image-type", "svg"])
        #expect(result.status == 65, "the first failure's code")
        #expect(result.stderr.contains("broken.json: unrecognised chart format"))
        #expect(result.stderr.contains("/nonexistent.json: no such file"))
        #expect(result.stderr.contains("rendered 1 of 3 charts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["a_2000_mumbai.svg"])
    }

    @Test func inputsThatWouldOverwriteEachOtherAreRefused() throws {
        let dir = try WheelCommand.scratch()
        let sample = WheelCommand.sample("astrologyapi")
        let result = try WheelCommand.run(["render", sample, WheelCommand.sample("freeastrologyapi"), "-o", dir.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("a_2000_mumbai.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aMissingFolderExits73() throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), WheelCommand.sample("astrologyapi", "c_1879_ulm"), "-o", "/nonexistent/folder"])
        #expect(result.status == 73)
    }
}
