import Foundation
import Testing
import TestSupport
@testable import WheelCompare
import WheelRaster
import WheelRender

/// The comparison itself: what counts as a difference, what does not, and what is an error.
@Suite
struct ImageComparisonTests {
    static func flat(_ width: Int, _ height: Int, _ rgb: (UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: (0..<(width * height)).flatMap { _ in [rgb.0, rgb.1, rgb.2, 255] })
    }

    static func svgImage(_ body: String, size: Int = 64) throws -> RGBAImage {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\"><rect width=\"\(size)\" height=\"\(size)\" fill=\"#fff\"/>\(body)</svg>"
        return try Rasterizer.image(svg: Data(svg.utf8))
    }

    @Test func identicalImagesGiveZero() throws {
        let image = try Self.svgImage("<circle cx=\"32\" cy=\"32\" r=\"20\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>")
        let difference = ImageComparison().compare(expected: image, actual: image)
        #expect(difference.differentPixels == 0 && difference.antialiasedPixels == 0)
        #expect(difference.bounds == nil && difference.maximumDistance == 0)
        #expect(difference.isWithin(.pixels(0)))
    }

    @Test func oneChangedPixelIsFoundWhereItIs() {
        let expected = Self.flat(40, 30, (255, 255, 255))
        var actual = expected
        let i = (17 * 40 + 23) * 4
        actual.pixels[i] = 0; actual.pixels[i + 1] = 0; actual.pixels[i + 2] = 0
        let difference = ImageComparison().compare(expected: expected, actual: actual)
        #expect(difference.differentPixels == 1)
        #expect(difference.bounds == PixelBox(x: 23, y: 17, width: 1, height: 1))
        // Black on white differs in brightness only: sqrt(0.5053 × 255² / 35215) of the largest YIQ distance.
        #expect(abs(difference.maximumDistance - 0.9660) < 1e-3, "\(difference.maximumDistance)")
        #expect(!difference.isWithin(.pixels(0)) && difference.isWithin(.pixels(1)))
        #expect(difference.summary.hasPrefix("1 of 1200 pixels differ"))
    }

    @Test func aShiftedAntialiasedEdgeIsToleratedUnlessCounted() throws {
        let line = { (offset: Double) in "<line x1=\"8\" y1=\"\(10 + offset)\" x2=\"56\" y2=\"\(50 + offset)\" stroke=\"#000\" stroke-width=\"2\"/>" }
        let expected = try Self.svgImage(line(0)), actual = try Self.svgImage(line(0.3))
        let lenient = ImageComparison().compare(expected: expected, actual: actual)
        #expect(lenient.antialiasedPixels > 0)
        #expect(lenient.differentPixels == 0, "\(lenient.summary)")
        let strict = ImageComparison(includeAntialiasing: true).compare(expected: expected, actual: actual)
        #expect(strict.differentPixels == lenient.antialiasedPixels + lenient.differentPixels)
        #expect(strict.differentPixels > 0)
    }

    @Test func aColourChangeBelowTheThresholdPassesAndAboveItFails() {
        let expected = Self.flat(10, 10, (100, 100, 100))
        let slight = ImageComparison(threshold: 0.1).compare(expected: expected, actual: Self.flat(10, 10, (104, 100, 100)))
        #expect(slight.differentPixels == 0)
        let strong = ImageComparison(threshold: 0.1).compare(expected: expected, actual: Self.flat(10, 10, (180, 100, 100)))
        #expect(strong.differentPixels == 100)
        let exact = ImageComparison(threshold: 0).compare(expected: expected, actual: Self.flat(10, 10, (101, 100, 100)))
        #expect(exact.differentPixels == 100, "threshold 0 counts any change")
    }

    @Test func transparentPixelsAreBlendedOnWhite() {
        let clear = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 0, 12, 200, 40, 0])
        let white = Self.flat(2, 1, (255, 255, 255))
        #expect(ImageComparison(threshold: 0).compare(expected: clear, actual: white).differentPixels == 0)
    }

    @Test func differentSizesAreReportedWithBothSizes() {
        let difference = ImageComparison().compare(expected: Self.flat(10, 10, (0, 0, 0)), actual: Self.flat(12, 10, (0, 0, 0)))
        #expect(difference.sizesDiffer)
        #expect(!difference.isWithin(.ratio(1)))
        #expect(difference.summary == "sizes differ: expected 10×10, actual 12×10")
        #expect(difference.picture().width == 12 * 3 + 8)
    }

    @Test func corruptTruncatedAndNonImagesAreClearErrors() throws {
        let png = try Rasterizer.encodePNG(Self.flat(20, 20, (10, 20, 30)))
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(png.prefix(png.count / 2)) }
        var corrupt = png
        corrupt[40] ^= 0xFF
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(corrupt) }
        for (bytes, kind) in [("<!DOCTYPE html><p>502", "an HTML page"), ("{\"status\": false}", "JSON"), ("", "an empty file")] {
            #expect(throws: RasterError.notAnImage(kind: kind)) { try ImageInput(data: Data(bytes.utf8)) }
        }
    }

    @Test func anSVGIsComparedAtThePNGsSize() throws {
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" fill=\"#369\"/></svg>".utf8)
        let png = try Rasterizer.encodePNG(Self.flat(50, 50, (0x33, 0x66, 0x99)))
        let difference = try ImageComparison(threshold: 0).compare(expected: .svg(svg), actual: .png(png))
        #expect(!difference.sizesDiffer && difference.differentPixels == 0)
    }

    @Test func encodingAndDecodingKeepEveryPixel() throws {
        let image = RGBAImage(width: 3, height: 1, pixels: [255, 0, 0, 255, 0, 128, 255, 255, 20, 40, 60, 255])
        #expect(try Rasterizer.decodePNG(Rasterizer.encodePNG(image)) == image)
    }
}
