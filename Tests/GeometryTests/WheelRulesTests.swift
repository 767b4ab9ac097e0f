import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The wheel's rules (`WheelRules`) on seeded random charts, the samples and the stress charts, at the smallest
/// size, the default and a large one.
struct WheelRulesTests {
    static let sizes = [LayoutOptions.chartSizeRange.lowerBound, 600, 2000]

    /// 1,200 charts in batches: equal houses, equal houses with shifted cusps, and the unequal houses (with
    /// slivers) of quadrant systems, spread over the three sizes.
    @Test(arguments: 0..<12)
    func randomChartsKeepTheRules(batch: Int) {
        for seed in (batch * 100)..<(batch * 100 + 100) {
            let chart = switch seed % 4 {
            case 0: TestCharts.random(seed: UInt64(seed))
            case 2: TestCharts.randomShiftedCusps(seed: UInt64(seed))
            default: TestCharts.randomHouses(seed: UInt64(seed))
            }
            expectRules(chart, size: Self.sizes[seed % 3], name: "seed \(seed)")
        }
    }

    @Test(arguments: sizes)
    func samplesAndStressChartsKeepTheRules(size: Int) throws {
        for id in SampleCharts.ids {
            for shape in ["astrologyapi", "freeastrologyapi"] {
                expectRules(try SampleCharts.chart(id, shape: shape), size: size, name: "\(shape)/\(id)")
            }
        }
        let stress = SampleCharts.packageRoot.appendingPathComponent("GoldenImages/inputs")
        let names = try FileManager.default.contentsOfDirectory(atPath: stress.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            expectRules(try ChartDecoder.decode(Data(contentsOf: stress.appendingPathComponent(name))).chart, size: size, name: name)
        }
        for (name, chart) in TestCharts.crowded { expectRules(chart, size: size, name: name) }
    }

    /// From the smallest size accepted to the largest, every ring has a positive radius, inside the one before,
    /// and a crowded sample keeps the rules.
    @Test func everyAcceptedSizeHasRingsInOrderAndKeepsTheRules() throws {
        let chart = try SampleCharts.chart("d_1962_newdelhi")
        let range = LayoutOptions.chartSizeRange
        for size in Array(stride(from: range.lowerBound, to: range.upperBound, by: 50)) + [range.upperBound] {
            var options = LayoutOptions()
            options.chartSize = size
            let layout = WheelLayout(chart: chart, options: options)
            let r = layout.rings
            let radii = [r.outer, r.zodiacInner, r.markerInner, r.connectorLane, r.houseNumbers, r.aspect]
            #expect(zip(radii, radii.dropFirst()).allSatisfy { $0 > $1 } && r.aspect > 0, "\(size) px: \(radii)")
            let broken = WheelRules.violations(layout)
            #expect(broken.isEmpty, "\(size) px: \(broken.prefix(4))")
        }
    }

    /// The hardest case the placement meets: sixteen bodies between an Ascendant and a Midheaven 10° apart. No
    /// glyph size holds them there; the placement says that it gave the angles up, and still overlaps nothing.
    @Test(arguments: sizes)
    func aQuadrantTooNarrowForItsBodiesIsReported(size: Int) throws {
        let bodies = try BodyID.allCases.prefix(16).map { try Body(id: $0, longitude: 95, retrograde: false) }
        let cusps = (0..<12).map { normalizedDegrees(100 + Double($0) * 30) }
        var options = LayoutOptions()
        options.chartSize = size
        let layout = WheelLayout(chart: try NatalChart(bodies: Array(bodies), cusps: cusps, ascendant: 100, midheaven: 90, aspects: []), options: options)
        #expect(!layout.placement.anglesHeld)
        #expect(layout.placement.glyphScale == WheelLayout.smallestGlyphScale)
        #expect(layout.placement.isOverlapFree)
        #expect(WheelRules.violations(layout).isEmpty, "\(WheelRules.violations(layout).prefix(4))")
    }

    @Test func aBodyJustAfterAnAngleIsDrawnInsideItsHouse() {
        // The case: Pluto 1°20′ after the Ascendant, Mars and Pluto 3° after the IC.
        let chart = TestCharts.chart([246.93, 249.0, 250.1], ids: [.pluto, .mars, .saturn], ascendant: 245.6)
        for size in Self.sizes {
            var options = LayoutOptions()
            options.chartSize = size
            let layout = WheelLayout(chart: chart, options: options)
            for body in layout.bodies {
                #expect(angleDifference(body.glyphAngle, 180) > 0, "\(body.id) at \(size) px drawn above the horizon: \(body.glyphAngle)")
            }
        }
    }

    @Test func aStelliumOnAnAngleSpreadsOnlyIntoItsOwnHouse() {
        // Ten bodies in the first degree after the Midheaven stay in the 10th house, none before the axis.
        let chart = TestCharts.chart((0..<10).map { 277.6 + Double($0) * 0.1 }, ids: TestCharts.tenPlanets)
        let layout = WheelLayout(chart: chart, options: LayoutOptions())
        let midheaven = layout.angles.first { $0.kind == .MC }!.angle
        #expect(layout.bodies.allSatisfy { angleDifference($0.glyphAngle, midheaven) > 0 }, "\(layout.bodies.map(\.glyphAngle))")
        #expect(WheelRules.violations(layout).isEmpty, "\(WheelRules.violations(layout))")
    }

    private func expectRules(_ chart: NatalChart, size: Int, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var options = LayoutOptions()
        options.chartSize = size
        let broken = WheelRules.violations(WheelLayout(chart: chart, options: options))
        #expect(broken.isEmpty, "\(name) at \(size) px: \(broken.prefix(4))", sourceLocation: sourceLocation)
    }
}
