import Foundation
import Testing
@testable import Places

/// Old names of renamed cities, drawn from GeoNames' alternate names (scripts/measure-renamed-cities.py writes the
/// list): each finds its city first, but for the names a larger or equally likely place carries as its own, listed
/// here with the place found first. A new one fails.
@Suite
struct RenamedCitiesTests {
    /// Old name -> the GeoNames id of the place found first instead.
    static let othersFirst: [String: Int] = [
        "Karlsbad": 5334223,   // Carlsbad, California (114,000), before Karlovy Vary (45,500)
        "Bathurst": 2176632,   // Bathurst, New South Wales (37,000) by its own name, before Banjul (37,000) by an old one
        "Odessa": 5527554,     // Odessa, Texas (123,000) by its own name, a little before Odesa (1 million) by another
        "Zara": 295982,          // Zara, Turkey, by its own name, before Zadar
        "Ragusa": 2523650,     // Ragusa, Sicily (73,000), before Dubrovnik (27,000)
        "Scutari": 738329,     // Üsküdar (an old name of its own), before Shkodër
    ]

    @Test func oldNamesFindTheirCities() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/renamed-cities.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 90)
        var first = 0, wrong: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t").map(String.init)
            let (old, id) = (fields[0], Int(fields[1])!)
            let found = try Gazetteer.search(old, limit: 3)
            if found.first?.place.id == id { first += 1; continue }
            if let other = Self.othersFirst[old], found.first?.place.id == other { continue }
            wrong.append("\(old): \(found.first?.place.label ?? "nothing") first, not \(fields[2])")
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(first == lines.count - Self.othersFirst.count)
    }
}
