import ChartModel
import ChartWalks
import Ephemeris
import Foundation
import Testing
@testable import Geometry

/// A polar birth's houses: Tromsø at noon in January, where Porphyry stands in for Placidus and six houses are
/// slivers under a degree beside the horizon. Their numbers stand beside the slivers at full size, so that no
/// number anywhere shrinks for them (they were all drawn at half size, 7 px at 600 px), and from 600 px up no line
/// runs through one. (At 250 px the bundle of lines beside the horizon is wider than the numbers' room: two of
/// them touch it.)
@Suite
struct PolarHouseNumbersTests {
    static let birth = try! Birth(date: "1985-01-15", time: "12:00", zone: "Europe/Oslo", latitude: 69.6492, longitude: 18.9553)

    @Test(arguments: [250, 600, 1000])
    func sliversNumbersKeepTheirSizeAndMeetNoLine(size: Int) throws {
        let chart = try ChartCalculator.chart(for: Self.birth, houseSystem: .placidus).chart
        var options = LayoutOptions()
        options.chartSize = size
        let layout = WheelLayout(chart: chart, options: options)
        let cusps = layout.cusps.sorted { $0.house < $1.house }
        let widths = cusps.indices.map { normalizedDegrees(cusps[($0 + 1) % 12].angle - cusps[$0].angle) }
        #expect(widths.filter { $0 < 3 }.count >= 4, "the slivers this test is about: \(widths)")
        let heights = layout.houseNumbers.map(\.run.height)
        #expect(Set(heights).count == 1 && heights[0] >= WheelLayout.smallestLabel, "\(size) px: \(heights)")
        let polar = Polar(center: layout.center)
        for number in layout.houseNumbers where size >= 600 {
            let box = number.run.box
            let middle = Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height)
            for line in layout.cusps.map({ Segment(from: polar.point(radius: layout.rings.aspect, angle: $0.angle),
                                                   to: polar.point(radius: layout.rings.zodiacInner, angle: $0.angle)) }) {
                #expect(!middle.meets(line), "\(size) px: a cusp line runs through house \(number.house)'s number")
            }
        }
        #expect(WheelRules.violations(layout).isEmpty, "\(WheelRules.violations(layout))")
    }
}
