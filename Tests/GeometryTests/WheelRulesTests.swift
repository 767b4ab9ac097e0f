import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The wheel's rules (`WheelRules`) on seeded random charts, the samples and the stress charts, at the smallest
/// size, the default and a large one.
@Suite
struct WheelRulesTests {
    static let sizes = [LayoutOptions.chartSizeRange.lowerBound, 600, 2000]

    /// 1,200 charts in batches: equal houses, equal houses with shifted cusps, and the unequal houses (with
    /// slivers) of quadrant systems, spread over the three sizes.
    ///
    /// The rules exempt nothing the public check does not. The few charts that no placement here satisfies are
    /// listed in known-rule-breaks.json with the rules they break: those with a body in a strip between an angle's
    /// axis and a shifted 4th or 7th cusp narrower than its glyph at half size (the placement says it gave the
    /// angles up: 19 of the 1,200, all with shifted cusps), and one whose 10th house is a sliver with bodies in it
    /// at 250 px, leaving its number no place clear of the Midheaven's axis. A quadrant merely too narrow for its
    /// columns draws them shorter and keeps the rules. Any other chart that breaks a rule or gives up an angle
    /// fails, and so does a listed one that breaks other rules or none.
    @Test(arguments: 0..<12)
    func randomChartsKeepTheRules(batch: Int) async throws {
        let seeds = (batch * 100)..<(batch * 100 + 100)
        let found = try await Array(seeds).concurrentMap { seed -> KnownRuleBreak? in
            var options = LayoutOptions()
            options.chartSize = Self.sizes[seed % 3]
            let layout = WheelLayout(chart: Self.randomChart(seed: seed), options: options)
            let broken = WheelRules.violations(layout)
            guard !broken.isEmpty || !layout.placement.anglesHeld else { return nil }
            return KnownRuleBreak(seed: seed, size: options.chartSize, anglesHeld: layout.placement.anglesHeld, broken: broken)
        }.compactMap { $0 }
        let listed = try KnownRuleBreaks.load().wheels.filter { seeds.contains($0.seed) }
        let differences = KnownRuleBreaks.differences(listed: listed, found: found)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// Charts whose quadrant was too narrow for its bodies' columns even at half-size glyphs, which gave up an
    /// angle or crossed the cusps of roomy houses before: their columns are drawn shorter (no minutes, no sign,
    /// the glyph alone, glyphs in two rows), the placement says which, and every rule holds.
    @Test func aQuadrantTooNarrowForWholeColumnsDrawsThemShorter() {
        var shortened = 0
        for seed in [210, 233, 287, 390, 406, 411, 414, 417, 574, 765, 993, 1074] {
            var options = LayoutOptions()
            options.chartSize = Self.sizes[seed % 3]
            let layout = WheelLayout(chart: Self.randomChart(seed: seed), options: options)
            #expect(layout.placement.anglesHeld, "seed \(seed)")
            expectRules(layout, name: "seed \(seed)")
            if !layout.placement.shortenedColumns.isEmpty { shortened += 1 }
            for body in layout.bodies where layout.placement.shortenedColumns.contains(body.id) {
                #expect(body.column.runs.count < (layout.detail.showMinutes ? 4 : 3), "seed \(seed): \(body.id)")
            }
        }
        #expect(shortened >= 6, "\(shortened) of 12 charts drew shorter columns")
    }

    /// Rule 6 on its own, on the same 1,200 charts and the samples: with one lane for all, the connectors of
    /// about two charts in three ran along one another.
    @Test func connectorsNeitherCrossNorShareALane() async throws {
        var charts = (0..<1200).map { ("seed \($0)", Self.randomChart(seed: $0), Self.sizes[$0 % 3]) }
        for id in SampleCharts.ids {
            for size in Self.sizes { charts.append((id, try SampleCharts.chart(id), size)) }
        }
        let failed = try await charts.concurrentMap { name, chart, size in
            var options = LayoutOptions()
            options.chartSize = size
            return WheelRules.connectorConflicts(WheelLayout(chart: chart, options: options)).first.map { "\(name) at \(size) px: \($0)" }
        }.compactMap { $0 }
        let allClear = failed.isEmpty
        #expect(allClear, "\(failed.count) of \(charts.count) charts, as \(failed.prefix(4))")
    }

    /// Equal houses, equal houses with shifted cusps, and the unequal houses (with slivers) of quadrant systems.
    static func randomChart(seed: Int) -> NatalChart {
        switch seed % 4 {
        case 0: TestCharts.random(seed: UInt64(seed))
        case 2: TestCharts.randomShiftedCusps(seed: UInt64(seed))
        default: TestCharts.randomHouses(seed: UInt64(seed))
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
        for (name, chart) in TestCharts.crowded {
            let known = Self.knownStressBreaks.filter { $0.name == name && $0.size == size }.map(\.broken)
            if let known = known.first {
                // The one chart no wheel can draw by the rules: each known break stays as it is, and no other.
                var options = LayoutOptions()
                options.chartSize = size
                let broken = WheelRules.violations(WheelLayout(chart: chart, options: options)).map { $0.prefix { !$0.isNumber } }
                #expect(broken == known, "\(name) at \(size) px: \(broken)")
            } else {
                expectRules(chart, size: size, name: name)
            }
        }
    }

    /// Sixteen bodies on the Ascendant's own degree at 250 px need more than the two quadrants beside it hold even
    /// at half size: the angles give way and the AC label finds room only past the crowd, far from its axis.
    static let knownStressBreaks: [(name: String, size: Int, broken: [Substring])] = [
        ("all sixteen at one longitude", 250, ["the AC label sits "]),
    ]

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
        // Bodies cross the angles, as the placement says; nothing overlaps.
        let broken = WheelRules.violations(layout)
        #expect(!broken.isEmpty && broken.allSatisfy { !$0.contains("overlap") && !$0.contains("canvas") && !$0.contains("connector") }, "\(broken.prefix(4))")
    }

    @Test func aBodyJustAfterAnAngleIsDrawnInsideItsHouse() {
        // The issue's case: Pluto 1°20′ after the Ascendant, Mars and Pluto 3° after the IC.
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
        expectRules(WheelLayout(chart: chart, options: options), name: name, sourceLocation: sourceLocation)
    }

    private func expectRules(_ layout: WheelLayout, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let broken = WheelRules.violations(layout)
        #expect(broken.isEmpty, "\(name) at \(layout.size) px: \(broken.prefix(4))", sourceLocation: sourceLocation)
    }
}
