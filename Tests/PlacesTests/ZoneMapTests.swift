import Foundation
import Testing
@testable import Places

/// Zones by their borders: the table against timezonefinder's own answers (Data/zone-points.tsv, made by
/// scripts/make-zone-tables.py --points), the sea's nautical zones, the cases near borders, neighbours, bad input.
@Suite
struct ZoneMapTests {
    /// A point where the table and timezonefinder differ, as the script found it, with how far the point is from
    /// the nearer of the two zones' original borders (-1: both zones hold it, where the source's zones overlap).
    struct Disagreement: Hashable {
        let latitude: Double, longitude: Double, ours: String, timezonefinder: String, metres: Int
    }

    /// Every disagreement with timezonefinder among the points: each within the simplification (0.0005°, 56 m)
    /// of a border, but for Kafia Kingi, which the source gives to both Africa/Juba and Africa/Khartoum.
    static let knownDisagreements: Set<Disagreement> = [
        Disagreement(latitude: 9.12335, longitude: 23.47156, ours: "Africa/Juba", timezonefinder: "Africa/Khartoum", metres: -1),
        Disagreement(latitude: 4.0037, longitude: 154.77325, ours: "Etc/GMT-10", timezonefinder: "Pacific/Pohnpei", metres: 7),
        Disagreement(latitude: 2.20407, longitude: -54.44932, ours: "America/Belem", timezonefinder: "America/Cayenne", metres: 19),
        Disagreement(latitude: 49.69594, longitude: 18.71223, ours: "Europe/Warsaw", timezonefinder: "Europe/Prague", metres: 13),
        Disagreement(latitude: 3.07294, longitude: 130.92824, ours: "Etc/GMT-9", timezonefinder: "Pacific/Palau", metres: 3),
    ]

    static let pointsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/zone-points.tsv")

    func zone(_ latitude: Double, _ longitude: Double) throws -> ZoneFinding {
        try #require(Gazetteer.zone(latitude: latitude, longitude: longitude))
    }

