import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// Cusp degree labels sit beside their cusp, in the house it begins, and meet nothing else.
struct CuspLabelsTests {
    static func check(_ layout: WheelLayout, _ what: String) -> Int {
        let labels = layout.cuspLabels
        let polar = Polar(center: layout.center)
        let others = layout.bodies.flatMap(\.column.boxes) + layout.angles.flatMap(\.column.boxes) + layout.houseNumbers.map(\.run.box)
        let lines = layout.cusps.map(\.line) + layout.angles.map(\.axis)
            + layout.bodies.compactMap(\.connector).map { Segment(from: polar.point(radius: $0.lane.radius, angle: $0.lane.endAngle), to: $0.end) }
        for (index, label) in labels.enumerated() {
            let box = label.box
            let cusp = layout.cusps.first { $0.house == label.house }!
            #expect(!cusp.isAngle, "\(what): the angles have their own labels")
            #expect(!others.contains { $0.overlaps(box) }, "\(what): cusp \(label.house)'s label meets a glyph")
            #expect(!lines.contains { box.meets($0) }, "\(what): a line strikes cusp \(label.house)'s label")
            #expect(!labels[(index + 1)...].contains { $0.box.overlaps(box) }, "\(what): two cusp labels meet")
            let range = box.distanceRange(from: layout.center)
            #expect(range.lowerBound > layout.rings.aspect && range.upperBound < layout.rings.connectorLane, "\(what): inside the ring")
            // In the house the cusp begins: counter-clockwise of the cusp, by less than the house's width.
            let centre = box.center
            let angle = atan2(layout.center.y - centre.y, centre.x - layout.center.x) * 180 / .pi
            let past = (angle - cusp.angle).truncatingRemainder(dividingBy: 360)
            let offset = past < 0 ? past + 360 : past
            #expect(offset > 0 && offset < 90, "\(what): cusp \(label.house)'s label is \(offset)° past it")
        }
        return labels.count
    }

    @Test(arguments: [250, 600, 2000])
    func labelsMeetNothingOnTheSamplesAndRandomCharts(size: Int) throws {
        var options = LayoutOptions()
        options.chartSize = size
        var placed = 0
        for id in SampleCharts.ids {
            placed += Self.check(WheelLayout(chart: try SampleCharts.chart(id), options: options), "\(id) at \(size) px")
        }
        // Where a house's columns leave no room its cusp goes without: on these charts 33 of 48 get a label at
        // 600 and 2000 px, 20 at 250 px. A floor, so that a change that loses labels is seen.
        #expect(placed >= SampleCharts.ids.count * (size >= 600 ? 5 : 3), "\(placed) of \(SampleCharts.ids.count * 8) placed at \(size) px")
        for seed in 0..<100 as Range<UInt64> {
            _ = Self.check(WheelLayout(chart: TestCharts.random(seed: seed), options: options), "random chart \(seed) at \(size) px")
        }
    }
}
