import ChartModel
import ChartWalks
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// How far glyphs wander from their longitudes. A stellium pressed against an angle can spread one way only, so
/// its last glyph lies about a column's width times the stellium's size from its tick. Near the MC and the IC a
/// column lies across the ring, so its widest label sets its width: at 600 px, at the glyph scale a wandering
/// quadrant shrinks to (0.72), about 5.5°, and ten bodies after the IC need about 55°. The bounds are that with a
/// little room: 58° for the ten-body stress charts at 600 and 2,000 px, and 55° for the random charts there (most
/// of whose crowds are smaller and not against an axis). Before a crowded quadrant shrank its own glyphs to pull a
/// stellium in, the ten-body charts reached 74° (71° for ten bodies after the IC) and the random ones 68°.
@Suite
struct WanderTests {
    static let tenBodyCharts: [(String, NatalChart)] = TestCharts.crowded.filter { $0.0.hasPrefix("ten") } + [
        // The case: ten bodies within 10° just after the IC (97.5° with the Ascendant at 7.5°).
        ("ten just after the IC", TestCharts.chart((0..<10).map { 98 + Double($0) }, ids: TestCharts.tenPlanets)),
    ]

    @Test(arguments: [600, 2000])
    func aStelliumStaysNearItsTicks(size: Int) throws {
        var charts = Self.tenBodyCharts
        let stress = SampleCharts.packageRoot.appendingPathComponent("GoldenImages/inputs")
        for name in try FileManager.default.contentsOfDirectory(atPath: stress.path).filter({ $0.hasSuffix(".json") }) {
            charts.append((name, try ChartDecoder.decode(Data(contentsOf: stress.appendingPathComponent(name))).chart))
        }
        for (name, chart) in charts where chart.bodies.count <= 10 {
            let wander = Self.widestWander(chart, size: size)
            #expect(wander <= 58, "\(name) at \(size) px: a glyph \(wander)° from its longitude")
        }
    }

    /// One random chart in ten (Tests/ChartWalks/WheelWalks.swift); the release check lays out all 400 at both sizes.
    @Test(arguments: [600, 2000])
    func randomChartsStayNearTheirTicks(size: Int) async throws {
        let report = try await WanderWalk.run(size: size, .every(10, from: 5))
        report.recordFailures()
        print(report.summary)
    }

    static func widestWander(_ chart: NatalChart, size: Int) -> Double {
        var options = LayoutOptions()
        options.chartSize = size
        return WanderWalk.widest(WheelLayout(chart: chart, options: options))
    }
}
