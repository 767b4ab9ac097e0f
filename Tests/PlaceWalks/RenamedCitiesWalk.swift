import Foundation
@testable import Places

/// Old names of renamed cities, drawn from GeoNames' alternate names (scripts/measure-renamed-cities.py writes
/// Data/renamed-cities.tsv): each finds its city first, but for the names a larger or equally likely place carries
/// as its own, listed here with the place found first. A new one fails, and so does a listed one that no longer
/// happens.
public enum RenamedCitiesWalk {
    /// Old name -> the GeoNames id of the place found first instead.
    public static let othersFirst: [String: Int] = [
        "Karlsbad": 5334223,   // Carlsbad, California (114,000), before Karlovy Vary (45,500)
        "Bathurst": 2176632,   // Bathurst, New South Wales (37,000) by its own name, before Banjul (37,000) by an old one
        "Odessa": 5527554,     // Odessa, Texas (123,000) by its own name, a little before Odesa (1 million) by another
        "Zara": 295982,        // Zara, Turkey, by its own name, before Zadar
        "Ragusa": 2523650,     // Ragusa, Sicily (73,000), before Dubrovnik (27,000)
        "Scutari": 738329,     // Üsküdar (an old name of its own), before Shkodër
    ]

    public static func run(_ sampling: Sampling) throws -> WalkReport {
        var report = WalkReport()
        let lines = try dataLines("renamed-cities.tsv")
        report.check(lines.count >= 90, "only \(lines.count) renamed cities")
        var first = 0, listedSeen: Set<String> = []
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 3, let id = Int(fields[1]) else {
                report.fail("renamed-cities.tsv: not old name, id, city: \(line)")
                continue
            }
            let old = fields[0]
            guard sampling.includes(index) || othersFirst[old] != nil else { continue }
            report.lookedUp += 1
            do {
                let found = try Gazetteer.search(old, limit: 3)
                if othersFirst[old] != nil { listedSeen.insert(old) }
                if found.first?.place.id == id {
                    first += 1
                    report.check(othersFirst[old] == nil, "\(old): listed as finding another place first, but finds \(fields[2]) first")
                    continue
                }
                if let other = othersFirst[old], found.first?.place.id == other { continue }
                report.fail("\(old): \(found.first?.place.label ?? "nothing") first, not \(fields[2])")
            } catch {
                report.fail("\(old): \(error)")
            }
        }
        // Each listed name is in the data and still finds its other place first: the list says what the search does.
        for absent in Set(othersFirst.keys).subtracting(listedSeen).sorted() {
            report.fail("\(absent): listed, but not among the renamed cities")
        }
        report.summary = "renamed cities (\(sampling), and the \(othersFirst.count) listed): \(first) of \(report.lookedUp) of \(lines.count) find their city first"
        return report
    }
}
