import Foundation
import Testing
import TestSupport

/// A reference file of samples/reference: what the Swiss Ephemeris computed for a sample birth (the yardstick).
struct ReferenceChart: Sendable, CustomTestStringConvertible {
    let id: String
    let json: [String: Any & Sendable]

    init(_ id: String) throws {
        self.id = id
        let object = try JSONSerialization.jsonObject(with: try SampleCharts.data(id, shape: "reference"))
        json = object as? [String: Any & Sendable] ?? [:]
    }

    static var all: [ReferenceChart] { SampleCharts.ids.compactMap { try? ReferenceChart($0) } }

    var testDescription: String { id }

    func number(_ key: String) -> Double { json[key] as? Double ?? .nan }
    var julianDayTT: Double { number("julian_day_tt") }
    var julianDayUT: Double { number("julian_day_ut") }
    var input: [String: Any] { json["input"] as? [String: Any] ?? [:] }
    var latitude: Double { input["latitude"] as? Double ?? .nan }
    var longitude: Double { input["longitude"] as? Double ?? .nan }

    /// A body's numbers by the reference's name ("Sun", "Mean Node", "Mean Lilith"), nil when it has none.
    func body(_ name: String) -> [String: Any]? { (json["bodies"] as? [String: Any])?[name] as? [String: Any] }
}

@Suite
struct ReferenceChartTests {
    /// A parameterised test with no arguments passes without running: make sure the reference files are found.
    @Test func allSixReferenceChartsAreRead() {
        #expect(ReferenceChart.all.count == 6)
        #expect(ReferenceChart.all.allSatisfy { !$0.julianDayTT.isNaN })
    }
}
