import Foundation
import Testing
@testable import WheelRender

/// Our PNG encoder's streams are read back by cairo (libpng and zlib), pixel for pixel.
struct PNGEncoderTests {
    /// Flat runs of every length around the deflate limits (1, 2, 3, 258, 259, longer), edge pixels between,
    /// at widths that split runs across rows.
    @Test(arguments: [1, 2, 7, 300, 1201])
    func runsAndEdgesSurviveARoundTrip(width: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width))
        let height = 37
        var pixels: [UInt8] = []
        var colour: [UInt8] = [255, 255, 255]
        while pixels.count < width * height * 4 {
            let run = [1, 2, 3, 4, 86, 258, 259, 700][Int.random(in: 0..<8, using: &generator)]
            if Bool.random(using: &generator) { colour = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            for _ in 0..<run { pixels += colour + [255] }
        }
        let image = RGBAImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 4)))
        #expect(try Rasterizer.decodePNG(Rasterizer.encodePNG(image)) == image)
    }

    @Test func noiseWithTransparencySurvivesARoundTrip() throws {
        var generator = SeededGenerator(seed: 7)
        var pixels: [UInt8] = []
        for _ in 0..<(64 * 48) {
            // Fully transparent or opaque: cairo premultiplies, so only these two come back exactly.
            pixels += Bool.random(using: &generator)
                ? [0, 0, 0, 0] : [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), 0, 255]
        }
        let image = RGBAImage(width: 64, height: 48, pixels: pixels)
        #expect(try Rasterizer.decodePNG(Rasterizer.encodePNG(image)) == image)
    }

    @Test func aWheelIsCompressedAboutAsWellAsZlib() throws {
        let png = try WheelRenderer.png(for: try Samples.chart("a_2000_mumbai"))
        // zlib at its fastest writes about 135 KB for this wheel; raw RGB would be over 1 MB.
        #expect(png.count < 160_000, "\(png.count) bytes")
    }

    /// Skewed counts (a Fibonacci series) would give Huffman codes 30 bits long; deflate allows 15.
    @Test func codeLengthsStayWithinTheLimitAndFormACompleteCode() {
        var counts = [1, 1]
        while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(for: counts + [0, 0], limit: limit)
            #expect(lengths.allSatisfy { $0 <= limit })
            #expect(lengths.suffix(2) == [0, 0], "unused symbols get no code")
            let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1)
        }
        // One used symbol still makes a code of two, which decoders accept.
        #expect(HuffmanCode.lengths(for: [0, 0, 5], limit: 7).filter { $0 > 0 } == [1, 1])
    }
}

/// A small deterministic generator (SplitMix64), so that a failing case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
