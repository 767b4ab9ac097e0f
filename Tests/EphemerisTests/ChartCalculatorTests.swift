@testable import Ephemeris
import ChartModel
import Foundation
import Testing

/// Whole charts from the reference births, with the reference's ΔT so that the theory is judged alone: every
/// body, angle and cusp of the seven systems within the limits.
@Suite
struct ChartCalculatorTests {
    static let systems: [(HouseSystem, String)] = [
        (.placidus, "Placidus"), (.koch, "Koch"), (.regiomontanus, "Regiomontanus"), (.campanus, "Campanus"),
        (.porphyry, "Porphyry"), (.equal, "Equal"), (.wholeSign, "Whole Sign"),
    ]
    /// Our body, the reference's name, the limit in arc-seconds and in degrees a day.
    static let bodies: [(BodyID, String, Double, Double)] = [
        (.sun, "Sun", 1, 0.001), (.moon, "Moon", 3, 0.001), (.mercury, "Mercury", 1, 0.001), (.venus, "Venus", 1, 0.001),
        (.mars, "Mars", 1, 0.001), (.jupiter, "Jupiter", 1, 0.001), (.saturn, "Saturn", 1, 0.001),
        (.uranus, "Uranus", 1, 0.001), (.neptune, "Neptune", 1, 0.001), (.pluto, "Pluto", 1, 0.001),
        (.meanNode, "Mean Node", 20, 0.001), (.northNode, "True Node", 90, 0.003), (.lilith, "Mean Lilith", 60, 0.001),
    ]

    static func birth(_ reference: ReferenceChart) throws -> Birth {
        let input = reference.input
        return try Birth(date: input["date"] as! String, time: input["time"] as! String, zone: input["tz_name"] as! String,
                         latitude: reference.latitude, longitude: reference.longitude, deltaT: reference.number("delta_t_seconds"))
    }

