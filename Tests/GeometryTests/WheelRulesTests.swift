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
