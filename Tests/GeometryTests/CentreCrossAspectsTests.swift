import ChartModel
import ChartWalks
import Ephemeris
import Testing
import TestSupport
@testable import Geometry

/// A bi-wheel's centre draws the cross-aspects a reader looks for first (the planets' major ones, a synastry's at
/// closer orbs); the grid, and the centre with `allCrossAspects`, every one.
@Suite
struct CentreCrossAspectsTests {
    /// The lines a bi-wheel's centre draws, on average over `pairs` seeded random synastries (births 1800–2099,
    /// anywhere to ±66°): by default, with `allCrossAspects` (what it drew before), and the same with the asteroids;
    /// and the second chart read as transits (the sky at the other birth's moment).
    struct Counts {
        var centre = 0.0, all = 0.0, centreWithAsteroids = 0.0, allWithAsteroids = 0.0, most = 0
        var transitCentre = 0.0, transitAll = 0.0
    }

    static func counts(pairs: Range<Int>) throws -> Counts {
        var counts = Counts()
        for pair in pairs {
            for asteroids in [false, true] {
                let settings = ChartSettings(asteroids: asteroids)
                let inner = try ChartCalculator.chart(for: RandomBirths.birth(seed: 5000 + 2 * pair), settings: settings).chart
                let outer = try ChartCalculator.chart(for: RandomBirths.birth(seed: 5001 + 2 * pair), settings: settings).chart
                let drawn = DrawnCharts(chart: inner, outer: OuterChart(chart: outer, kind: .synastry), options: LayoutOptions())
                if asteroids {
                    counts.centreWithAsteroids += Double(drawn.centreCrossAspects.count)
                    counts.allWithAsteroids += Double(drawn.crossAspects.count)
                } else {
                    counts.centre += Double(drawn.centreCrossAspects.count)
                    counts.all += Double(drawn.crossAspects.count)
                    counts.most = max(counts.most, drawn.centreCrossAspects.count)
                    let transits = DrawnCharts(chart: inner, outer: OuterChart(chart: outer, kind: .transits), options: LayoutOptions())
                    counts.transitCentre += Double(transits.centreCrossAspects.count)
                    counts.transitAll += Double(transits.crossAspects.count)
                }
            }
        }
        let n = Double(pairs.count)
        counts.centre /= n
        counts.all /= n
        counts.centreWithAsteroids /= n
        counts.allWithAsteroids /= n
        counts.transitCentre /= n
        counts.transitAll /= n
        return counts
    }

    /// The figures in docs/BiWheels.md: on 100 random synastries of sixteen bodies a ring the centre drew 64 lines
    /// on average; it now draws 17 (and with the asteroids no more, since they are not drawn there).
    @Test func aDefaultSynastryCentreDrawsAboutTwentyLines() throws {
        let counts = try Self.counts(pairs: 0..<100)
        print("centre cross-aspects over 100 random synastries, 16 bodies a ring: \(counts.all) before, \(counts.centre) now (at most \(counts.most)); with the asteroids \(counts.allWithAsteroids) before, \(counts.centreWithAsteroids) now; as transits \(counts.transitAll) before, \(counts.transitCentre) now")
        #expect(counts.all > 45, "every cross-aspect: \(counts.all)")
        #expect((14...24).contains(counts.centre), "the centre's: \(counts.centre)")
        #expect(counts.centreWithAsteroids == counts.centre, "the asteroids are not drawn in the centre")
        #expect(counts.transitCentre < counts.transitAll / 2 && counts.transitCentre > 3, "transits: \(counts.transitCentre)")
    }

