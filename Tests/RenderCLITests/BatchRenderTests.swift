import Foundation
import Testing

/// `wheel render INPUT... -o DIR`: many charts in one process, failures reported and skipped.
@Suite(.serialized, .hangGuard)
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

    @Test func aFailedInputIsReportedOnALineThatNamesItAndSkipped() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let bad = dir.appendingPathComponent("broken.json")
        try Data("{\"planets\": 3}".utf8).write(to: bad)
        let outOfRange = dir.appendingPathComponent("b.json")
        try Data(#"{"planets": [{"name": "Sun", "full_degree": 10}, {"name": "Moon", "full_degree": 400}], "houses": []}"#.utf8).write(to: outOfRange)
        // A folder where one output should go: that chart reads and draws, but cannot be written.
        let blocked = WheelCommand.sample("astrologyapi", "c_1879_ulm")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("c_1879_ulm.svg"), withIntermediateDirectories: false)
        let inputs = [bad.path, WheelCommand.sample("astrologyapi"), "/nonexistent.json", outOfRange.path, blocked]
        let result = try WheelCommand.run(["render"] + inputs + ["--out-dir", out.path, "--image-type", "svg"])
        #expect(result.status == 65, "the first failure's code")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("wheel: \(bad.path): unrecognised chart format") == true, "\(lines)")
        #expect(Array(lines.dropFirst()) == [
            "wheel: /nonexistent.json: no such file",
            "wheel: \(outOfRange.path): planets[1].full_degree: 400 is outside 0..<360",
            "wheel: \(blocked): \(out.path)/c_1879_ulm.svg: cannot be created: Is a directory",
            "wheel: rendered 1 of 5 charts into \(out.path); 4 failed",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a_2000_mumbai.svg", "c_1879_ulm.svg"])
    }

    /// An orb of 3·10⁷ once trapped the SVG writer and took the whole batch down: it is bad input, and the rest are drawn.
    @Test func anOrbOutOfRangeFailsItsChartOnly() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("out")
        var chart = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: WheelCommand.sample("astrologyapi", "b_1990_newyork")))) as? [String: Any])
        var aspects = try #require(chart["aspects"] as? [[String: Any]])
        aspects[0]["orb"] = 3e7
        chart["aspects"] = aspects
        let hostile = dir.appendingPathComponent("orb.json")
        try JSONSerialization.data(withJSONObject: chart).write(to: hostile)
        let inputs = [WheelCommand.sample("astrologyapi"), hostile.path, WheelCommand.sample("astrologyapi", "c_1879_ulm")]
        let result = try WheelCommand.run(["render"] + inputs + ["-o", out.path, "--image-type", "svg"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "wheel: \(hostile.path): aspects[0].orb: 30000000 is outside -30...30",
            "wheel: rendered 2 of 3 charts into \(out.path); 1 failed",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a_2000_mumbai.svg", "c_1879_ulm.svg"])
    }

    @Test func inputsThatWouldOverwriteEachOtherAreRefused() throws {
        let dir = try WheelCommand.scratch()
        let sample = WheelCommand.sample("astrologyapi")
        let result = try WheelCommand.run(["render", sample, WheelCommand.sample("freeastrologyapi"), "-o", dir.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("a_2000_mumbai.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aMissingFolderIsCreatedWithTheFoldersAboveIt() throws {
        let out = try WheelCommand.scratch().appendingPathComponent("wheels/2026/november")
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), WheelCommand.sample("astrologyapi", "c_1879_ulm"), "-o", out.path, "--size", "250"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a_2000_mumbai.png", "c_1879_ulm.png"])
    }

    @Test func severalChartsIntoAFileNameAreRefusedNotMadeAFolder() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("wheel.png")
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), WheelCommand.sample("astrologyapi", "c_1879_ulm"), "-o", out.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("2 charts go into a folder, and \(out.path) names a file"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aFolderThatCannotBeCreatedExits73AndSaysWhy() throws {
        let dir = try WheelCommand.scratch()
        let file = dir.appendingPathComponent("notes.txt")
        try Data("x".utf8).write(to: file)
        for (folder, reason) in [(file.path, "a file of that name is in the way"), (file.path + "/wheels", "Not a directory")] {
            let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), WheelCommand.sample("astrologyapi", "c_1879_ulm"), "--out-dir", folder])
            #expect(result.status == 73)
            #expect(result.stderr == "wheel: \(folder): the folder cannot be created: \(reason)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes.txt"])
    }
}
