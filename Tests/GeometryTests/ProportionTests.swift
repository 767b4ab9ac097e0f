import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The visual-quality numbers the layout decides: at 600 px body glyphs at least 16 px tall, sign glyphs 18 px
/// and labels 8 px; below 400 px no minutes and no 1° ticks.
@Suite
struct ProportionTests {
    let chart = TestCharts.chart([10, 100, 200, 300], ids: [.sun, .moon, .mars, .saturn])

    @Test func glyphsAreLargeEnoughAt600px() {
        let layout = WheelLayout(chart: chart, options: LayoutOptions())
        #expect(layout.bodies.allSatisfy { $0.column.runs[0].height >= 16 }, "body glyphs at least 16 px")
        #expect(layout.signs.allSatisfy { $0.glyph.height >= 18 }, "sign glyphs at least 18 px")
        #expect(layout.bodies.allSatisfy { $0.column.runs.dropFirst().allSatisfy { $0.height >= 8 } }, "labels at least 8 px")
    }

    @Test func smallWheelsDropMinutesAndDegreeTicks() {
        var options = LayoutOptions()
        options.chartSize = 300
        let small = WheelLayout(chart: chart, options: options)
        #expect(!small.bodies.contains { $0.column.runs.contains { $0.glyphs.contains(.minute) } })
        #expect(!small.ticks.contains { $0.kind == .one })
        let large = WheelLayout(chart: chart, options: LayoutOptions())
        #expect(large.bodies.allSatisfy { $0.column.runs.contains { $0.glyphs.contains(.minute) } })
        #expect(large.ticks.filter { $0.kind == .one }.count == 360 - 72)
    }

    @Test func theAscendantIsAtNineOClockAndTheAxisIsOnWholePixels() {
        let layout = WheelLayout(chart: chart, options: LayoutOptions())
        let ac = layout.angles.first { $0.kind == .AC }!
        #expect(ac.angle == 180)
        #expect(ac.axis.from.y == ac.axis.to.y && ac.axis.from.y == ac.axis.from.y.rounded())
    }

    @Test func aTitleMovesTheWheelDownInsideTheSquare() {
        var options = LayoutOptions()
        options.title = "Ada"
        let layout = WheelLayout(chart: chart, options: options)
        #expect(layout.title != nil)
        #expect(layout.center.y - layout.rings.outer > layout.title!.baseline.y)
        #expect(layout.center.y + layout.rings.outer <= layout.size)
    }
}
