import ChartModel
@testable import Ephemeris
import Foundation
import Testing
import TestSupport

/// Every reference chart (the Swiss Ephemeris 2.10's houses_ex) in all seven systems: the Ascendant, the MC, the
/// Vertex and every cusp within 0.001″, from the reference's own ARMC, latitude and true obliquity.
@Suite
struct HousesReferenceTests {
    static let tolerance = 0.001 * Angle.arcSecond

    struct Reference {
        var id: String, armc: Double, latitude: Double, obliquity: Double
        var ascendant: Double, mc: Double, vertex: Double
        /// By system: the cusps, or nil where the reference has none (Placidus and Koch at Tromsø).
        var cusps: [HouseSystem: [Double]?]
    }

    static func reference(_ id: String) throws -> Reference {
        let object = try #require(
            try JSONSerialization.jsonObject(with: SampleCharts.data(id, shape: "reference")) as? [String: Any])
        let input = try #require(object["input"] as? [String: Any])
        let houses = try #require(object["houses"] as? [String: [String: Any]])
        var cusps: [HouseSystem: [Double]?] = [:]
        for system in HouseSystem.allCases {
            let entry = try #require(houses[system.displayName], "\(id) has no \(system.displayName)")
            cusps[system] = entry["cusps"] as? [Double]
        }
        return Reference(
            id: id, armc: try #require(object["armc"] as? Double), latitude: try #require(input["latitude"] as? Double),
            obliquity: try #require(object["true_obliquity"] as? Double),
            ascendant: try #require(object["ascendant"] as? Double), mc: try #require(object["mc"] as? Double),
            vertex: try #require(object["vertex"] as? Double), cusps: cusps)
    }

    static func expectClose(_ a: Double, _ b: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(Angle.difference(a, b)) <= tolerance,
                "\(what): \(a) vs \(b) (\(Angle.difference(a, b) * 3600)″)", sourceLocation: sourceLocation)
    }

    @Test func theSamplesAreAllHere() {
        #expect(SampleCharts.ids.count == 6)
    }

    @Test(arguments: SampleCharts.ids)
    func everySystemMatchesTheReference(_ id: String) throws {
        let ref = try Self.reference(id)
        for system in HouseSystem.allCases {
            let houses = try Houses(system, armc: ref.armc, latitude: ref.latitude, obliquity: ref.obliquity)
            let label = "\(id) \(system.displayName)"
            Self.expectClose(houses.ascendant, ref.ascendant, "\(label) Ascendant")
            Self.expectClose(houses.midheaven, ref.mc, "\(label) MC")
            Self.expectClose(houses.vertex, ref.vertex, "\(label) Vertex")
            Self.expectClose(houses.armc, ref.armc, "\(label) ARMC")
            let expected: [Double]
            if let own = ref.cusps[system] ?? nil {
                expected = own
                #expect(houses.system == system, "\(label)")
                #expect(houses.warnings.isEmpty, "\(label): \(houses.warnings)")
            } else {
                // Undefined here: the reference's C library substitutes Porphyry, and so do we, saying so.
                expected = try #require(ref.cusps[.porphyry]!)
                #expect(houses.system == .porphyry, "\(label)")
                #expect(houses.warnings.count == 1)
                let warning = houses.warnings.first ?? ""
                #expect(warning.contains(system.displayName) && warning.contains("Porphyry"), "\(warning)")
            }
            #expect(houses.cusps.count == 12)
            for (i, (ours, theirs)) in zip(houses.cusps, expected).enumerated() {
                Self.expectClose(ours, theirs, "\(label) cusp \(i + 1)")
            }
        }
    }

    @Test func tromsoIsTheOnePolarSample() throws {
        let polar = try SampleCharts.ids.map(Self.reference).filter { $0.cusps[.placidus]! == nil }
        #expect(polar.map(\.id) == ["e_1985_tromso"])
    }

    @Test func tromsoWarnsWithTheLatitudeAndStrictRefuses() throws {
        let ref = try Self.reference("e_1985_tromso")
        let houses = try Houses(.placidus, armc: ref.armc, latitude: ref.latitude, obliquity: ref.obliquity)
        #expect(houses.warnings == ["Placidus is undefined at latitude 69.65° (inside the polar circle); the houses are Porphyry"])
        for system in [HouseSystem.placidus, .koch] {
            expectError(at: "house_system", naming: system.displayName) {
                _ = try Houses(system, armc: ref.armc, latitude: ref.latitude, obliquity: ref.obliquity, strict: true)
            }
        }
        // Strict changes nothing where the system is defined.
        let regio = try Houses(.regiomontanus, armc: ref.armc, latitude: ref.latitude, obliquity: ref.obliquity, strict: true)
        #expect(regio.system == .regiomontanus && regio.warnings.isEmpty)
    }
}
