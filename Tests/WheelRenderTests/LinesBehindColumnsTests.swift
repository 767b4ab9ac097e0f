import ChartModel
import Testing
import TestSupport
@testable import Geometry
@testable import WheelRender

/// A column glyph gets a halo only where something drawn before it comes near: the test that decides must see
/// every such line, and only those.
@Suite
struct LinesBehindColumnsTests {
    let layout = WheelLayout(chart: TestCharts.chart([40, 130, 250], ids: [.sun, .moon, .mars]), options: LayoutOptions())

    func box(at radius: Double, angle: Double, size: Double = 8) -> Box {
        Box(center: Polar(center: layout.center).point(radius: radius, angle: angle), width: size, height: size)
    }

    @Test func aBoxOnACuspOrAMarkerMeetsALine() {
        let lines = LinesBehindColumns(layout, strokes: StrokeWidths(size: layout.size))
        let middle = (layout.rings.aspect + layout.rings.markerInner) / 2
        let plainCusp = layout.cusps.first { !$0.isAngle }!
        #expect(lines.come(near: box(at: middle, angle: plainCusp.angle), within: 1))
        let marker = layout.bodies[0].marker
        #expect(lines.come(near: Box(center: marker.to, width: 4, height: 4), within: 1))
    }

    @Test func aBoxInTheOpenMiddleOfAHouseMeetsNothing() throws {
        let lines = LinesBehindColumns(layout, strokes: StrokeWidths(size: layout.size))
        let middle = (layout.rings.aspect + layout.rings.markerInner) / 2
        // Halfway between two cusps, 15° from each, in a house with no body: nothing passes there.
        let empty = try #require(layout.cusps.first { cusp in
            layout.bodies.allSatisfy { abs(angleDifference($0.trueAngle, cusp.angle + 15)) > 30 }
        })
        #expect(!lines.come(near: box(at: middle, angle: empty.angle + 15), within: 2))
    }

    @Test func theAspectCircleAndTheDegreeScaleCount() {
        let lines = LinesBehindColumns(layout, strokes: StrokeWidths(size: layout.size))
        let cusp = layout.cusps.first { !$0.isAngle }!
        #expect(lines.come(near: box(at: layout.rings.aspect + 5, angle: cusp.angle + 15), within: 2))
        #expect(lines.come(near: box(at: layout.rings.markerInner - 5, angle: cusp.angle + 15), within: 2))
    }
}
