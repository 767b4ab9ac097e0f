import ChartModel
import Foundation
import Testing
import TestSupport
import WheelRender

/// Fuzzing the JSON decoder: the samples of both services and our own format, mutated byte by byte (flips,
/// insertions of JSON's own punctuation, deletions, repeated and swapped stretches), go through `ChartDecoder`
/// and, when it accepts them, the renderer: a one-line `ChartError` or an SVG, never a crash. A short run goes
/// with the tests; a long one:
/// `CHART_FUZZ_ITERATIONS=20000 CHART_FUZZ_SEED=7 swift test --filter DecoderFuzzTests`.
@Suite
struct DecoderFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["CHART_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 300
    static let seed = environment["CHART_FUZZ_SEED"].flatMap(UInt64.init) ?? 1

    static let seeds: [[UInt8]] = SampleCharts.ids.flatMap { id in
        ["astrologyapi", "freeastrologyapi"].compactMap { try? Array(SampleCharts.data(id, shape: $0)) }
            + [Array((try? SampleCharts.chart(id).jsonData()) ?? Data())]
    }
    static let punctuation = Array("{}[]:,\"\\-0123456789.eE truefalsn\u{0}\u{FF}".utf8)

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes.insert(punctuation.randomElement(using: &rng)!, at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...200, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &rng))
            case 4:
                let other = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.swapAt(at, other)
            default:
                // A number made huge, tiny or not a number at all.
                let replacement = ["1e308", "-1e-320", "3e7", "NaN", "-0", "359.9999999999999", "1e400"].randomElement(using: &rng)!
                bytes.insert(contentsOf: Array(replacement.utf8), at: at)
            }
        }
        return bytes
    }

    @Test func mutatedChartsGiveAnErrorOrADrawing() {
        var rng = SplitMix64(seed: Self.seed)
        var accepted = 0
        for iteration in 0..<Self.iterations {
            let input = Self.mutate(Self.seeds[iteration % Self.seeds.count], &rng)
            do {
                let chart = try ChartDecoder.decode(Data(input)).chart
                #expect(WheelRenderer.svgText(.wheel(chart), options: RenderOptions()).hasSuffix("</svg>\n"))
                accepted += 1
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "iteration \(iteration): \(error)")
            }
        }
        // Some mutations (in a value's digits, in whitespace) leave a readable chart: both paths are exercised.
        #expect(accepted > 0)
    }
}
