import ArgumentParser
import Foundation
import WheelCompare
import WheelRaster

extension Wheel {
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two images (PNG or SVG) the way a person would.",
            discussion: "Exit 0 when they match within the tolerance, 1 when they differ, 65 when an input is not an image, 66 when one is missing.")

        @Argument(help: "The reference image: PNG or SVG.")
        var expected: String

        @Argument(help: "The image to check: PNG or SVG. An SVG is drawn at the other side's size.")
        var actual: String

        @Option(help: "Colour distance, 0 (exact) to 1, under which two pixels count as the same.")
        var threshold: Double = 0.1

        @Option(name: .customLong("max-diff-pixels"), help: "How many pixels may differ (default 0).")
        var maxDiffPixels: Int?

        @Option(name: .customLong("max-diff-ratio"), help: "What share of the pixels may differ, 0 to 1.")
        var maxDiffRatio: Double?

        @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels that differ too.")
        var includeAA = false

        @Option(help: "Write a picture of expected, the differences and actual side by side to this PNG.")
        var diff: String?

        func validate() throws {
            guard (0...1).contains(threshold) else { throw ValidationError("--threshold takes a number from 0 to 1.") }
            if maxDiffPixels != nil && maxDiffRatio != nil { throw ValidationError("Give --max-diff-pixels or --max-diff-ratio, not both.") }
            if let n = maxDiffPixels, n < 0 { throw ValidationError("--max-diff-pixels cannot be negative.") }
            if let r = maxDiffRatio, !(0...1).contains(r) { throw ValidationError("--max-diff-ratio takes a number from 0 to 1.") }
            // stdout carries the summary line; a PNG after it would be neither a line nor a PNG.
            if diff == "-" { throw ValidationError("--diff takes a file name: stdout carries the summary line.") }
        }

        func run() throws {
            var same = false
            try reportingFailures {
                let inputs = try [expected, actual].map { path in
                    do {
                        return try ImageInput(data: try ChartInput.read(path, limit: 200 * 1024 * 1024))
                    } catch let error as RasterError {
                        throw Failure(code: Failure.dataError, message: "\(path): \(error.message)")
                    }
                }
                let difference: ImageDifference
                do {
                    difference = try ImageComparison(threshold: threshold, includeAntialiasing: includeAA).compare(expected: inputs[0], actual: inputs[1])
                } catch let error as RasterError {
                    throw Failure(code: Failure.dataError, message: error.message)
                }
                let tolerance: ImageDifference.Tolerance = maxDiffRatio.map { .ratio($0) } ?? .pixels(maxDiffPixels ?? 0)
                same = difference.isWithin(tolerance)
                try Output.writeToStandardOutput(Data(((same ? "same: " : "differ: ") + difference.summary + "\n").utf8))
                if let diff {
                    do {
                        try Output.write(try Rasterizer.encodePNG(difference.picture()), to: diff)
                    } catch let error as RasterError {
                        throw Failure(code: Failure.software, message: "diff picture: \(error.message)")
                    }
                }
            }
            if !same { throw ExitCode(1) }
        }
    }
}
