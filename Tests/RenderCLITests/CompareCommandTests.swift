import Foundation
import Testing

/// `wheel compare` on files a user has: PNG against PNG or SVG, tolerances, the diff picture, exit codes.
@Suite(.serialized, .hangGuard)
struct CompareCommandTests {
    static let wheels = WheelCommand.samples.appendingPathComponent("wheels")

    static func wheel(_ name: String) -> String { wheels.appendingPathComponent(name).path }

    @Test func aWheelMatchesItsOwnSVG() throws {
        let result = try WheelCommand.run(["compare", Self.wheel("a_2000_mumbai-light.png"), Self.wheel("a_2000_mumbai-light.svg")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("same: 0 of 360000 pixels differ"))
    }

    @Test func differentWheelsExit1WithASummaryAndADiffPicture() throws {
        let dir = try WheelCommand.scratch()
        let diff = dir.appendingPathComponent("diff.png").path
        let result = try WheelCommand.run(["compare", Self.wheel("a_2000_mumbai-light.png"), Self.wheel("b_1990_newyork-light.png"), "--diff", diff])
        #expect(result.status == 1)
        #expect(result.stdoutText.hasPrefix("differ: "))
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: diff)).pngSize?.0 == 600 * 3 + 8)
    }

    @Test func toleranceOptionsDecide() throws {
        let a = Self.wheel("a_2000_mumbai-light.png"), b = Self.wheel("b_1990_newyork-light.png")
        #expect(try WheelCommand.run(["compare", a, b, "--max-diff-ratio", "1"]).status == 0)
        #expect(try WheelCommand.run(["compare", a, b, "--max-diff-pixels", "10"]).status == 1)
        #expect(try WheelCommand.run(["compare", a, b, "--threshold", "1"]).status == 0, "threshold 1 tolerates any colour")
        let counted = try WheelCommand.run(["compare", a, b, "--include-aa"]).stdoutText
        #expect(!counted.contains("anti-aliased"))
        #expect(try WheelCommand.run(["compare", a, b, "--max-diff-pixels", "1", "--max-diff-ratio", "0.1"]).status == 64)
        let diffToStdout = try WheelCommand.run(["compare", a, b, "--diff", "-"])
        #expect(diffToStdout.status == 64, "the diff picture is a PNG and stdout has the summary line")
        #expect(diffToStdout.stdout.isEmpty)
    }

    @Test func sizesThatDifferAreSaid() throws {
        let small = try WheelCommand.scratch().appendingPathComponent("small.png").path
        #expect(try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", small, "--size", "300"]).status == 0)
        let result = try WheelCommand.run(["compare", Self.wheel("a_2000_mumbai-light.png"), small])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("expected 600×600, actual 300×300"))
    }

    @Test func notAnImageExits65AndMissingExits66() throws {
        let dir = try WheelCommand.scratch()
        let html = dir.appendingPathComponent("error.png")
        try Data("<!DOCTYPE html><title>502 Bad Gateway</title>".utf8).write(to: html)
        let notImage = try WheelCommand.run(["compare", Self.wheel("a_2000_mumbai-light.png"), html.path])
        #expect(notImage.status == 65)
        #expect(notImage.stderr.contains("not an image: an HTML page"))
        let truncated = dir.appendingPathComponent("cut.png")
        try Data(contentsOf: URL(fileURLWithPath: Self.wheel("a_2000_mumbai-light.png"))).prefix(5000).write(to: truncated)
        #expect(try WheelCommand.run(["compare", Self.wheel("a_2000_mumbai-light.png"), truncated.path]).status == 65)
        #expect(try WheelCommand.run(["compare", "/nonexistent.png", Self.wheel("a_2000_mumbai-light.png")]).status == 66)
    }
}
