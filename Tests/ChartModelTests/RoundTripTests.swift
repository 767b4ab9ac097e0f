import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The project's own format: what `jsonData()` writes, `ChartDecoder` reads back unchanged.
@Suite struct RoundTripTests {
    @Test(arguments: SampleCharts.ids, ["astrologyapi", "freeastrologyapi"])
    func sampleSurvivesWritingAndReading(id: String, folder: String) throws {
        let chart = try Samples.chart(folder, id).chart
        let decoded = try ChartDecoder.decode(chart.jsonData())
        #expect(decoded.format == .natalChart)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.chart == chart)
    }

    @Test func writtenKeysAreTheDocumentedOnes() throws {
        let chart = try NatalChart(
            bodies: [Body(id: .northNode, longitude: 12.5, speed: -0.05, retrograde: true, house: 1), Body(id: .sun, longitude: 40)],
            cusps: (0..<12).map { Double($0) * 30 }, ascendant: 1, midheaven: 271,
            aspects: [Aspect(first: .sun, second: .northNode, kind: .semiSextile, orb: 0.5)])
        let json = try #require(try JSONSerialization.jsonObject(with: chart.jsonData()) as? [String: Any])
        #expect(Set(json.keys) == ["bodies", "cusps", "ascendant", "midheaven", "aspects"])
        let body = try #require((json["bodies"] as? [[String: Any]])?.first)
        #expect(Set(body.keys) == ["id", "longitude", "speed", "retrograde", "house"])
        #expect(body["id"] as? String == "northNode")
        let aspect = try #require((json["aspects"] as? [[String: Any]])?.first)
        #expect(Set(aspect.keys) == ["first", "second", "kind", "orb"])
        #expect(aspect["kind"] as? String == "semiSextile")
    }

    @Test func outputIsStableAndSorted() throws {
        let chart = try Samples.chart("astrologyapi", "b_1990_newyork").chart
        let text = String(decoding: chart.jsonData(), as: UTF8.self)
        let repeatable = chart.jsonData() == chart.jsonData()  // a Bool: #expect on two Data values renders a byte diff
        #expect(repeatable)
        // Sorted keys put "ascendant" before "bodies" at the top level.
        let ascendant = try #require(text.range(of: "\"ascendant\""))
        let bodies = try #require(text.range(of: "\"bodies\""))
        #expect(ascendant.lowerBound < bodies.lowerBound)
        #expect(text.contains("\n"))
    }

    /// A chart whose houses replaced the system asked for (Porphyry for Placidus inside the polar circles) says
    /// both, in both writers, and reads back equal; a chart of the system asked for has no `house_system_requested`.
    @Test func theHouseSystemAskedForSurvivesWritingAndReading() throws {
        var chart = try NatalChart(bodies: [Body(id: .sun, longitude: 1)], cusps: (0..<12).map { Double($0) * 30 }, houseSystem: "Porphyry")
        let plain = try #require(try JSONSerialization.jsonObject(with: chart.jsonData()) as? [String: Any])
        #expect(plain["house_system"] as? String == "Porphyry" && plain["house_system_requested"] == nil)
        chart.houseSystemRequested = "Placidus"
        for compact in [false, true] {
            let data = chart.jsonData(compact: compact)
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["house_system"] as? String == "Porphyry" && json["house_system_requested"] as? String == "Placidus")
            let decoded = try ChartDecoder.decode(data)
            #expect(decoded.chart == chart && decoded.warnings.isEmpty)
            #expect(try JSONDecoder().decode(NatalChart.self, from: data) == chart, "Codable reads it too")
        }
        // Null is absent, as for house_system; a value that is no line of text is refused where it stands.
        let text = String(decoding: chart.jsonData(compact: true), as: UTF8.self)
        let null = text.replacingOccurrences(of: #""house_system_requested":"Placidus""#, with: #""house_system_requested":null"#)
        #expect(try ChartDecoder.decode(Data(null.utf8)).chart.houseSystemRequested == nil)
        let number = text.replacingOccurrences(of: #""house_system_requested":"Placidus""#, with: #""house_system_requested":7"#)
        expectError(at: "house_system_requested", naming: "a string") { _ = try ChartDecoder.decode(Data(number.utf8)) }
        let long = text.replacingOccurrences(of: #""house_system_requested":"Placidus""#, with: #""house_system_requested":"\#(String(repeating: "P", count: 41))""#)
        expectError(at: "house_system_requested", naming: "at most 40") { _ = try ChartDecoder.decode(Data(long.utf8)) }
    }

    @Test func absentAspectsStayAbsentAndEmptyStaysEmpty() throws {
        var chart = try NatalChart(bodies: [Body(id: .sun, longitude: 1)], cusps: (0..<12).map { Double($0) * 30 })
        #expect(try ChartDecoder.decode(chart.jsonData()).chart.aspects == nil)
        chart.aspects = []
        #expect(try ChartDecoder.decode(chart.jsonData()).chart.aspects == [])
    }

    @Test func aChangedChartWithNaNIsRejectedOnReading() throws {
        var chart = try NatalChart(bodies: [Body(id: .sun, longitude: 1)], cusps: (0..<12).map { Double($0) * 30 })
        chart.bodies[0].longitude = .nan
        expectError(at: "bodies[0].longitude", naming: "nan") { _ = try ChartDecoder.decode(chart.jsonData()) }
    }
}
