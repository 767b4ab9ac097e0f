import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// A bi-wheel keeps every promise of the single wheel on both rings: the rules an astrologer reads it by
/// (`WheelRules`, ring by ring), zodiac order within each ring, markers at the true longitudes, each ring's
/// columns inside its own band, and nothing of one ring over anything of the other.
@Suite
struct BiWheelTests {
    static let sizes = [LayoutOptions.biWheelSizeRange.lowerBound, 600, 2000]

    /// 200 seeded random pairs, synastry and transits, over equal, shifted and unequal houses, at three sizes.
    ///
    /// As on the single wheel (`WheelRulesTests`), a body in a strip between an axis and a shifted 4th or 7th
    /// cusp narrower than its glyph at half size leaves the placement no way to keep the angle: it says so
    /// (`anglesHeld` false). Such charts, all with shifted cusps, are listed in known-rule-breaks.json with the
    /// promises they break (a bi-wheel has two rings of bodies to land in such strips: 12 of the 200). Any other
    /// pair that gives up an angle or breaks a promise fails, and so does a listed one that changes.
    @Test func randomBiWheelsKeepThePlacementsPromises() async throws {
        let found = try await Array(0..<200).concurrentMap { seed -> KnownRuleBreak? in
            let inner = WheelRulesTests.randomChart(seed: seed)
            let outer = OuterChart(chart: TestCharts.random(seed: UInt64(10_000 + seed)), kind: seed % 2 == 0 ? .synastry : .transits)
            let size = Self.sizes[seed % 3]
            let problems = Self.problems(inner, outer, size: size)
            var options = LayoutOptions()
            options.chartSize = size
            let anglesHeld = WheelLayout(chart: inner, outer: outer, options: options).placement.anglesHeld
            guard !problems.isEmpty || !anglesHeld else { return nil }
            return KnownRuleBreak(seed: seed, size: size, anglesHeld: anglesHeld, broken: problems)
        }.compactMap { $0 }
        let differences = KnownRuleBreaks.differences(listed: try KnownRuleBreaks.load().biWheels, found: found)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
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
            let problems = Self.problems(inner, OuterChart(chart: outer, kind: .synastry), size: size)
            #expect(problems.isEmpty, "\(name) at \(size) px: \(problems.prefix(6))")
        }
    }

    /// At 600 px a crowd stays readable: ten outer bodies inside 10° keep glyphs of 13 px or more (0.73 of
    /// their size) and every label; the inner chart's four bodies held in a house of 31° keep 11 px; and the
    /// aspect circle keeps over a seventh of the radius though ten connectors need ten lanes.
    @Test func crowdedRingsStayReadableAt600px() throws {
        let tenInside10 = TestCharts.chart((0..<10).map { 200 + Double($0) }, ids: TestCharts.tenPlanets)
        let layout = WheelLayout(chart: try SampleCharts.chart("b_1990_newyork"), outer: OuterChart(chart: tenInside10, kind: .transits), options: LayoutOptions())
        let outer = layout.bodies.filter { $0.ring == .outer }, inner = layout.bodies.filter { $0.ring == .inner }
        #expect(outer.allSatisfy { $0.column.runs.count == 4 && $0.column.runs[0].height >= 13 }, "\(outer.map { $0.column.runs[0].height })")
        #expect(inner.allSatisfy { $0.column.runs[0].height >= 11 }, "\(inner.map { $0.column.runs[0].height })")
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

    /// What breaks the promises, one line each.
    static func problems(_ inner: NatalChart, _ outer: OuterChart, size: Int) -> [String] {
        var options = LayoutOptions()
        options.chartSize = size
        let layout = WheelLayout(chart: inner, outer: outer, options: options)
        var found = WheelRules.violations(layout)
        guard let divider = layout.rings.divider else { return found + ["no divider between the rings"] }
        let polar = Polar(center: layout.center)
        for ring in [WheelLayout.Ring.inner, .outer] {
            let bodies = layout.bodies.filter { $0.ring == ring }
            let chart = ring == .inner ? inner : outer.chart
            if bodies.count != chart.bodies.count { found.append("\(ring): \(bodies.count) of \(chart.bodies.count) bodies") }
            // Each column inside its own band: the outer ring's between the zodiac band and the divider, the
            // inner ring's inside the divider's markers.
            let band = ring == .outer ? divider...layout.rings.zodiacInner : layout.rings.houseNumbers...layout.rings.markerInner
            for body in bodies {
                let expected = normalizedDegrees(180 + body.longitude - inner.ascendant)
                if abs(angleDifference(body.trueAngle, expected)) > 1e-9 { found.append("\(WheelRules.name(body)) tick at \(body.trueAngle), not \(expected)") }
                let markerEnd = body.marker.to
                if abs(angleDifference(atan2(layout.center.y - markerEnd.y, markerEnd.x - layout.center.x) * 180 / .pi, body.trueAngle)) > 1e-6 {
                    found.append("\(WheelRules.name(body)) marker off its longitude")
                }
                if let connector = body.connector, hypot(connector.start.x - markerEnd.x, connector.start.y - markerEnd.y) > 1e-6 {
                    found.append("\(WheelRules.name(body)) connector does not start at its marker")
                }
                for box in body.column.boxes {
                    let reach = box.distanceRange(from: layout.center)
                    if reach.lowerBound < band.lowerBound - 0.5 || reach.upperBound > band.upperBound + 0.5 {
                        found.append("\(WheelRules.name(body)) leaves its ring: \(reach) outside \(band)")
                    }
                }
            }
            // Zodiac order within the ring: the glyphs' cyclic order is the longitudes' (ties in any order).
            let byLongitude = bodies.sorted { ($0.trueAngle, $0.glyphAngle) < ($1.trueAngle, $1.glyphAngle) }
            let start = byLongitude.first.map(\.glyphAngle) ?? 0
            let glyphOrder = byLongitude.map { normalizedDegrees($0.glyphAngle - start + 1e-9) }
            if glyphOrder != glyphOrder.sorted() && byLongitude.count > 2 {
                let tiesOnly = zip(byLongitude, byLongitude.dropFirst()).allSatisfy { pair in
                    normalizedDegrees(pair.1.glyphAngle - start + 1e-9) >= normalizedDegrees(pair.0.glyphAngle - start + 1e-9) || abs(pair.0.trueAngle - pair.1.trueAngle) < 1e-9
                }
                if !tiesOnly { found.append("\(ring) ring out of zodiac order") }
            }
            _ = polar
        }
        return found
    }
}
