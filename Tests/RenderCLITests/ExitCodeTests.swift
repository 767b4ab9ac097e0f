import Foundation
import Testing

/// Every documented exit code, its one-line message, and no output file left by a failed run.
@Suite(.serialized, .hangGuard)
struct ExitCodeTests {
    @Test(arguments: [
        ("", 65, "empty"),
        ("not json", 65, "not JSON"),
        (#"{"planets": [{"name": "Sun", "sign": "Aries", "full_degree": 400, "is_retro": "false"}], "houses": [], "aspects": []}"#, 65, "planets[0].full_degree: 400"),
        (#"{"hello": 1}"#, 65, "unrecognised"),
    ])
    func badDataExits65AndLeavesNoFile(input: String, code: Int32, message: String) throws {
        let dir = try WheelCommand.scratch()
        let inputFile = dir.appendingPathComponent("in.json"), out = dir.appendingPathComponent("out.svg")
        try Data(input.utf8).write(to: inputFile)
        let result = try WheelCommand.run(["render", inputFile.path, "-o", out.path])
        #expect(result.status == code)
        #expect(result.stderr.hasPrefix("wheel: \(inputFile.path): "), "names the input: \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aMissingInputExits66() throws {
        let result = try WheelCommand.run(["render", "/nonexistent/chart.json"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/nonexistent/chart.json"))
    }

    @Test(arguments: [
        ["render", WheelCommand.sample("astrologyapi"), "--no-such-flag"],
        ["render", WheelCommand.sample("astrologyapi"), "--planet-icon-color", "red;stroke:url(#x)"],
        ["render", WheelCommand.sample("astrologyapi"), "--size", "99999"],
        ["render"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try WheelCommand.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }

    @Test(arguments: ["render", "layout"])
    func aSizeBelowTheSmallestReadableOneExits64NamingBoth(command: String) throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("out.svg")
        let result = try WheelCommand.run([command, WheelCommand.sample("astrologyapi"), "--size", "249"] + (command == "render" ? ["-o", out.path] : []))
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("249 is below 250"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anOutputThatCannotBeCreatedExits73() throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", "/nonexistent/dir/out.png"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("/nonexistent/dir/out.png"))
    }

    @Test func inputsOver10MBAreRefused() throws {
        let dir = try WheelCommand.scratch()
        let big = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 10 * 1024 * 1024 + 1).write(to: big)
        let result = try WheelCommand.run(["render", big.path, "-o", dir.appendingPathComponent("out.svg").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("10 MB"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.json"])
    }
}
