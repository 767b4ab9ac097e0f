import ChartModel
import FileWriting
import Foundation
import WheelRaster

/// Checks renders against golden files: the SVG text exactly, the PNG within a tolerance. When they differ it
/// leaves the evidence (the actual SVG and PNG, and an expected | mask | actual picture) in `artifacts`; in
/// record mode it writes the goldens instead.
public struct GoldenCheck: Sendable {
    /// The folder of the golden SVGs and PNGs.
    public var goldens: URL
    /// Where a failure leaves its evidence: the actual SVG and PNG and the diff picture.
    public var artifacts: URL
    /// Write the goldens instead of checking them (`WHEEL_RECORD_GOLDENS=1`).
    public var record: Bool
    /// How PNG pixels are compared (a threshold of 0.05 by default).
    public var comparison: ImageComparison
    /// How many differing pixels a PNG may have (0.01 % by default).
    public var tolerance: ImageDifference.Tolerance

    /// A check of the goldens in `goldens`, its evidence in `artifacts`; the tight defaults of this project's own tests.
    public init(goldens: URL, artifacts: URL, record: Bool = false,
                comparison: ImageComparison = ImageComparison(threshold: 0.05), tolerance: ImageDifference.Tolerance = .ratio(0.0001)) {
        self.goldens = goldens
        self.artifacts = artifacts
        self.record = record
        self.comparison = comparison
        self.tolerance = tolerance
    }

    /// `WHEEL_RECORD_GOLDENS=1` records; `GOLDEN_ARTIFACTS` names the evidence folder, else `.build/golden-artifacts`
    /// under `packageRoot`.
    public static func fromEnvironment(goldens: URL, packageRoot: URL) -> GoldenCheck {
        let environment = ProcessInfo.processInfo.environment
        let artifacts = environment["GOLDEN_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent(".build/golden-artifacts")
        return GoldenCheck(goldens: goldens, artifacts: artifacts, record: environment["WHEEL_RECORD_GOLDENS"] == "1")
    }

    /// `nil` when the render matches its goldens (or was recorded), else what differs and where the evidence is.
    public func verify(name: String, svg: String, png: Data) -> String? {
        let svgURL = goldens.appendingPathComponent("\(name).svg"), pngURL = goldens.appendingPathComponent("\(name).png")
        if record {
            do {
                try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
                try FileWriter.write(Data(svg.utf8), to: svgURL.path)
                try FileWriter.write(png, to: pngURL.path)
                return nil
            } catch {
                return "golden \(name): cannot record: \(error)"
            }
        }
        guard let goldenSVG = try? String(contentsOf: svgURL, encoding: .utf8), let goldenPNG = try? Data(contentsOf: pngURL) else {
            return "golden \(name): no golden at \(pngURL.path) and .svg; record with WHEEL_RECORD_GOLDENS=1 swift test"
        }
        var problems: [String] = []
        if goldenSVG != svg {
            problems.append("SVG differs from line \(Self.firstDifferingLine(goldenSVG, svg))")
        }
        var difference: ImageDifference?
        do {
            let found = try comparison.compare(expected: .png(goldenPNG), actual: .png(png))
            if !found.isWithin(tolerance) { problems.append("PNG: " + found.summary) }
            difference = found
        } catch {
            problems.append("PNG: \(error)")
        }
        guard !problems.isEmpty else { return nil }
        return "golden \(name): " + problems.joined(separator: "; ") + "; " + writeEvidence(name: name, svg: svg, png: png, difference: difference)
    }

    private func writeEvidence(name: String, svg: String, png: Data, difference: ImageDifference?) -> String {
        do {
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            let actualPNG = artifacts.appendingPathComponent("\(name).actual.png")
            try FileWriter.write(Data(svg.utf8), to: artifacts.appendingPathComponent("\(name).actual.svg").path)
            try FileWriter.write(png, to: actualPNG.path)
            guard let difference else { return "actual written to \(actualPNG.path)" }
            let diff = artifacts.appendingPathComponent("\(name).diff.png")
            try FileWriter.write(Rasterizer.encodePNG(difference.picture()), to: diff.path)
            return "actual written to \(actualPNG.path), diff picture (expected | differences | actual) to \(diff.path)"
        } catch {
            return "could not write the evidence to \(artifacts.path): \(error)"
        }
    }

    private static func firstDifferingLine(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false), right = b.split(separator: "\n", omittingEmptySubsequences: false)
        return (zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)) + 1
    }
}
