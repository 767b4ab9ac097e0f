import Foundation
import Testing
import TestSupport
@testable import WheelRaster
import WheelRender

/// Our PNG encoder's streams are read back by cairo (libpng and zlib), pixel for pixel.
@Suite
struct PNGEncoderTests {
    /// Flat runs of every length around the deflate limits (1, 2, 3, 258, 259, longer), edge pixels between,
    /// at widths that split runs across rows.
    @Test(arguments: [1, 2, 7, 300, 1201])
    func runsAndEdgesSurviveARoundTrip(width: Int) throws {
        let height = 37
        var pixels: [UInt8] = []
        var colour: [UInt8] = [255, 255, 255]
        var step = width
        while pixels.count < width * height * 4 {
            step += 1
            let run = [1, 2, 3, 4, 86, 258, 259, 700][(step * 5) % 8]
            // Every third run keeps the colour before it, so runs also meet runs of the same colour.
            if step % 3 != 0 { colour = [UInt8(step * 37 % 256), UInt8(step * 101 % 256), UInt8(step * 13 % 256)] }
            for _ in 0..<run { pixels += colour + [255] }
        }
        let image = RGBAImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 4)))
        #expect(try Rasterizer.decodePNG(Rasterizer.encodePNG(image)) == image)
    }

    @Test func noiseWithTransparencySurvivesARoundTrip() throws {
        var pixels: [UInt8] = []
        for index in 0..<(64 * 48) {
            // Fully transparent or opaque: cairo premultiplies, so only these two come back exactly.
            let noise = (index &* 2_654_435_761) >> 7
            pixels += noise % 3 == 0 ? [0, 0, 0, 0] : [UInt8(noise % 251), UInt8(noise / 251 % 256), 0, 255]
        }
        let image = RGBAImage(width: 64, height: 48, pixels: pixels)
        #expect(try Rasterizer.decodePNG(Rasterizer.encodePNG(image)) == image)
    }

    @Test func aWheelIsCompressedAboutAsWellAsZlib() throws {
        let png = try WheelRenderer.png(.wheel(try SampleCharts.chart("a_2000_mumbai")))
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
