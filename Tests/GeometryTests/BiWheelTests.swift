import ChartModel
import ChartWalks
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// A bi-wheel keeps every promise of the single wheel on both rings: the rules an astrologer reads it by
/// (`WheelRules`, ring by ring), zodiac order within each ring, markers at the true longitudes, each ring's
/// columns inside its own band, and nothing of one ring over anything of the other.
@Suite
struct BiWheelTests {
    static let sizes = BiWheelRules.sizes

    /// One random pair in ten and every one listed in known-rule-breaks.json (Tests/ChartWalks/BiWheelWalk.swift,
    /// which says what is listed and why); the release check, scripts/check-data-walks.sh, lays out all 200.
    @Test func randomBiWheelsKeepThePlacementsPromises() async throws {
        let report = try await BiWheelWalk.run(.every(10, from: 1))
        report.recordFailures()
        #expect(report.lookedUp >= 20)
        print(report.summary)
    }

    /// Below its smallest size a bi-wheel is drawn at that size: the floors of the glyphs leave no room smaller.
    @Test func aBiWheelIsDrawnAtItsSmallestSizeOrLarger() throws {
        var options = LayoutOptions()
        options.chartSize = 300
        let layout = WheelLayout(chart: try SampleCharts.chart("b_1990_newyork"), outer: OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry),
                                 options: options)
        #expect(layout.size == Double(LayoutOptions.biWheelSizeRange.lowerBound))
        #expect(LayoutOptions.biWheelSizeProblem(300) != nil && LayoutOptions.biWheelSizeProblem(600) == nil)
    }

    /// Ten outer bodies inside 10°, a stellium against a stellium (both charts' bodies on the same few degrees),
    /// and the samples paired, at every size tested.
    @Test(arguments: sizes)
    func crowdedRingsKeepThePromises(size: Int) throws {
        let tenInside10 = TestCharts.chart((0..<10).map { 200 + Double($0) }, ids: TestCharts.tenPlanets)
        let stelliumB = TestCharts.chart((0..<10).map { 203.5 + Double($0) * 0.7 }, ids: TestCharts.tenPlanets)
        var pairs: [(String, NatalChart, NatalChart)] = [
            ("ten outer inside 10°", try SampleCharts.chart("b_1990_newyork"), tenInside10),
            ("a stellium against a stellium", tenInside10, stelliumB),
        ]
        for (inner, outer) in [("b_1990_newyork", "h_1994_sydney"), ("a_2000_mumbai", "d_1962_newdelhi"), ("e_1985_tromso", "c_1879_ulm")] {
            pairs.append(("\(inner) with \(outer)", try SampleCharts.chart(inner), try SampleCharts.chart(outer)))
        }
        for (name, inner, outer) in pairs {
            let problems = BiWheelRules.problems(inner, OuterChart(chart: outer, kind: .synastry), size: size)
            let known = Self.knownCrowdBreaks["\(name) \(size)"] ?? []
            #expect(problems == known, "\(name) at \(size) px: \(problems.prefix(6)), listed \(known.prefix(6))")
        }
    }

    /// The crowds no ring here holds by rule 8, by "pair size": the inner chart's ten bodies inside 10° of an equal
    /// house exactly 3° a body wide, against the outer stellium, where the inner ring's half-size glyphs in two rows
    /// still need more than 30°: the last five (six at 2,000 px) step into the next house rather than let an angle go.
    static let knownCrowdBreaks: [String: [String]] = [
        "a stellium against a stellium 600": ["jupiter", "saturn", "uranus", "neptune", "pluto"].map { "\($0) drawn outside its room 30.0° wide with 10 bodies" },
        "a stellium against a stellium 2000": ["mars", "jupiter", "saturn", "uranus", "neptune", "pluto"].map { "\($0) drawn outside its room 30.0° wide with 10 bodies" },
    ]

    /// At 600 px a crowd stays readable and in its house: ten outer bodies inside 10°, held in a room of 37° (rule 8),
    /// keep glyphs of 11 px or more, each inside the room (their degrees give way before the house does); the inner
    /// chart's four bodies held in a house of 31° write their degrees in two tracks, labels at 8.5 px or more and
    /// glyphs at half size or more (their degrees are worth more than the glyphs' last steps); and the aspect
    /// circle keeps over a seventh of the radius though ten connectors need ten lanes and the tracks go deep.
    @Test func crowdedRingsStayReadableAt600px() throws {
        let tenInside10 = TestCharts.chart((0..<10).map { 200 + Double($0) }, ids: TestCharts.tenPlanets)
        let layout = WheelLayout(chart: try SampleCharts.chart("b_1990_newyork"), outer: OuterChart(chart: tenInside10, kind: .transits), options: LayoutOptions())
        let outer = layout.bodies.filter { $0.ring == .outer }, inner = layout.bodies.filter { $0.ring == .inner }
        #expect(outer.allSatisfy { $0.column.runs[0].height >= 11 }, "\(outer.map { $0.column.runs[0].height })")
        #expect(!WheelRules.violations(layout).contains { $0.contains("outside its room") }, "\(WheelRules.violations(layout))")
        #expect(inner.allSatisfy { $0.column.runs.count >= 2 && $0.column.runs.dropFirst().allSatisfy { $0.height >= 8.5 } },
                "\(inner.map { $0.column.runs.map(\.height) })")
        #expect(inner.allSatisfy { $0.column.runs[0].height >= 9 }, "\(inner.map { $0.column.runs[0].height })")
        #expect(layout.rings.aspect >= layout.rings.outer / 7, "\(layout.rings.aspect)")
        #expect(layout.placement.anglesHeld && layout.placement.isOverlapFree)
    }

    @Test func eachRingsBodiesAndTheCrossAspectsAreThere() throws {
        let inner = try SampleCharts.chart("b_1990_newyork"), outer = try SampleCharts.chart("h_1994_sydney")
        let layout = WheelLayout(chart: inner, outer: OuterChart(chart: outer, kind: .synastry), options: LayoutOptions())
        #expect(layout.bodies.filter { $0.ring == .inner }.map(\.id) == inner.bodies.map(\.id))
        #expect(layout.bodies.filter { $0.ring == .outer }.map(\.id) == outer.bodies.map(\.id))
        // Only the cross-aspects by default, each from the inner ring to the outer one.
        #expect(!layout.aspects.isEmpty && layout.aspects.allSatisfy { $0.firstRing == .inner && $0.secondRing == .outer })
        #expect(layout.aspects.count == layout.crossAspects.count)
        // Each drawn chord ends where its bodies' true longitudes meet the aspect circle.
        for chord in layout.aspects where chord.arc == nil {
            let a = layout.bodies.first { $0.id == chord.first && $0.ring == .inner }!, b = layout.bodies.first { $0.id == chord.second && $0.ring == .outer }!
            #expect(chord.from == a.aspectPoint && chord.to == b.aspectPoint)
        }
        // The inner chart's own aspects join them on request.
        var options = LayoutOptions()
        options.innerAspects = true
        let both = WheelLayout(chart: inner, outer: OuterChart(chart: outer, kind: .synastry), options: options)
        #expect(both.aspects.count == layout.crossAspects.count + (inner.prepared(for: options).aspects ?? []).count)
    }

    @Test func crossAspectOrbsFollowTheKindAndTheOptions() throws {
        // A Sun 5° from a square with the Moon: within synastry's 5°, outside transits' 2°, and within a 6° orb asked for.
        let inner = TestCharts.chart([10], ids: [.sun]), outer = TestCharts.chart([105], ids: [.moon])
        func squares(_ kind: OuterChartKind, _ orbs: [AspectKind: Double] = [:]) -> Int {
            var options = LayoutOptions()
            options.outerOrbValues = orbs
            return WheelLayout(chart: inner, outer: OuterChart(chart: outer, kind: kind), options: options).aspects.filter { $0.kind == .square }.count
        }
        #expect(squares(.synastry) == 1)
        #expect(squares(.transits) == 0)
        #expect(squares(.transits, [.square: 6]) == 1)
    }
}
