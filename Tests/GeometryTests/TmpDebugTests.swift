import Testing
import Foundation
import ChartModel
import TestSupport
@testable import Geometry

struct TmpDebugTests {
    @Test func debugStress() throws {
        let stress = SampleCharts.packageRoot.appendingPathComponent("GoldenImages/inputs")
        var charts: [(String, NatalChart)] = TestCharts.crowded
        for name in try FileManager.default.contentsOfDirectory(atPath: stress.path).filter({ $0.hasSuffix(".json") }) {
            charts.append((name, try ChartDecoder.decode(Data(contentsOf: stress.appendingPathComponent(name))).chart))
        }
        for (name, chart) in charts {
            var options = LayoutOptions(); options.chartSize = 250
            let layout = WheelLayout(chart: chart, options: options)
            let v = WheelRules.violations(layout)
            if !v.isEmpty {
                print("NAME", name, v, layout.placement)
                print("ASC", chart.ascendant, "MC", chart.midheaven, "cusps", chart.cusps)
                for a in layout.angles { print(a.kind, a.angle, WheelLayout.centreAngle(of: a.column, around: layout.center), a.column.runs.count) }
                for b in layout.bodies { print(b.id, b.trueAngle, b.glyphAngle, b.column.runs[0].height) }
            }
        }
    }
}
