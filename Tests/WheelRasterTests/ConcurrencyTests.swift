import ChartModel
import Foundation
import Testing
import TestSupport
@testable import WheelRaster
import WheelRender

/// Rendering keeps no shared state: many threads at once give the same bytes as one at a time.
@Suite
struct ConcurrencyTests {
    @Test func concurrentRendersMatchASequentialOne() async throws {
        let charts = try SampleCharts.ids.map { try SampleCharts.chart($0) }
        let expected = try charts.map { try WheelRenderer.png(.wheel($0)) }
        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for round in 0..<3 {
                for (index, chart) in charts.enumerated() {
                    group.addTask { (index, try WheelRenderer.png(.wheel(chart))) }
                }
                _ = round
            }
            var all: [(Int, Data)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == charts.count * 3)
        let mismatches = results.filter { $0.1 != expected[$0.0] }.count
        #expect(mismatches == 0, "\(mismatches) concurrent renders differ from the sequential ones")
    }
}
