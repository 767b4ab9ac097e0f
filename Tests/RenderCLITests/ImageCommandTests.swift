import Foundation
import Testing

/// `wheel image` always writes a chart and says where it came from. (The download itself is tested against a
/// loopback server in ChartImagesTests.)
@Suite(.serialized, .hangGuard)
struct ImageCommandTests {
    private func run(_ response: String?, _ extra: [String] = [], output: String = "chart.png") throws -> (WheelCommand.Result, URL) {
        let dir = try WheelCommand.scratch()
        var arguments = ["image", "--chart", WheelCommand.sample("astrologyapi"), "-o", dir.appendingPathComponent(output).path,
                         "--cache-dir", dir.appendingPathComponent("cache").path]
        if let response {
            let file = dir.appendingPathComponent("response.json")
            try Data(response.utf8).write(to: file)
            arguments += ["--response", file.path]
        }
        return (try WheelCommand.run(arguments + extra), dir.appendingPathComponent(output))
    }

    @Test func aFailedAPIResponseStillGivesAChart() throws {
        let (result, output) = try run(#"{"status": false, "msg": "Invalid API key"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "source: fallback (API status false: Invalid API key)\n")
        #expect(try Data(contentsOf: output).pngSize?.0 == 600)
    }

    /// The longest budget there is: no machine is slow enough to spend it, so the refusal alone ends the wait
    /// (the budget's own timing is tested on a manual clock in RemoteChartsTests).
    @Test func anUnreachableImageFallsBackSayingTheConnectionWasRefused() throws {
        let (result, output) = try run(#"{"status": true, "chart_url": "http://127.0.0.1:9/chart.svg"}"#, ["--timeout", "120", "--chart-size", "300"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("source: fallback ("))
        #expect(try Data(contentsOf: output).pngSize?.0 == 300)
        #expect(result.stderr.contains("connection refused"), "told by the error's type: \(result.stderr)")
        #expect(!result.stderr.contains("timeout"), "\(result.stderr)")
    }

    @Test func offlineWithNothingCachedDrawsLocallyAndSaysWhy() throws {
        let (result, output) = try run(nil, ["--offline"], output: "chart.svg")
        #expect(result.status == 0)
        #expect(result.stderr == "source: fallback (offline, and nothing cached for this chart)\n")
        #expect(String(decoding: try Data(contentsOf: output), as: UTF8.self).hasPrefix("<svg"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        #expect(try run(nil, ["--timeout", "0"]).0.status == 64)
        #expect(try run(nil, ["--unsafe-svg", "maybe"]).0.status == 64)
        #expect(try run(nil, ["--cache-max-charts", "0"]).0.status == 64)
        let missing = try WheelCommand.run(["image", "--chart", "/nonexistent.json", "-o", "/tmp/x.png"])
        #expect(missing.status == 66)
    }
}