    /// Which cross-aspects the centre draws: the planets' five major ones, a synastry's within 6°, 5° and 4° with
    /// the Sun or the Moon and 4°, 3° and 2° between other planets; a transit's within the grid's orbs.
    @Test(arguments: [
        (OuterChartKind.synastry, BodyID.sun, BodyID.mars, AspectKind.conjunction, 6.0, true),
        (.synastry, .mars, .moon, .opposition, 5.9, true),
        (.synastry, .mars, .venus, .conjunction, 4.0, true),
        (.synastry, .mars, .venus, .conjunction, 4.1, false),
        (.synastry, .sun, .saturn, .trine, 5.0, true),
        (.synastry, .jupiter, .saturn, .trine, 3.0, true),
        (.synastry, .jupiter, .saturn, .square, 3.2, false),
        (.synastry, .moon, .pluto, .sextile, 4.0, true),
        (.synastry, .venus, .pluto, .sextile, 2.0, true),
        (.synastry, .venus, .pluto, .sextile, 2.5, false),
        (.synastry, .sun, .sun, .quincunx, 0.2, false),
        (.synastry, .sun, .northNode, .conjunction, 0.1, false),
        (.synastry, .chiron, .moon, .conjunction, 0.1, false),
        (.synastry, .venus, .lilith, .trine, 0.1, false),
        (.synastry, .partOfFortune, .venus, .conjunction, 0.1, false),
        (.synastry, .ceres, .ceres, .conjunction, 0.1, false),
        (.synastry, .mercury, .mars, .semiSquare, 0.1, false),
        (.transits, .mars, .venus, .square, 2.0, true),
        (.transits, .sun, .moon, .sextile, 1.5, true),
        (.transits, .pluto, .pluto, .opposition, 0.5, true),
        (.transits, .sun, .southNode, .conjunction, 0.1, false),
        (.transits, .venus, .jupiter, .quincunx, 0.1, false),
    ])
    func theCentreDrawsThePlanetsMajorAspectsAtCloseOrbs(kind: OuterChartKind, inner: BodyID, outer: BodyID, aspect: AspectKind,
                                                         orb: Double, drawn: Bool) {
        #expect(CrossAspect(inner: inner, outer: outer, kind: aspect, orb: orb).isDrawnInCentre(of: kind) == drawn)
    }

    /// On the samples paired, as synastry and as transits: the centre draws those of the grid's cross-aspects the
    /// rule keeps and nothing else; the grid keeps every one; `allCrossAspects` draws the grid's in the centre.
    @Test(arguments: [OuterChartKind.synastry, .transits])
    func theGridKeepsEveryCrossAspectAndTheOptionDrawsThemAll(kind: OuterChartKind) throws {
        for (innerName, outerName) in [("b_1990_newyork", "h_1994_sydney"), ("a_2000_mumbai", "d_1962_newdelhi"), ("e_1985_tromso", "c_1879_ulm")] {
            let inner = try SampleCharts.chart(innerName), outer = OuterChart(chart: try SampleCharts.chart(outerName), kind: kind)
            let drawn = DrawnCharts(chart: inner, outer: outer, options: LayoutOptions())
            #expect(drawn.centreCrossAspects == drawn.crossAspects.filter { $0.isDrawnInCentre(of: kind) })
            #expect(drawn.centreCrossAspects.allSatisfy { BodyID.planets.contains($0.inner) && BodyID.planets.contains($0.outer) })
            var all = LayoutOptions()
            all.allCrossAspects = true
            let every = DrawnCharts(chart: inner, outer: outer, options: all)
            #expect(every.crossAspects == drawn.crossAspects, "the grid's are the same either way")
            #expect(every.centreCrossAspects == every.crossAspects)
            if kind == .synastry {
                #expect(drawn.centreCrossAspects.count < drawn.crossAspects.count, "\(innerName) with \(outerName)")
            }

            // The wheel draws (and its layout lists) the centre's; the grid every one.
            let layout = WheelLayout(chart: inner, outer: outer, options: LayoutOptions())
            #expect(layout.crossAspects == drawn.centreCrossAspects)
            #expect(layout.aspects.map { [$0.first, $0.second] } == drawn.centreCrossAspects.map { [$0.inner, $0.outer] })
            let everyLayout = WheelLayout(chart: inner, outer: outer, options: all)
            #expect(everyLayout.aspects.count == every.crossAspects.count)
            #expect(AspectGrid(chart: inner, outer: outer, options: LayoutOptions()).cells.count == drawn.crossAspects.count)
        }
    }

    /// The centre's orbs are the grid's where they are given (`outer_orb_values`), narrower or wider; elsewhere its own.
    @Test func theCentreIsNeverWiderThanTheGrid() throws {
        let inner = TestCharts.chart([10, 40], ids: [.sun, .mars])
        let outer = TestCharts.chart([18, 45, 41], ids: [.venus, .jupiter, .saturn])
        func counts(_ orbs: [AspectKind: Double]) -> [Int] {
            var options = LayoutOptions()
            options.outerOrbValues = orbs
            let drawn = DrawnCharts(chart: inner, outer: OuterChart(chart: outer, kind: .synastry), options: options)
            return [drawn.centreCrossAspects.count, drawn.crossAspects.count]
        }
        // Conjunctions: Sun–Venus 8° (outside the grid's 6°), Mars–Jupiter 5° (the grid's, not the centre's 4°),
        // Mars–Saturn 1° (both); the other pairs are in no aspect.
        #expect(counts([:]) == [1, 2])
        #expect(counts([.conjunction: 3]) == [1, 1])
        #expect(counts([.conjunction: 0.5]) == [0, 0])
        #expect(counts([.conjunction: 12]) == [3, 3])
        #expect(counts([.trine: 12]) == [1, 2], "a conjunction keeps the centre's orb")
    }
}