    @Test func agreesWithTimezonefinderButForTheKnownPoints() throws {
        let text = try String(contentsOf: Self.pointsFile, encoding: .utf8)
        var points = 0, agreements = 0, kinds: [String: (points: Int, agreements: Int)] = [:]
        var disagreements: Set<Disagreement> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            let latitude = try #require(Double(fields[0])), longitude = try #require(Double(fields[1]))
            let ours = try zone(latitude, longitude).zone
            points += 1
            kinds[fields[3], default: (0, 0)].points += 1
            if ours == fields[2] {
                agreements += 1
                kinds[fields[3], default: (0, 0)].agreements += 1
                continue
            }
            let known = Self.knownDisagreements.first { $0.latitude == latitude && $0.longitude == longitude }
            #expect(known?.ours == ours && known?.timezonefinder == fields[2],
                    "\(latitude), \(longitude): ours \(ours), timezonefinder \(fields[2]): a new disagreement")
            if let known { disagreements.insert(known) }
        }
        #expect(points >= 4_500)
        // Every listed disagreement still happens: the list says what the table does.
        #expect(disagreements == Self.knownDisagreements)
        // And each is at a border: within the simplification of it, and timezonefinder's zone a neighbour within 200 m
        // (where the source's zones overlap, within the reach).
        for known in Self.knownDisagreements {
            #expect(known.metres <= 56)
            let reach = known.metres < 0 ? Gazetteer.zoneNeighbourKilometres : 0.2
            let finding = try zone(known.latitude, known.longitude)
            #expect(finding.neighbours.contains { $0.zone == known.timezonefinder && $0.kilometres <= reach },
                    "\(known.latitude), \(known.longitude): \(finding.neighbours)")
        }
        print("zone points: \(agreements) of \(points) agree; " + kinds.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.agreements) of \($0.value.points)" }.joined(separator: ", "))
    }

    @Test func atSeaTheNauticalZoneOfTheLongitude() throws {
        for (latitude, longitude, name) in [(0.0, -30.0, "Etc/GMT+2"), (-40, 30, "Etc/GMT-2"), (-40, 0.5, "Etc/GMT"),
                                            (0, 179.5, "Etc/GMT-12"), (0, -179.5, "Etc/GMT+12"), (0, 180, "Etc/GMT-12"),
                                            (0, -180, "Etc/GMT+12"), (-40, -179.9, "Etc/GMT+12"), (30, 175, "Etc/GMT-12"),
                                            (20, -172.4, "Etc/GMT+11"), (20, -172.6, "Etc/GMT+12"), (-10, -100, "Etc/GMT+7")] {
            let finding = try zone(latitude, longitude)
            #expect(finding.zone == name && finding.isAtSea, "\(latitude), \(longitude): \(finding.zone)")
        }
        #expect(try !zone(51.5, -0.1).isAtSea)
    }

    /// Points inside one country near another's border, where the nearest populated place can be across it.
    @Test func nearBordersTheZoneWhoseBorderHoldsThePoint() throws {
        let mehran = try zone(33.12, 46.17)  // Iran, 2.5 km from Iraq
        #expect(mehran.zone == "Asia/Tehran")
        let baghdad = try #require(mehran.neighbours.first { $0.zone == "Asia/Baghdad" })
        #expect(abs(baghdad.kilometres - 2.5) < 0.4, "\(baghdad)")  // 2.53 km, timezonefinder's borders
        print("Mehran: \(mehran)")
        #expect(try zone(33.13, 46.10).zone == "Asia/Baghdad")
        #expect(try zone(39.51, 46.34).zone == "Asia/Yerevan")  // Goris, Armenia, 7.5 km from Azerbaijan
        #expect(try zone(40.88, 45.15).zone == "Asia/Yerevan")  // Ijevan
        #expect(try zone(44.40, 131.15).zone == "Asia/Shanghai")  // Suifenhe, 3.7 km from Russia
        let heihe = try zone(50.24, 127.49)  // Heihe, across the Amur from Blagoveshchensk (Asia/Yakutsk)
        #expect(heihe.zone == "Asia/Shanghai")
        #expect(heihe.neighbours.contains { $0.zone == "Asia/Yakutsk" && abs($0.kilometres - 1.8) < 0.4 }, "\(heihe.neighbours)")
        let goris = try zone(39.51, 46.34)
        // 7.5 km; the probes, 30° apart, meet this bend of the border aslant: no nearer, at most a fifth further.
        #expect(goris.neighbours.contains { $0.zone == "Asia/Baku" && $0.kilometres > 7.2 && $0.kilometres < 9.1 }, "\(goris.neighbours)")
        #expect(try zone(44.40, 131.15).neighbours.contains { $0.zone == "Asia/Vladivostok" && abs($0.kilometres - 3.7) < 0.5 })
    }

    @Test func neighboursOnlyNearABorder() throws {
        #expect(try zone(48.4, 9.99).neighbours.isEmpty)     // Ulm
        #expect(try zone(0, -30).neighbours.isEmpty)         // mid-Atlantic
        #expect(try zone(-25, 135).neighbours.isEmpty)       // central Australia
        // At sea 5 km from the line between two nautical zones.
        let sea = try zone(0, 7.5 - 5 / 111.32)
        #expect(sea.zone == "Etc/GMT" && sea.neighbours.map(\.zone) == ["Etc/GMT-1"], "\(sea.neighbours)")
        #expect(abs(sea.neighbours[0].kilometres - 5) < 0.5)
        // Sorted, nearest first, none further than the reach.
        for finding in [try zone(33.12, 46.17), try zone(50.24, 127.49), try zone(47.56, 7.59)] {
            #expect(finding.neighbours.map(\.kilometres) == finding.neighbours.map(\.kilometres).sorted())
            #expect(finding.neighbours.allSatisfy { $0.kilometres <= Gazetteer.zoneNeighbourKilometres && $0.zone != finding.zone })
        }
    }

    @Test func nilOnlyOffTheGlobe() {
        for (latitude, longitude) in [(Double.nan, 0.0), (0, .nan), (.infinity, 0), (0, -.infinity), (90.001, 0), (-91, 0),
                                      (0, 180.001), (0, -200)] {
            #expect(Gazetteer.zone(latitude: latitude, longitude: longitude) == nil, "\(latitude), \(longitude)")
        }
    }

    @Test func poles() throws {
        let north = try zone(90, 0)
        #expect(north.zone == "Etc/GMT" && north.isAtSea)
        #expect(try zone(89.99, 45).zone == "Etc/GMT-3")
        for longitude in [-180.0, 0, 45, 180] {
            let south = try zone(-90, longitude)
            #expect(south.zone == "Antarctica/McMurdo" && !south.isAtSea, "\(longitude): \(south.zone)")
        }
        #expect(try zone(-80, -10).zone == "Etc/UTC")  // the source's unclaimed Antarctic wedge is a land zone
    }
}
