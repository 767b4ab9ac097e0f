import Foundation
@testable import Places

/// The zone table against timezonefinder's own answers at the points of Data/zone-points.tsv (latitude, longitude,
/// timezonefinder's zone, the kind of point), made by scripts/make-zone-tables.py --points.
public enum ZoneWalk {
    /// A point where the table and timezonefinder differ, as the script found it, with how far the point is from
    /// the nearer of the two zones' original borders (-1: both zones hold it, where the source's zones overlap).
    public struct Disagreement: Hashable, Sendable {
        public let latitude: Double, longitude: Double, ours: String, timezonefinder: String, metres: Int
    }

    /// Every disagreement with timezonefinder among the points: each within the simplification (0.0005°, 56 m)
    /// of a border, but for Kafia Kingi, which the source gives to both Africa/Juba and Africa/Khartoum.
    public static let knownDisagreements: Set<Disagreement> = [
        Disagreement(latitude: 9.12335, longitude: 23.47156, ours: "Africa/Juba", timezonefinder: "Africa/Khartoum", metres: -1),
        Disagreement(latitude: 4.0037, longitude: 154.77325, ours: "Etc/GMT-10", timezonefinder: "Pacific/Pohnpei", metres: 7),
        Disagreement(latitude: 2.20407, longitude: -54.44932, ours: "America/Belem", timezonefinder: "America/Cayenne", metres: 19),
        Disagreement(latitude: 49.69594, longitude: 18.71223, ours: "Europe/Warsaw", timezonefinder: "Europe/Prague", metres: 13),
        Disagreement(latitude: 3.07294, longitude: 130.92824, ours: "Etc/GMT-9", timezonefinder: "Pacific/Palau", metres: 3),
    ]

    /// Fails on a disagreement not listed, on a listed one that no longer happens, and on a listed one that is not at
    /// a border (within the simplification of it, timezonefinder's zone a neighbour within 200 m; where the source's
    /// zones overlap, within the reach).
    public static func run(_ sampling: Sampling) throws -> WalkReport {
        var report = WalkReport()
        var points = 0, agreements = 0, kinds: [String: (points: Int, agreements: Int)] = [:]
        var disagreements: Set<Disagreement> = []
        for (index, line) in try dataLines("zone-points.tsv").enumerated() {
            points += 1
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 4, let latitude = Double(fields[0]), let longitude = Double(fields[1]) else {
                report.fail("zone-points.tsv line \(index + 1): not latitude, longitude, zone, kind: \(line)")
                continue
            }
            let known = knownDisagreements.first { $0.latitude == latitude && $0.longitude == longitude }
            guard sampling.includes(index) || known != nil else { continue }
            report.lookedUp += 1
            guard let ours = Gazetteer.zone(latitude: latitude, longitude: longitude)?.zone else {
                report.fail("\(latitude), \(longitude): no zone")
                continue
            }
            kinds[fields[3], default: (0, 0)].points += 1
            if ours == fields[2] {
                agreements += 1
                kinds[fields[3], default: (0, 0)].agreements += 1
                continue
            }
            report.check(known?.ours == ours && known?.timezonefinder == fields[2],
                         "\(latitude), \(longitude): ours \(ours), timezonefinder \(fields[2]): a new disagreement")
            if let known { disagreements.insert(known) }
        }
        report.check(points >= 4_500, "only \(points) zone points")
        // Every listed disagreement still happens: the list says what the table does.
        for gone in knownDisagreements.subtracting(disagreements).sorted(by: { $0.latitude < $1.latitude }) {
            report.fail("\(gone.latitude), \(gone.longitude): listed (ours \(gone.ours), timezonefinder \(gone.timezonefinder)), but no longer a disagreement")
        }
        for known in knownDisagreements {
            report.check(known.metres <= 56, "\(known.latitude), \(known.longitude): listed \(known.metres) m from a border, beyond the simplification")
            let reach = known.metres < 0 ? Gazetteer.zoneNeighbourKilometres : 0.2
            let neighbours = Gazetteer.zone(latitude: known.latitude, longitude: known.longitude)?.neighbours ?? []
            report.check(neighbours.contains { $0.zone == known.timezonefinder && $0.kilometres <= reach },
                         "\(known.latitude), \(known.longitude): \(known.timezonefinder) not a neighbour within \(reach) km: \(neighbours)")
        }
        report.summary = "zone points (\(sampling), and the \(knownDisagreements.count) listed): \(agreements) of \(report.lookedUp) agree; "
            + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.agreements) of \($0.value.points)" }.joined(separator: ", ")
        return report
    }
}
