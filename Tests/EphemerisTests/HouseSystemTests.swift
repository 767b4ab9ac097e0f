import ChartModel
import Ephemeris
import Foundation
import Testing
import TestSupport

@Suite
struct HouseSystemTests {
    @Test func namesAsUsersWriteThem() throws {
        let cases: [(String, HouseSystem)] = [
            ("placidus", .placidus), ("Placidus", .placidus), ("KOCH", .koch), (" regiomontanus ", .regiomontanus),
            ("campanus", .campanus), ("porphyry", .porphyry), ("equal", .equal), ("whole-sign", .wholeSign),
            ("whole_sign", .wholeSign), ("wholesign", .wholeSign), ("Whole Sign", .wholeSign), ("WholeSign", .wholeSign),
            ("P", .placidus), ("K", .koch), ("R", .regiomontanus), ("C", .campanus), ("O", .porphyry), ("E", .equal),
            ("W", .wholeSign), ("p", .placidus), ("w", .wholeSign),
        ]
        for (name, system) in cases {
            #expect(try HouseSystem(name: name) == system, "\(name)")
        }
    }

    @Test func anUnknownNameIsNamedWithASuggestion() {
        expectError(at: "house_system", naming: "\"Placidos\"") { _ = try HouseSystem(name: "Placidos") }
        let error = chartError { _ = try HouseSystem(name: "Placidos") }
        #expect(error?.message.contains("did you mean \"placidus\"") == true, "\(String(describing: error))")
        for name in ["X", "", "topocentric", "PK"] {
            expectError(at: "house_system", naming: "\"\(name)\"") { _ = try HouseSystem(name: name) }
        }
    }

    @Test func displayNamesAndRawValues() throws {
        #expect(HouseSystem.allCases.map(\.displayName)
            == ["Placidus", "Koch", "Regiomontanus", "Campanus", "Porphyry", "Equal", "Whole Sign"])
        #expect(HouseSystem.allCases.map(\.rawValue)
            == ["placidus", "koch", "regiomontanus", "campanus", "porphyry", "equal", "whole-sign"])
        let json = try JSONEncoder().encode([HouseSystem.wholeSign])
        #expect(String(decoding: json, as: UTF8.self) == "[\"whole-sign\"]")
        #expect(try JSONDecoder().decode([HouseSystem].self, from: json) == [.wholeSign])
    }
}
