@testable import ChartModel
import Foundation
import Testing
import TestSupport

/// The one-line writer of `wheel chart --births` is JSONEncoder's `.sortedKeys` output, byte for byte.
@Suite
struct CompactJSONTests {
    static func encoderBytes(_ chart: NatalChart) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(chart)
    }

    @Test(arguments: SampleCharts.ids)
    func everySampleIsWrittenAsTheEncoderWritesIt(id: String) throws {
        for shape in ["astrologyapi", "freeastrologyapi"] {
            let chart = try SampleCharts.chart(id, shape: shape)
            #expect(chart.jsonData(compact: true) == (try Self.encoderBytes(chart)), "\(id) \(shape)")
        }
    }

    /// Values the initializers refuse, as a chart changed through its `var`s may hold them.
    @Test func oddValuesToo() throws {
        var chart = NatalChart(unchecked: [
            Body(unchecked: .sun, longitude: 150, latitude: -0.0, speed: 1e-7, retrograde: false, house: 5),
            Body(unchecked: .moon, longitude: 0.1, latitude: nil, speed: .nan, retrograde: true, house: nil),
            Body(unchecked: .northNode, longitude: 359.99999999999994, latitude: .leastNonzeroMagnitude, speed: -.infinity, retrograde: true, house: nil),
        ], cusps: (0..<12).map { Double($0) * 30 + 1.0 / 3 }, ascendant: 1.0 / 3, midheaven: 2.5e15,
        aspects: [Aspect(unchecked: .sun, second: .moon, kind: .semiSextile, orb: nil), Aspect(unchecked: .sun, second: .northNode, kind: .trine, orb: 0)],
        houseSystem: nil)
        chart.houseSystem = "Whole/Sign \"x\" \\ \u{1}\n\té"
        #expect(chart.jsonData(compact: true) == (try Self.encoderBytes(chart)))
        chart.houseSystemRequested = "Placidus \"é\""
        #expect(chart.jsonData(compact: true) == (try Self.encoderBytes(chart)))
        chart.houseSystemRequested = nil
        chart.aspects = nil
        chart.houseSystem = nil
        #expect(chart.jsonData(compact: true) == (try Self.encoderBytes(chart)))
    }

    @Test func randomChartsToo() throws {
        for seed in 0..<200 as Range<UInt64> {
            let chart = TestCharts.random(seed: seed)
            #expect(chart.jsonData(compact: true) == (try Self.encoderBytes(chart)))
        }
    }
}
