import Foundation
import Testing
import TestSupport
import WheelRaster

/// A small file that declares a huge image is refused before any pixel memory is spent.
@Suite
struct ImageLimitsTests {
    /// 40 × 40 teal pixels: a real PNG whose header the tests rewrite.
    static let small: Data = {
        let pixels = [UInt8]((0..<(40 * 40)).flatMap { _ in [0x11, 0x88, 0x99, 0xff] as [UInt8] })
        return try! Rasterizer.encodePNG(RGBAImage(width: 40, height: 40, pixels: pixels))
    }()

    @Test func aPNGThatDeclares12000By12000IsRefusedFromItsHeader() throws {
        let bomb = PNGHeader.declaring(width: 12000, height: 12000, in: Self.small)
        #expect(bomb.count < 1000)
        // Refused from the header, the only place that throws `overLimit`, before any pixel is decoded.
        let refusal = RasterError.overLimit(width: 12000, height: 12000, maximumSide: 16384, maximumPixels: 16777216)
        #expect(throws: refusal) { try Rasterizer.decodePNG(bomb) }
        #expect(refusal.message == "an image of 12000×12000 pixels is over the limit (16384 a side, 16777216 pixels in all)")
    }

    @Test func sidesAndPixelsAreCappedSeparately() throws {
        var limits = ImageLimits()
        limits.maximumSide = 100
        limits.maximumPixels = 50 * 50
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(PNGHeader.declaring(width: 101, height: 1, in: Self.small), limits: limits) }
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(PNGHeader.declaring(width: 51, height: 50, in: Self.small), limits: limits) }
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(PNGHeader.declaring(width: 0, height: 40, in: Self.small)) }
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(PNGHeader.declaring(width: UInt32.max, height: UInt32.max, in: Self.small)) }
        let within = try Rasterizer.decodePNG(Self.small, limits: limits)
        #expect(within.width == 40 && within.pixel(x: 20, y: 20) == (0x11, 0x88, 0x99, 0xff))
    }

    @Test func aPNGWithoutItsHeaderIsRefused() {
        let headless = Data(Self.small.prefix(8)) + Data(Self.small.dropFirst(33))
        #expect(throws: RasterError.notPNG(detail: "the IHDR header is missing")) { try Rasterizer.decodePNG(headless) }
    }

    /// An SVG's own size is checked before a surface is made for it, and before it becomes an integer.
    @Test(arguments: ["12000", "1e9", "1e30"])
    func anSVGThatDeclaresAHugeSizeIsRefused(width: String) {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="12000"><rect width="10" height="10"/></svg>"#.utf8)
        #expect {
            _ = try Rasterizer.image(svg: svg)
        } throws: { error in
            (error as? RasterError)?.message.contains("pixels is over the limit") == true
        }
    }

    @Test func anSVGDrawnAtAGivenSizeIsCappedToo() throws {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#.utf8)
        #expect(throws: RasterError.self) { try Rasterizer.image(svg: svg, width: 4097, height: 4097) }
        #expect(throws: RasterError.self) { try Rasterizer.image(svg: svg, width: 16385, height: 1) }
        #expect(try Rasterizer.image(svg: svg, width: 16384, height: 1).width == 16384)
    }

    @Test func errorMessagesAreOneShortLine() {
        let message = RasterError.svgUnreadable(librsvg: "bad \u{1B}[31m\u{202E}\u{85}\n" + String(repeating: "x", count: 5000)).message
        #expect(message.hasPrefix("librsvg could not read the SVG: bad \\u{1B}[31m\\u{202E}\\u{85}\\u{A}x") && message.hasSuffix("x…"))
        #expect(message.unicodeScalars.count == 300, "the ellipsis included")
    }
}
