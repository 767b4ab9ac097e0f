import ChartModel
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// Lines grow with the image, so that a large wheel is as crisp as a 600 px one; small wheels keep visible lines.
@Suite
struct StrokeWidthsTests {
    @Test func linesGrowInProportionWithTheWheel() {
        let base = StrokeWidths(size: 600), large = StrokeWidths(size: 2000)
        let ratio = 2000.0 / 600
        #expect(abs(large.hairline / base.hairline - ratio) < 0.01)
        #expect(abs(large.aspectLine / base.aspectLine - ratio) < 0.01)
        #expect(abs(large.axisLine / base.axisLine - ratio) < 0.2, "whole pixels: \(large.axisLine) against \(base.axisLine)")
        let glyphRatio = large.glyph(height: 23 * ratio) / base.glyph(height: 23)
        #expect(abs(glyphRatio - ratio) < 0.01, "a body glyph's stroke grows with it: \(glyphRatio)")
    }

    @Test func smallWheelsKeepVisibleLines() {
        let small = StrokeWidths(size: 250)
        #expect(small.hairline >= 0.75 && small.axisLine >= 2 && small.aspectLine >= 0.9)
        #expect(small.glyph(height: 8) >= 1)
    }
}
