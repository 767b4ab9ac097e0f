import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// Every cusp besides the angles gets its degree label, beside its cusp or in the band around the aspect circle,
/// and the label meets nothing else.
@Suite
struct CuspLabelsTests {
    /// Checks `layout`'s cusp labels; returns how many sit in the band and how many cusps go without.
    static func check(_ layout: WheelLayout, _ what: String) -> (inBand: Int, missing: Int) {
        let labels = layout.cuspLabels
        let polar = Polar(center: layout.center)
        let wanted = layout.cusps.filter { !$0.isAngle }.map(\.house)
        // Every cusp from 400 px up; at 250 px the band may not take more than two thirds of the aspect circle's
        // radius, and on the most crowded charts a label or two goes without (counted by the caller).
        if layout.size >= 400 {
            #expect(labels.map(\.house) == wanted, "\(what): a label for every cusp besides the angles")
        } else {
            #expect(Set(labels.map(\.house)).isSubset(of: wanted))
        }
        let others = layout.bodies.flatMap(\.column.boxes) + layout.angles.flatMap(\.column.boxes) + layout.houseNumbers.map(\.run.box)
        let lines = layout.cusps.map(\.line) + layout.angles.map(\.axis) + layout.bodies.map(\.marker)
            + layout.bodies.compactMap(\.connector).map { Segment(from: polar.point(radius: $0.lane.radius, angle: $0.lane.endAngle), to: $0.end) }
        let image = Box(x: 0, y: 0, width: layout.size, height: layout.size)
        for (index, label) in labels.enumerated() {
            let box = label.box
            #expect(box.x >= image.x && box.y >= image.y && box.x + box.width <= image.width && box.y + box.height <= image.height)
            #expect(!others.contains { $0.overlaps(box) }, "\(what): cusp \(label.house)'s label meets a glyph")
            #expect(!lines.contains { box.meets($0) }, "\(what): a line strikes cusp \(label.house)'s label")
            #expect(!labels[(index + 1)...].contains { $0.box.overlaps(box) }, "\(what): two cusp labels meet")
            // Not read as one more run of a column beside it ("29°♈20′ 0°♉"): never level with a body's run and
            // nearer than 1.2 label heights across.
            if !label.inBand {
                #expect(!layout.bodies.flatMap(\.column.boxes).contains { WheelLayout.sharesRow(box, with: $0, height: label.degrees.box.height) },
                        "\(what): cusp \(label.house)'s label reads as one row with a body's column")
            }
            let range = box.distanceRange(from: layout.center)
            if label.inBand {
                let band = try! #require(layout.rings.cuspBand, "\(what): a label in the band without a band")
                #expect(range.lowerBound > layout.rings.aspect && range.upperBound < band, "\(what): cusp \(label.house) inside the band")
            } else {
                #expect(range.lowerBound > (layout.rings.cuspBand ?? layout.rings.aspect) && range.upperBound < layout.rings.connectorLane,
                        "\(what): cusp \(label.house) between the lines' start and the connectors' lane")
            }
            // Beside its cusp: its centre within a few degrees of the cusp's line (more in the band, where the
            // circle is small and labels step aside).
            let cusp = layout.cusps.first { $0.house == label.house }!
            let centre = box.center
            let angle = atan2(layout.center.y - centre.y, centre.x - layout.center.x) * 180 / .pi
            let offset = abs(angleDifference(angle, cusp.angle))
            #expect(offset < (label.inBand ? 60 : 30), "\(what): cusp \(label.house)'s label is \(offset)° from it")
        }
        // The aspect circle keeps most of its room: a third of its radius or more at 250 px, above that more than half
        // (two thirds before a crowd's two tracks took some of it, issue 44).
        if let band = layout.rings.cuspBand {
            #expect(layout.rings.aspect >= band * (layout.size < 400 ? 0.33 : 0.55), "\(what): aspect circle \(layout.rings.aspect) of \(band)")
        }
        return (labels.filter(\.inBand).count, layout.cusps.filter { !$0.isAngle }.count - labels.count)
    }

    static var charts: [(String, NatalChart)] {
        get throws {
            var charts = try SampleCharts.ids.map { ($0, try SampleCharts.chart($0)) }
            for seed in 0..<100 as Range<UInt64> {
                charts += [("random \(seed)", TestCharts.random(seed: seed)), ("unequal houses \(seed)", TestCharts.randomHouses(seed: seed)),
                           ("shifted cusps \(seed)", TestCharts.randomShiftedCusps(seed: seed))]
            }
            return charts + TestCharts.crowded
        }
    }

    @Test(arguments: [250, 600, 2000])
    func everyCuspGetsALabelThatMeetsNothing(size: Int) async throws {
        var options = LayoutOptions()
        options.chartSize = size
        options.cuspDegrees = true
        var inBand = 0, missing = 0, wanted = 0
        // Laid out on every core, checked here, where the expectations are recorded.
        let asked = options
        let layouts = try await Self.charts.concurrentMap { name, chart in (name, WheelLayout(chart: chart, options: asked)) }
        for (name, layout) in layouts {
            let (band, without) = Self.check(layout, "\(name) at \(size) px")
            inBand += band
            missing += without
            wanted += layout.cusps.filter { !$0.isAngle }.count
        }
        print("cusp labels at \(size) px: \(wanted - missing) of \(wanted), \(inBand) in the band")
        // At 250 px a few go without: a figure, so that a change that loses more is seen.
        #expect(missing * 100 <= wanted, "\(missing) of \(wanted) cusps without a label at \(size) px")
        // Most find room beside their cusp; a figure, so that a change that sends many more to the band is seen.
        // At 250 px the angle labels keep to their axes since the house-systems issue, and take some of the room
        // beside the cusps there: 174 in the band, up from 150. Since a label keeps off a body's row (it read as
        // one more run of the column), 204 at 250 px, 12 and 14 at 600 and 2000 px; 16 and 17 since crowds take
        // their tracks as deep as the aspect circle allows (a crowd's deeper columns fill the room beside a cusp).
        #expect(inBand <= (size >= 600 ? 17 : 210), "\(inBand) labels in the band at \(size) px")
    }

    /// Without the option nothing changes: no labels, no band, the same rings.
    @Test func withoutTheOptionTheLayoutIsAsBefore() throws {
        let chart = try SampleCharts.chart("c_1879_ulm")
        var options = LayoutOptions()
        let plain = WheelLayout(chart: chart, options: options)
        #expect(plain.cuspLabels.isEmpty && plain.rings.cuspBand == nil)
        options.cuspDegrees = true
        let labelled = WheelLayout(chart: chart, options: options)
        #expect(labelled.rings.outer == plain.rings.outer && labelled.rings.houseNumbers == plain.rings.houseNumbers)
        #expect(labelled.bodies.map(\.column) == plain.bodies.map(\.column), "the bodies stay where they were")
        // Ulm at 600 px has a crowded house whose cusp label goes to the band: the lines then start above it.
        let band = try #require(labelled.rings.cuspBand)
        #expect(band == plain.rings.aspect && labelled.rings.aspect < band)
        for cusp in labelled.cusps {
            #expect(abs(hypot(cusp.line.from.x - labelled.center.x, cusp.line.from.y - labelled.center.y) - band) < 1e-6)
        }
    }
}
