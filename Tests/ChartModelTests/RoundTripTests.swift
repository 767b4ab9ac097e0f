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
