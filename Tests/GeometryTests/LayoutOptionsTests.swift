import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// What the layout reads of the options, and the chart it draws under them.
@Suite
struct LayoutOptionsTests {
    @Test func withoutAllowedAspectsTheMajorOnesAreDrawn() {
        var options = LayoutOptions()
        #expect(options.effectiveAspectKinds == Set(AspectKind.majors))
        options.allowedAspects = [.quintile]
        #expect(options.effectiveAspectKinds == [.quintile])
    }

    @Test func theChartDrawnIsTheOneTheOptionsName() {
        // The Sun 72.5° from the Moon (a quintile 0.5° off) and 120° from Mars (a trine).
        let chart = TestCharts.chart([0, 72.5, 120], ids: [.sun, .moon, .mars])
        #expect(chart.prepared(for: LayoutOptions()) == chart.prepared())
        var options = LayoutOptions()
        options.excludePlanets = [.mars]
        options.allowedAspects = [.quintile, .trine]
        options.orbValues = [.quintile: 1]
        let prepared = chart.prepared(for: options)
        #expect(prepared == chart.prepared(excluding: [.mars], aspects: [.quintile, .trine], orbs: [.quintile: 1]))
        #expect(prepared.aspects?.map(\.kind) == [.quintile])
    }
}
