import Foundation
@testable import RemoteCharts
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// Random mutations of the hostile corpus through the validator: an error or pixels, never a crash, never markup.
///
/// A few dozen run with the tests; for a real run, ask for more (and another seed to explore further):
/// `CHART_FUZZ_ITERATIONS=20000 CHART_FUZZ_SEED=7 swift test --filter SVGFuzzTests`.
@Suite(.hangGuard)
struct SVGFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["CHART_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 40
    static let seed = environment["CHART_FUZZ_SEED"].flatMap(UInt64.init) ?? 1

    /// Whole elements and pieces of CSS and XML that make a mutation active, nested or malformed.
    static let tokens = [
        "<script>x()</script>", "<![CDATA[ ]]>", "<!-- -->", "<?xml-stylesheet href=\"x.css\"?>", "<desc/>",
        "<a href=\"java&#9;script:x()\"><rect width=\"5\" height=\"5\"/></a>", "<set attributeName=\"href\" to=\"javascript:x()\"/>",
        "<style>rect { fill: var(--a) } :root { --a: var(--b) var(--b); --b: var(--a) }</style>", "<style>@import url(x.css);</style>",
        "<use href=\"#r\"/>", "<g id=\"r\"><use href=\"#r\"/></g>", "<svg width=\"1e30\" height=\"1e30\"/>", "<image href=\"data:,\"/>",
        "<text>&amp;&#0;&#xFFFE;</text>", "<filter id=\"f\"><feGaussianBlur stdDeviation=\"1e9\"/></filter><rect filter=\"url(#f)\"/>",
        "\"", "'", "<", ">", "&", "\u{FEFF}", "javascript:", "onload=\"x()\" ",
    ]

    /// Where an insertion keeps the document well-formed more often than not: just after a tag.
    static func boundary(_ bytes: [UInt8], using random: inout SplitMix64) -> Int {
        let ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: ">") }
        return ends.isEmpty ? 0 : ends.randomElement(using: &random)! + 1
    }

    /// An element or a tag of `bytes`: from a `<` to the next `>`.
    static func piece(of bytes: [UInt8], using random: inout SplitMix64) -> ArraySlice<UInt8> {
        let starts = bytes.indices.filter { bytes[$0] == UInt8(ascii: "<") }
        guard let start = starts.randomElement(using: &random), let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return [] }
        return bytes[start...end]
    }

    @Test func mutatedHostileSVGsGiveAnErrorOrPixels() throws {
        var random = SplitMix64(seed: Self.seed)
        let corpus = HostileSVG.corpus
        let markers = corpus.map { Data($0.marker.utf8) }
        let validator = ImageValidator(unsafeSVG: .rasterize)
        var rasterized = 0
        for iteration in 0..<Self.iterations {
            var bytes = [UInt8](corpus.randomElement(using: &random)!.svg)
            for _ in 0..<Int.random(in: 1...3, using: &random) { Self.mutate(&bytes, corpus: corpus, using: &random) }
            let format: RenderOptions.ImageType = iteration.isMultiple(of: 2) ? .png : .svg
            let output: Data
            do {
                output = try validator.accept(Data(bytes), contentType: nil, as: format, size: 250)
            } catch {
                continue  // refused, which is safe
            }
            rasterized += 1
            let case_ = "iteration \(iteration), seed \(Self.seed): \(String(decoding: bytes.prefix(300), as: UTF8.self))"
            #expect(!markers.contains { output.contains($0) }, "a marker came through: \(case_)")
            #expect(HostileSVGTests.pixels(of: output, format: format) != nil, "neither a PNG nor our minimal SVG: \(case_)")
        }
        #expect(rasterized > 0 || Self.iterations < 10, "some mutations still draw")
    }

    static func mutate(_ bytes: inout [UInt8], corpus: [HostileSVG], using random: inout SplitMix64) {
        let at = boundary(bytes, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:  // an element of another payload
            bytes.insert(contentsOf: piece(of: [UInt8](corpus.randomElement(using: &random)!.svg), using: &random), at: at)
        case 1:  // one of ours, repeated
            let element = piece(of: bytes, using: &random)
            for _ in 0..<Int.random(in: 1...8, using: &random) { bytes.insert(contentsOf: element, at: at) }
        case 2:  // a cut
            let start = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...40, using: &random)))
        case 3:  // one byte changed
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        default:
            bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
        }
    }
}
