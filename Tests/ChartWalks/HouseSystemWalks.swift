import ChartModel
import Ephemeris
import Foundation
import TestSupport
import WalkSampling
@testable import Geometry

/// Births made up for the house systems' walks, and how their wheels are measured.
public enum RandomBirths {
    /// A birth anywhere to ±66° of latitude, between 1800 and 2100, at any time of day (UTC).
    public static func birth(seed: Int) -> Birth {
        var random = SplitMix64(seed: UInt64(seed) &+ 2_200)
        let year = Int.random(in: 1800...2099, using: &random), month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...28, using: &random), hour = Int.random(in: 0...23, using: &random), minute = Int.random(in: 0...59, using: &random)
        let latitude = Double.random(in: -66...66, using: &random), longitude = Double.random(in: -180...180, using: &random)
        return try! Birth(date: String(format: "%04d-%02d-%02d", year, month, day), time: String(format: "%02d:%02d", hour, minute),
                          zone: "UTC", latitude: latitude, longitude: longitude)
    }

    public static func layout(_ chart: NatalChart, size: Int) -> WheelLayout {
        var options = LayoutOptions()
        options.chartSize = size
        return WheelLayout(chart: chart, options: options)
    }

    public static func smallestGlyph(_ layout: WheelLayout) -> Double { layout.bodies.map { $0.column.runs[0].height }.min()! }
}

/// Whole-sign and equal wheels of 40 random births (HouseSystemTests.wholeSignAndEqualWheelsKeepTheRulesAndTheirGlyphs)
/// keep the rules as the quadrant systems' do, and draw no glyph smaller than the Placidus wheel of the same birth
/// but where `knownSmaller` says.
public enum HouseSystemWalk {
    public static let seeds = 0..<40

    /// The births whose whole-sign or equal wheel draws its glyphs smaller than Placidus, and at which sizes. Each
    /// is the price of rules 7 and 8 together: a whole-sign or equal house holds its crowd (rule 8) where Placidus
    /// has a cusp elsewhere, and keeps a roomy house's columns clear of its cusps (rule 7), so the crowd draws in
    /// two or three tracks and, where those are not enough, smaller (0.5 to 0.9 of full size from 600 px up; seed
    /// 1's whole-sign houses the least: four bodies in the 14° between its IC and the next cusp). Measured after
    /// three tracks (issue 44): 18 of the 240 wheels, 27 with two tracks, 31 before rule 8.
    public static let knownSmaller: [(seed: Int, system: HouseSystem, sizes: Set<Int>)] = [
        (1, .equal, [600, 2000]),
        (1, .wholeSign, [600, 2000]),
        (2, .wholeSign, [600, 2000]),
        (3, .equal, [600, 2000]),
        (7, .equal, [600, 2000]),
        (9, .wholeSign, [600, 2000]),
        (13, .equal, [250]),
        (24, .equal, [600, 2000]),
        (27, .wholeSign, [250]),
        (39, .equal, [250]),
        (39, .wholeSign, [250]),
    ]

    public static func run(size: Int, _ sampling: Sampling) async throws -> WalkReport {
        let looked = RandomWheels.seeds(seeds, sampling, known: knownSmaller.filter { $0.sizes.contains(size) }.map(\.seed))
        let results = try await looked.concurrentMap { seed -> [String] in
            let birth = RandomBirths.birth(seed: seed)
            let placidus = RandomBirths.layout(try ChartCalculator.chart(for: birth, houseSystem: .placidus).chart, size: size)
            return try [HouseSystem.wholeSign, .equal].flatMap { system -> [String] in
                let layout = RandomBirths.layout(try ChartCalculator.chart(for: birth, houseSystem: system).chart, size: size)
                var found = WheelRules.violations(layout).map { "seed \(seed) \(system): \($0)" }
                let mine = RandomBirths.smallestGlyph(layout), theirs = RandomBirths.smallestGlyph(placidus)
                let known = knownSmaller.contains { $0.seed == seed && $0.system == system && $0.sizes.contains(size) }
                if mine < theirs - 0.01 && !known { found.append("seed \(seed) \(system): glyphs of \(mine) px, Placidus \(theirs) px") }
                return found
            }
        }
        var report = WalkReport()
        let found = results.flatMap { $0 }
        report.check(found.isEmpty, "house systems at \(size) px: \(found)")
        report.lookedUp = looked.count
        report.summary = "whole-sign and equal wheels at \(size) px: \(looked.count) random births (\(sampling), and the listed ones)"
        return report
    }
}

/// The bi-wheel at 600 px on 40 random pairs (BiWheelReadabilityTests.randomPairsKeepTheirLabelsReadable): the rules,
/// and every label of either ring at least 8.5 px tall. (Glyphs smaller than full size only in a quadrant with a
/// crowded room was promised too; since no cusp may strike a column in a room as wide as rule 7 asks, and the inner
/// ring's full-size glyphs take about 8° each, a quadrant keeps its roomy rooms clear by shrinking to that floor.)
public enum ReadableBiWheelWalk {
    public static let pairs = 0..<40

    public static func run(_ sampling: Sampling) async throws -> WalkReport {
        let looked = RandomWheels.seeds(pairs, sampling)
        let layouts = try await looked.concurrentMap { pair -> (Int, WheelLayout) in
            let inner = try ChartCalculator.chart(for: RandomBirths.birth(seed: 1000 + 2 * pair)).chart
            let outer = try ChartCalculator.chart(for: RandomBirths.birth(seed: 1001 + 2 * pair)).chart
            return (pair, WheelLayout(chart: inner, outer: OuterChart(chart: outer, kind: .synastry), options: LayoutOptions()))
        }
        var report = WalkReport()
        for (pair, layout) in layouts {
            let violations = WheelRules.violations(layout)
            report.check(violations.isEmpty, "pair \(pair): \(violations.prefix(4))")
            for body in layout.bodies {
                for run in body.column.runs.dropFirst() {
                    report.check(run.height >= 8.5, "pair \(pair): \(WheelRules.name(body))'s label is \(run.height) px")
                }
            }
        }
        report.lookedUp = looked.count
        report.summary = "readable bi-wheels: \(looked.count) random pairs (\(sampling))"
        return report
    }
}
