import ChartModel
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// Lines grow with the image, within limits.
struct StrokeWidthsTests {
    @Test func linesDoNotThickenOnLargeWheels() {
        var options = RenderOptions()
        options.chartSize = 3000
        let chart = TestCharts.chart([10, 100, 200, 300], ids: [.sun, .moon, .mars, .saturn])
        let strokes = StrokeWidths(size: WheelLayout(chart: chart, options: options).size)
        #expect(strokes.hairline <= 1.5 && strokes.axisLine <= 3 && strokes.aspectLine <= 2)
        #expect(strokes.glyph(height: 200) <= 2.4)
    }
}
