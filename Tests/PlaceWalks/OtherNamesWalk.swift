import Foundation
@testable import Places

/// Every other name the table holds for the largest thousand places finds the place among the first three, in its
/// own script. The names that do not are listed, each with the larger places that share it: a new one fails.
public enum OtherNamesWalk {
    /// Other name -> the place it names that comes fourth or later: San Pedro Sula after San-Pédro (Ivory Coast)
    /// and two places called San Pedro; Agadir (a Santa Cruz of old) after three places called Santa Cruz.
    public static let known: [String: Int] = ["san pedro": 3601782, "santa cruz": 2561668]

    public static func run(_ sampling: Sampling) throws -> WalkReport {
        var report = WalkReport()
        let table = PlaceTable.shared
        let populations: [(line: Int, population: Int)] = (0..<table.count).map { ($0, table.record($0).population) }
        let bySize = populations.sorted { $0.population != $1.population ? $0.population > $1.population : $0.line < $1.line }
        let largest = Set(bySize.prefix(1000).map(\.line))
        var cursor = KeyList.Cursor(list: table.alternates, line: 0)
        var walked = 0, missed = 0, listedLater = 0
        while !cursor.isAtEnd {
            defer { cursor.advance() }
            let line = table.alternatePlace(cursor.payload)
            guard largest.contains(line) else { continue }
            walked += 1
            let name = String(decoding: cursor.key, as: UTF8.self)
            guard sampling.includes(walked - 1) || known[name] != nil else { continue }
            report.lookedUp += 1
            let id = table.record(line).id
            do {
                let found = try Gazetteer.search(name, limit: 3).map(\.place.id)
                if !found.contains(id) && known[name] == id { listedLater += 1 }
                if !found.contains(id) && known[name] != id {
                    missed += 1
                    report.fail("\(name): \(table.place(line).label) not among the first three")
                }
            } catch {
                report.fail("\(name): \(error)")
            }
        }
        report.check(walked > 30_000, "only \(walked) other names of the largest thousand places")
        report.summary = "other names of the largest thousand places (\(sampling), and the \(known.count) listed): "
            + "\(report.lookedUp - missed - listedLater) of \(report.lookedUp) of \(walked) find their place among the first three, "
            + "\(listedLater) listed later"
        return report
    }
}
