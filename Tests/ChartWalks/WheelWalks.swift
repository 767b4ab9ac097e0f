import ChartModel
import Foundation
import TestSupport
import WalkSampling
@testable import Geometry

/// The seeded random charts the wheel's walks lay out: equal houses, equal houses with shifted cusps, and the
/// unequal houses (with slivers) of quadrant systems, spread over the smallest size, the default and a large one.
public enum RandomWheels {
    public static let sizes = [LayoutOptions.chartSizeRange.lowerBound, 600, 2000]

    public static func chart(seed: Int) -> NatalChart {
        switch seed % 4 {
        case 0: TestCharts.random(seed: UInt64(seed))
        case 2: TestCharts.randomShiftedCusps(seed: UInt64(seed))
        default: TestCharts.randomHouses(seed: UInt64(seed))
        }
    }

    public static func size(seed: Int) -> Int { sizes[seed % 3] }

    /// The seeds of `all` that `sampling` looks at, with every seed of `known` among them.
    static func seeds(_ all: Range<Int>, _ sampling: Sampling, known: [Int] = []) -> [Int] {
        all.filter { sampling.includes($0) || known.contains($0) }
    }
}

/// `WheelRules` on 1,200 seeded random charts (WheelRulesTests.randomChartsKeepTheRules).
///
/// The rules exempt nothing the public check does not. The few charts that no placement here satisfies are
/// listed in Tests/GeometryTests/known-rule-breaks.json with the rules they break: one, whose 10th house is a
/// sliver with bodies in it at 250 px, leaving its number no place clear of the Midheaven's axis. (Since a crowd
/// takes two rows a whole clearance apart, none gives an angle up.) A quadrant merely too narrow
/// for its columns draws them shorter and keeps the rules. Any other chart that breaks a rule or gives up an angle
/// fails, and so does a listed one that breaks other rules or none.
public enum WheelRulesWalk {
    public static let seeds = 0..<1200

    public static func run(_ sampling: Sampling) async throws -> WalkReport {
        let listed = try KnownRuleBreaks.load().wheels.filter { seeds.contains($0.seed) }
        let looked = RandomWheels.seeds(seeds, sampling, known: listed.map(\.seed))
        let found = try await looked.concurrentMap { seed -> KnownRuleBreak? in
            var options = LayoutOptions()
            options.chartSize = RandomWheels.size(seed: seed)
            let layout = WheelLayout(chart: RandomWheels.chart(seed: seed), options: options)
            let broken = WheelRules.violations(layout)
            guard !broken.isEmpty || !layout.placement.anglesHeld else { return nil }
            return KnownRuleBreak(seed: seed, size: options.chartSize, anglesHeld: layout.placement.anglesHeld, broken: broken)
        }.compactMap { $0 }
        return KnownRuleBreaks.report(listed: listed, found: found, lookedUp: looked.count,
                                      summary: "wheel rules: \(looked.count) random charts (\(sampling), and the \(listed.count) listed), \(found.count) breaking rules as listed")
    }
}

/// Rule 9 on its own (WheelRulesTests.connectorsNeitherCrossNorShareALane), on the 1,200 charts and the samples at
/// the three sizes: with one lane for all, the connectors of about two charts in three ran along one another.
public enum ConnectorWalk {
    public static func run(_ sampling: Sampling) async throws -> WalkReport {
        var charts = RandomWheels.seeds(WheelRulesWalk.seeds, sampling).map { ("seed \($0)", RandomWheels.chart(seed: $0), RandomWheels.size(seed: $0)) }
        for id in SampleCharts.ids {
            for size in RandomWheels.sizes { charts.append((id, try SampleCharts.chart(id), size)) }
        }
        let failed = try await charts.concurrentMap { name, chart, size in
            var options = LayoutOptions()
            options.chartSize = size
            return WheelRules.connectorConflicts(WheelLayout(chart: chart, options: options)).first.map { "\(name) at \(size) px: \($0)" }
        }.compactMap { $0 }
        var report = WalkReport()
        report.check(failed.isEmpty, "connectors: \(failed.count) of \(charts.count) charts cross or share a lane, as \(failed.prefix(4))")
        report.lookedUp = charts.count
        report.summary = "connectors: \(charts.count) charts (random ones \(sampling), and the samples at three sizes)"
        return report
    }
}

/// How far glyphs wander from their longitudes on the 400 random charts at 600 and 2,000 px
/// (WanderTests.randomChartsStayNearTheirTicks): 55° at most (WanderTests says why).
public enum WanderWalk {
    public static let seeds = 0..<400

    public static func run(size: Int, _ sampling: Sampling) async throws -> WalkReport {
        let looked = RandomWheels.seeds(seeds, sampling)
        let wanders = try await looked.concurrentMap { seed -> (wander: Double, seed: Int) in
            var options = LayoutOptions()
            options.chartSize = size
            let layout = WheelLayout(chart: RandomWheels.chart(seed: seed), options: options)
            // A quadrant that cannot hold its bodies lets them over the angles: no bound holds there.
            return (layout.placement.anglesHeld ? widest(layout) : 0, seed)
        }
        var report = WalkReport()
        let farthest = wanders.max { $0.wander < $1.wander }!
        report.check(farthest.wander <= 55, "wander: seed \(farthest.seed) at \(size) px: a glyph \(farthest.wander)° from its longitude")
        report.lookedUp = looked.count
        report.summary = "wander at \(size) px: \(looked.count) random charts (\(sampling)), the widest \(String(format: "%.1f", farthest.wander))°"
        return report
    }

    public static func widest(_ layout: WheelLayout) -> Double {
        layout.bodies.map { abs(angleDifference($0.glyphAngle, $0.trueAngle)) }.max() ?? 0
    }
}
