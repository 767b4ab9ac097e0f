import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// What glyph placement promises, checked on the layout itself: no glyph or label overlaps another, zodiac
/// order is kept, each glyph moves as little as it can, and connectors end at the true longitude.
@Suite
struct PlacementTests {
    @Test(arguments: TestCharts.crowded.map(\.0), [300, 600, 1200])
    func crowdedChartsHaveNoOverlaps(name: String, size: Int) {
        let chart = TestCharts.crowded.first { $0.0 == name }!.1
        assertPlacementInvariants(chart, size: size)
    }

    @Test(arguments: 0..<200)
    func randomChartsHaveNoOverlaps(seed: Int) {
        assertPlacementInvariants(TestCharts.random(seed: UInt64(seed)), size: [300, 600, 900][seed % 3])
    }

    @Test func anIsolatedBodyStaysOnItsLongitude() {
        let layout = WheelLayout(chart: TestCharts.chart([50, 150], ids: [.sun, .moon]), options: LayoutOptions())
        for body in layout.bodies {
            #expect(abs(angleDifference(body.glyphAngle, body.trueAngle)) < 0.01, "\(body.id) moved without need")
            #expect(body.connector == nil)
        }
    }

    @Test func aClusterSpreadsSymmetricallyAroundItsCentre() {
        // In the middle of the 2nd house (37.5° to 67.5°), where its cusps leave room on both sides.
        let layout = WheelLayout(chart: TestCharts.chart([52.5, 52.5, 52.5], ids: [.sun, .moon, .mars]), options: LayoutOptions())
        let offsets = layout.bodies.map { angleDifference($0.glyphAngle, $0.trueAngle) }
        // Least squares over one block moves the group as little as it can: the displacements cancel out.
        #expect(abs(offsets.reduce(0, +)) < 0.01, "\(offsets)")
        #expect(abs(offsets[1]) < 0.5, "the middle body stays near the spot: \(offsets)")
        #expect(offsets[0] < 0 && offsets[2] > 0, "zodiac order within equal longitudes follows the input: \(offsets)")
    }

    private func assertPlacementInvariants(_ chart: NatalChart, size: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var options = LayoutOptions()
        options.chartSize = size
        let layout = WheelLayout(chart: chart, options: options)
        let labels = layout.angles.flatMap(\.column.boxes) + layout.houseNumbers.map(\.run.box)
        #expect(layout.bodies.count == chart.bodies.count, sourceLocation: sourceLocation)
        for (i, a) in layout.bodies.enumerated() {
            let expected = normalizedDegrees(180 + a.longitude - chart.ascendant)
            #expect(abs(angleDifference(a.trueAngle, expected)) < 1e-9, sourceLocation: sourceLocation)
            for box in a.column.boxes {
                for b in layout.bodies[(i + 1)...] {
                    #expect(!b.column.boxes.contains { $0.overlaps(box) }, "\(a.id) overlaps \(b.id) at \(size) px", sourceLocation: sourceLocation)
                }
                #expect(!labels.contains { $0.overlaps(box) }, "\(a.id) overlaps a label at \(size) px", sourceLocation: sourceLocation)
                let inside = box.distanceRange(from: layout.center).upperBound
                #expect(inside <= layout.rings.connectorLane - 0.5, "\(a.id) reaches into the connector lane", sourceLocation: sourceLocation)
            }
            // The marker sits on the true longitude and the connector starts where it ends.
            let polar = Polar(center: layout.center)
            let markerEnd = polar.point(radius: layout.rings.markerInner, angle: a.trueAngle)
            #expect(abs(a.marker.to.x - markerEnd.x) < 1e-6 && abs(a.marker.to.y - markerEnd.y) < 1e-6, sourceLocation: sourceLocation)
            if let connector = a.connector {
                #expect(connector.start == a.marker.to, sourceLocation: sourceLocation)
                #expect(connector.lane.startAngle == a.trueAngle, sourceLocation: sourceLocation)
                #expect(abs(angleDifference(connector.lane.endAngle, a.glyphAngle)) < 1e-9, sourceLocation: sourceLocation)
            } else {
                #expect(abs(angleDifference(a.glyphAngle, a.trueAngle)) <= 0.3, sourceLocation: sourceLocation)
            }
        }
        // Cyclic zodiac order: walking the glyphs by angle meets the bodies in longitude order.
        let byTrue = layout.bodies.indices.sorted { (layout.bodies[$0].trueAngle, $0) < (layout.bodies[$1].trueAngle, $1) }
        let byGlyph = layout.bodies.indices.sorted { layout.bodies[$0].glyphAngle < layout.bodies[$1].glyphAngle }
        let cycles = byGlyph.indices.map { Array(byGlyph[$0...] + byGlyph[..<$0]) }
        let longitudeGroups = { (order: [Int]) in order.map { (layout.bodies[$0].trueAngle * 1e6).rounded() } }
        #expect(cycles.contains { longitudeGroups($0) == longitudeGroups(byTrue) }, "zodiac order broken at \(size) px", sourceLocation: sourceLocation)
    }
}
