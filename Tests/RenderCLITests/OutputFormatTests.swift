import Foundation
import Testing

/// What is written where: the format from --image-type or the output's extension, an extension we do not write
/// refused, and PNG never sent to a terminal.
@Suite(.serialized, .hangGuard)
struct OutputFormatTests {
    @Test(arguments: [["render", WheelCommand.sample("astrologyapi")], ["image", "--chart", WheelCommand.sample("astrologyapi"), "--offline", "--no-cache"]])
    func anExtensionWeDoNotWriteIsRefusedWithOneLine(command: [String]) throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("chart.jpg").path
        let result = try WheelCommand.run(command + ["-o", out])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wheel: \(out): "))
        #expect(result.stderr.contains(".svg") && result.stderr.contains(".png"), "names the accepted extensions")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func theImageTypeSaysWhatToWriteWhateverTheName() throws {
        let dir = try WheelCommand.scratch()
        let flag = dir.appendingPathComponent("flag.jpg")
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", flag.path, "--image-type", "png"]).status == 0)
        #expect(try Data(contentsOf: flag).pngSize?.0 == 600)
        let options = dir.appendingPathComponent("options.json")
        try Data(#"{"image_type": "svg"}"#.utf8).write(to: options)
        let file = dir.appendingPathComponent("file.jpg")
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", file.path, "--options", options.path]).status == 0)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).hasPrefix("<svg"))
    }

    @Test func theExtensionSetsTheFormatInAnyCaseAndNoExtensionMeansSVG() throws {
        let dir = try WheelCommand.scratch()
        let upper = dir.appendingPathComponent("wheel.PNG"), bare = dir.appendingPathComponent("wheel")
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", upper.path]).status == 0)
        #expect(try Data(contentsOf: upper).pngSize != nil)
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", bare.path]).status == 0)
        #expect(String(decoding: try Data(contentsOf: bare), as: UTF8.self).hasPrefix("<svg"))
    }

    @Test(arguments: [[], ["-o", "-"]])
    func pngIsNeverWrittenToATerminal(output: [String]) throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--image-type", "png"] + output, onTerminal: true)
        #expect(result.status == 64)
        #expect(result.stderr.contains("terminal") && result.stderr.contains("-o"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing reached the terminal")
        // Redirected, the same command writes the PNG.
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--image-type", "png"] + output).stdout.pngSize?.0 == 600)
    }

    @Test func svgMayGoToATerminal() throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi")], onTerminal: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("<svg "))
    }
}
