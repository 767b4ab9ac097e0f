@testable import ChartModel
import Foundation
import Testing
import TestSupport

/// Charts read from JSON keep Chiron and the four great asteroids, and our own JSON writes and reads them and the
/// zodiac a chart is counted in.
@Suite
struct ZodiacAndAsteroidsTests {
    static let five: [BodyID] = [.chiron, .ceres, .pallas, .juno, .vesta]

    /// A FreeAstrologyAPI bundle whose planets list Chiron, Lilith, Ceres, Vesta, Juno and Pallas, as the service's do.
    static func freeAstrologyAPIBundle() throws -> Data {
        var bundle = try JSONSerialization.jsonObject(with: try SampleCharts.data("b_1990_newyork", shape: "freeastrologyapi")) as! [String: Any]
        var planets = bundle["planets"] as! [String: Any]
        var data = planets["data"] as! [String: Any]
        var list = data["planets"] as! [[String: Any]]
        for (name, longitude) in [("Chiron", 201.5), ("Lilith", 280.25), ("Ceres", 300.75), ("Vesta", 12.5), ("Juno", 99.0), ("Pallas", 145.0)] {
            list.append(["name": name, "full_degree": longitude, "normalized_degree": longitude.truncatingRemainder(dividingBy: 30),
                         "speed": 0.1, "is_retrograde": false, "sign_num": Int(longitude / 30) + 1, "sign": "x"])
        }
        data["planets"] = list
        planets["data"] = data
        bundle["planets"] = planets
        return try JSONSerialization.data(withJSONObject: bundle)
    }

    @Test func aFreeAstrologyAPIChartKeepsChironAndTheAsteroids() throws {
        let decoded = try ChartDecoder.decode(try Self.freeAstrologyAPIBundle(), strict: true)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        for (id, longitude) in zip(Self.five, [201.5, 300.75, 145.0, 99.0, 12.5]) {
            #expect(decoded.chart.body(id)?.longitude == longitude, "\(id)")
        }
        #expect(decoded.chart.body(.lilith)?.longitude == 280.25)
    }

    @Test func ourJSONWritesAndReadsTheFiveAndTheZodiac() throws {
        var chart = TestCharts.chart([10, 40, 70, 100, 130, 160, 190, 220, 250, 280, 300, 320, 340, 5, 25], ids:
            [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto] + Self.five)
        chart.zodiac = "Sidereal, Lahiri"
        for compact in [false, true] {
            let data = chart.jsonData(compact: compact)
            let text = String(decoding: data, as: UTF8.self)
            for id in ["chiron", "ceres", "pallas", "juno", "vesta"] { #expect(text.contains(#""id":"\#(id)""#) || text.contains(#""id" : "\#(id)""#), "\(id)") }
            #expect(text.contains("Sidereal, Lahiri"))
            let read = try ChartDecoder.decode(data, strict: true).chart
            #expect(read.zodiac == "Sidereal, Lahiri")
            #expect(Self.five.allSatisfy { read.body($0) != nil })
            #expect(try JSONDecoder().decode(NatalChart.self, from: data).zodiac == "Sidereal, Lahiri")
        }
        // The one-line writer stays the encoder's bytes with the zodiac.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(chart.jsonData(compact: true) == (try encoder.encode(chart)))
        // A tropical chart writes no zodiac, as before.
        chart.zodiac = nil
        #expect(!String(decoding: chart.jsonData(compact: true), as: UTF8.self).contains("zodiac"))
    }

    @Test func aZodiacThatIsNoShortLineIsRefused() throws {
        var chart = TestCharts.chart([10, 40])
        chart.zodiac = String(repeating: "x", count: 41)
        let data = chart.jsonData()
        #expect(throws: ChartError.self) { try ChartDecoder.decode(data) }
        #expect(chart.drawable().zodiac?.unicodeScalars.count ?? 0 <= ChartLimits.maxHouseSystemScalars)
    }
}