    /// A computed chart knows its birth as the user gave it, with the offset the time was read with: what a
    /// sheet's header shows. The sky of transits knows its moment and no place.
    @Test func aComputedChartKnowsItsBirth() throws {
        let berlin = try ChartCalculator.chart(for: try Birth(date: "1990-05-15", time: "10:30", zone: "Europe/Berlin", latitude: 52.52,
                                                              longitude: 13.405)).chart
        #expect(berlin.birth == BirthDetails(date: "1990-05-15", time: "10:30", zone: "Europe/Berlin (UTC+02:00)", latitude: 52.52,
                                             longitude: 13.405))
        #expect(berlin.birth?.summary == "1990-05-15 10:30 Europe/Berlin (UTC+02:00) · 52°31′ N, 13°24′ E")
        let india = try ChartCalculator.chart(for: try Birth(date: "1962-01-02", time: "05:45:30", zone: "+05:30", latitude: 28.61,
                                                             longitude: 77.21)).chart
        #expect(india.birth?.zone == "UTC+05:30" && india.birth?.time == "05:45:30")
        let sky = try ChartCalculator.transits(at: Date(timeIntervalSince1970: 1_764_219_600), place: (48.4, 9.99)).chart
        #expect(sky.birth == BirthDetails(date: "2025-11-27", time: "05:00", zone: "UTC"), "\(String(describing: sky.birth))")
        // Not part of the chart's JSON: a chart read back has none.
        #expect(try ChartDecoder.decode(berlin.jsonData()).chart.birth == nil)
    }

    @Test(arguments: ReferenceChart.all)
    func bodiesAreWithinTheirLimits(reference: ReferenceChart) throws {
        let computed = try ChartCalculator.chart(for: try Self.birth(reference))
        #expect(abs(computed.instant.julianDayTT - reference.julianDayTT) < 1e-8)
        for (id, name, limit, speedLimit) in Self.bodies {
            let body = try #require(computed.chart.body(id))
            let expected = try #require(reference.body(name))
            let speed = expected["speed_longitude"] as! Double
            #expect(abs(Angle.difference(body.longitude, expected["longitude"] as! Double)) * 3600 < limit, "\(reference.id) \(name)")
            #expect(abs(body.latitude! - (expected["latitude"] as! Double)) * 3600 < limit, "\(reference.id) \(name) latitude")
            #expect(abs(body.speed! - speed) < speedLimit, "\(reference.id) \(name) speed")
            if abs(speed) > 0.001 { #expect(body.retrograde == (speed < 0), "\(reference.id) \(name) retrograde") }
        }
        let node = try #require(computed.chart.body(.northNode)), south = try #require(computed.chart.body(.southNode))
        #expect(abs(Angle.difference(south.longitude, node.longitude + 180)) < 1e-9)
    }

    @Test(arguments: ReferenceChart.all)
    func anglesAndCuspsOfEverySystemAreWithinAnArcSecond(reference: ReferenceChart) throws {
        let houses = try #require(reference.json["houses"] as? [String: Any])
        for (system, name) in Self.systems {
            let expected = try #require(houses[name] as? [String: Any])
            let computed = try ChartCalculator.chart(for: try Self.birth(reference), houseSystem: system)
            guard let cusps = expected["cusps"] as? [Double] else {
                // Undefined inside the polar circle: Porphyry, which is what the reference's Porphyry has.
                #expect(computed.houseSystem == .porphyry)
                #expect(computed.warnings.contains { $0.contains(system.displayName) && $0.contains("Porphyry") })
                #expect(computed.chart.houseSystem == "Porphyry")
                // The chart keeps what was asked for, for the wheel's corner and the JSON to say.
                #expect(computed.chart.houseSystemRequested == system.displayName)
                let porphyry = try #require((houses["Porphyry"] as? [String: Any])?["cusps"] as? [Double])
                for (a, b) in zip(computed.chart.cusps, porphyry) { #expect(abs(Angle.difference(a, b)) * 3600 < 1) }
                #expect(throws: ChartError.self) { try ChartCalculator.chart(for: try Self.birth(reference), houseSystem: system, strict: true) }
                continue
            }
            #expect(computed.houseSystem == system)
            #expect(computed.chart.houseSystem == system.displayName)
            #expect(computed.chart.houseSystemRequested == nil, "\(reference.id) \(name): the system asked for")
            for (i, (a, b)) in zip(computed.chart.cusps, cusps).enumerated() {
                #expect(abs(Angle.difference(a, b)) * 3600 < 1, "\(reference.id) \(name) cusp \(i + 1): \(a) against \(b)")
            }
            #expect(abs(Angle.difference(computed.chart.ascendant, reference.number("ascendant"))) * 3600 < 1)
            #expect(abs(Angle.difference(computed.chart.midheaven, reference.number("mc"))) * 3600 < 1)
        }
    }

    @Test(arguments: ReferenceChart.all)
    func everyBodySitsInTheHouseItsCuspsSay(reference: ReferenceChart) throws {
        let chart = try ChartCalculator.chart(for: try Self.birth(reference)).chart
        #expect(chart.bodies.map(\.id) == ChartCalculator.bodies)
        for body in chart.bodies { #expect(body.house == chart.house(of: body.longitude)) }
        // The reference's own house numbers (Placidus, or Porphyry inside the polar circle).
        for (id, name, _, _) in Self.bodies.prefix(10) {
            let expected = try #require(reference.body(name)?["house_placidus_or_fallback"] as? Int)
            #expect(chart.body(id)?.house == expected, "\(reference.id) \(name)")
        }
    }

    @Test func thePartOfFortuneFollowsTheSunByDayAndTheMoonByNight() {
        // Ascendant 0°: a Sun at 270° (in the 10th house) is above the horizon, at 90° (the 4th) below.
        #expect(ChartCalculator.partOfFortune(sun: 270, moon: 300, ascendant: 0) == 30)   // day: ASC + Moon − Sun
        #expect(ChartCalculator.partOfFortune(sun: 90, moon: 120, ascendant: 0) == 330)   // night: ASC + Sun − Moon
    }

    @Test func theAspectsAreTheRenderersLeavingOutTheMirroredPoints() throws {
        let chart = try ChartCalculator.chart(for: try Self.birth(try ReferenceChart("d_1962_newdelhi"))).chart
        let aspects = try #require(chart.aspects)
        #expect(!aspects.isEmpty)
        #expect(aspects == AspectFinder().aspects(among: chart.bodies.filter { $0.id != .southNode && $0.id != .meanNode }))
        #expect(!aspects.contains { $0.first == .southNode || $0.second == .southNode })
    }

    @Test func manyThreadsGetTheSameCharts() async throws {
        let births = try ReferenceChart.all.map(Self.birth)
        let expected = try births.map { try ChartCalculator.chart(for: $0).chart }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { try births.map { try ChartCalculator.chart(for: $0).chart } == expected }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test func aBirthOutsideTheTablesSpanIsRefused() {
        #expect(throws: ChartError.self) { try ChartCalculator.chart(for: try Birth(date: "1799-12-31", time: "12:00", zone: "UTC", latitude: 0, longitude: 0)) }
        #expect(throws: ChartError.self) { try ChartCalculator.chart(for: try Birth(date: "2101-01-01", time: "12:00", zone: "UTC", latitude: 0, longitude: 0)) }
        // The span's ends themselves are computed, whatever the zone does to the UT date.
        #expect(throws: Never.self) { try ChartCalculator.chart(for: try Birth(date: "1800-01-01", time: "00:00", zone: "+14:00", latitude: 0, longitude: 0)) }
        #expect(throws: Never.self) { try ChartCalculator.chart(for: try Birth(date: "2100-12-31", time: "23:59:59", zone: "-12:00", latitude: 0, longitude: 0)) }
    }
}
