import ChartModel
import Testing
import TestSupport
@testable import Geometry

@Suite
struct LastValueTests {
    @Test func computesAgainWheneverTheKeyChanges() {
        let memo = LastValue<Int, Int>()
        var computed = 0
        func ask(_ key: Int) -> Int { memo.value(for: key) { computed += 1; return key * 10 } }
        #expect(ask(1) == 10 && computed == 1)
        #expect(ask(1) == 10 && computed == 1, "the last key is answered from memory")
        #expect(ask(2) == 20 && computed == 2)
        #expect(ask(1) == 10 && computed == 3, "only the last key is kept")
    }

    /// The house-number ring comes from the remembered reach of the deepest column: switching sizes back and
    /// forth must give each size its own ring, never the last size's.
    @Test func eachSizeGetsItsOwnHouseRingWhateverCameBefore() {
        let chart = TestCharts.random(seed: 7)
        func rings(_ size: Int, title: String? = nil) -> WheelLayout.Rings {
            var options = LayoutOptions()
            options.chartSize = size
            options.title = title
            return WheelLayout(chart: chart, options: options).rings
        }
        let small = rings(300), large = rings(600), titled = rings(600, title: "Chart")
        #expect(small.houseNumbers != large.houseNumbers && large.houseNumbers != titled.houseNumbers)
        #expect(rings(300) == small && rings(600, title: "Chart") == titled && rings(600) == large && rings(300) == small)
    }
}
