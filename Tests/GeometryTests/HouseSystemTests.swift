import ChartModel
import ChartWalks
import Ephemeris
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The wheel in every house system: whole-sign houses put the AC and the MC inside houses, equal houses the MC;
/// their wheels keep the rules as the quadrant systems' do, and draw no glyph smaller than the Placidus wheel of
/// the same birth.
@Suite
struct HouseSystemTests {
    /// One birth in five and every one listed in `HouseSystemWalk.knownSmaller` (Tests/ChartWalks/HouseSystemWalks.swift);
    /// the release check lays out all 40 at each size.
    @Test(arguments: [250, 600, 2000])
    func wholeSignAndEqualWheelsKeepTheRulesAndTheirGlyphs(size: Int) async throws {
        let report = try await HouseSystemWalk.run(size: size, .every(5, from: 2))
        report.recordFailures()
        print(report.summary)
    }

    /// A body 12′ before an angle and four 0–2° after it, in every house system at 600 px: the rules hold, and each
    /// body of the crowd keeps its glyph's full size where its room (between its walls) holds its bodies at 6° a
    /// body, and at least 0.7 of it everywhere.
    @Test(arguments: HouseSystem.allCases)
    func aCrowdOnAnAngleKeepsItsSize(system: HouseSystem) throws {
        let base = try ChartCalculator.chart(for: RandomBirths.birth(seed: 7), houseSystem: system).chart
        let full = RandomBirths.smallestGlyph(RandomBirths.layout(try SampleCharts.chart("b_1990_newyork"), size: 600))
        let crowd: [BodyID] = [.sun, .moon, .mercury, .venus, .mars]
        for (name, angle) in [("AC", base.ascendant), ("DC", base.ascendant + 180), ("MC", base.midheaven), ("IC", base.midheaven + 180)] {
            var chart = base
            for (offset, id) in zip([-0.2, 0.3, 0.8, 1.4, 2.0], crowd) {
                let index = chart.bodies.firstIndex { $0.id == id }!
                chart.bodies[index].longitude = normalizedDegrees(angle + offset)
                chart.bodies[index].house = nil
            }
            // The other bodies keep out of the crowd's houses, so that the crowd is the only one there.
            chart.bodies.removeAll { !crowd.contains($0.id) && abs(angleDifference($0.longitude, angle)) < 40 }
            chart.aspects = nil
            let layout = RandomBirths.layout(chart, size: 600)
            #expect(WheelRules.violations(layout).isEmpty, "\(system) \(name): \(WheelRules.violations(layout).prefix(4))")
            let walls = layout.cusps.map(\.angle) + layout.angles.map(\.angle)
            for body in layout.bodies where crowd.contains(body.id) {
                let room = WheelRules.room(of: body.trueAngle, walls: walls)
                let inRoom = layout.bodies.filter { WheelRules.room(of: $0.trueAngle, walls: walls) == room }.count
                let glyph = body.column.runs[0].height
                #expect(glyph >= 0.7 * full - 0.01, "\(system) \(name): \(body.id) at \(glyph) px")
                if room.width >= 6 * Double(inRoom) {
                    #expect(glyph >= full - 0.01, "\(system) \(name): \(body.id) at \(glyph) px in a room of \(room.width)° for \(inRoom)")
                }
            }
        }
    }
}


/// The bi-wheel at 600 px on random pairs: every label of either ring at least 8.5 px tall, and glyphs smaller
/// than full size only in a quadrant with a crowded room (fewer than 6° a body).
@Suite
struct BiWheelReadabilityTests {
    /// One pair in four (Tests/ChartWalks/HouseSystemWalks.swift); the release check lays out all 40.
    @Test func randomPairsKeepTheirLabelsReadable() async throws {
        let report = try await ReadableBiWheelWalk.run(.every(4, from: 1))
        report.recordFailures()
        print(report.summary)
    }
}
