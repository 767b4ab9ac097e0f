import Foundation
import Testing

/// A closed or full stdout is exit 74 with no partial file; a closed or full stderr loses the messages and
/// changes nothing else. Each case crashed (Foundation's `FileHandle.write` traps) or was silent before.
@Suite(.serialized, .hangGuard)
struct StandardStreamTests {
    let chart = WheelCommand.sample("astrologyapi")

    @Test(arguments: [">&-", "> /dev/full"])
    func aChartToAClosedOrFullStdoutExits74(redirection: String) throws {
        let result = try WheelCommand.run(["render", chart], shell: #"exec "$0" "$@" "# + redirection)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wheel: stdout: cannot be written: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(arguments: [["layout"], ["normalize"], ["--help"], ["render", "--help"]])
    func everyCommandThatWritesStdoutExits74WhenItIsFull(command: [String]) throws {
        let arguments = command.contains("--help") ? command : command + [chart]
        let result = try WheelCommand.run(arguments, shell: #"exec "$0" "$@" > /dev/full"#)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    }

    @Test func compareSaysSoWhenItsSummaryCannotBeWritten() throws {
        let png = try WheelCommand.scratch().appendingPathComponent("wheel.png")
        #expect(try WheelCommand.run(["render", chart, "-o", png.path]).status == 0)
        let result = try WheelCommand.run(["compare", png.path, png.path], shell: #"exec "$0" "$@" >&-"#)
        #expect(result.status == 74, "\(result.stderr)")
    }

    /// `> out.png` on a disk that fills up: here the file-size limit (`ulimit -f`, in 512-byte blocks) stands
    /// for the disk, and the file keeps what it held before, nothing.
    @Test func aFileBehindStdoutKeepsNoPartialChart() throws {
        let out = try WheelCommand.scratch().appendingPathComponent("out.png")
        let result = try WheelCommand.run(["render", chart, "--size", "2000", "--image-type", "png"],
                                          shell: #"ulimit -f 16; exec "$0" "$@" > "$OUT""#.replacingOccurrences(of: "$OUT", with: out.path))
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int == 0)
    }

    @Test func anOutputFileOverTheSizeLimitLeavesNothingBehind() throws {
        let dir = try WheelCommand.scratch()
        let result = try WheelCommand.run(["render", chart, "--size", "2000", "-o", dir.appendingPathComponent("out.png").path],
                                          shell: #"ulimit -f 16; exec "$0" "$@""#)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test(arguments: ["2>&-", "2> /dev/full"])
    func aClosedOrFullStderrKeepsTheExitCode(redirection: String) throws {
        let missing = try WheelCommand.run(["render", "/nonexistent/chart.json"], shell: #"exec "$0" "$@" "# + redirection)
        #expect(missing.status == 66)
        let unknownFlag = try WheelCommand.run(["render", chart, "--no-such-flag"], shell: #"exec "$0" "$@" "# + redirection)
        #expect(unknownFlag.status == 64)
        let warned = try WheelCommand.run(["render", chart, "--planet-icon-color", "#fff"], shell: #"exec "$0" "$@" "# + redirection)
        #expect(warned.status == 0)
        #expect(warned.stdoutText.hasPrefix("<svg"))
    }

    /// With stderr closed, a file opened for a chart would take its number and the warnings would land in it.
    @Test func aBatchWithAClosedStderrWritesChartsAndOnlyCharts() throws {
        let dir = try WheelCommand.scratch(), out = dir.appendingPathComponent("out")
        // The sample with an unknown body, which each chart warns about while others are being written.
        var text = try String(contentsOfFile: chart, encoding: .utf8)
        text.replaceSubrange(text.range(of: #""planets": ["#)!, with: #""planets": [{"name": "Ceres", "full_degree": 20, "is_retro": "false"},"#)
        let inputs = try (1...24).map { index -> String in
            let file = dir.appendingPathComponent("c\(index).json")
            try Data(text.utf8).write(to: file)
            return file.path
        }
        let result = try WheelCommand.run(["render"] + inputs + ["-o", out.path, "--image-type", "svg"], shell: #"exec "$0" "$@" 2>&-"#)
        #expect(result.status == 0)
        for index in 1...24 {
            let svg = try String(contentsOf: out.appendingPathComponent("c\(index).svg"), encoding: .utf8)
            #expect(svg.hasPrefix("<svg") && !svg.contains("wheel:"))
        }
    }
}
