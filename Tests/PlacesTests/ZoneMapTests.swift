import Foundation
import Testing
@testable import Places
import PlaceWalks

/// Zones by their borders: the table against timezonefinder's own answers (Data/zone-points.tsv, made by
/// scripts/make-zone-tables.py --points, sampled), the sea's nautical zones, the cases near borders, neighbours, bad input.
@Suite
struct ZoneMapTests {
    func zone(_ latitude: Double, _ longitude: Double) throws -> ZoneFinding {
        try #require(Gazetteer.zone(latitude: latitude, longitude: longitude))
    }

    /// One point in 5 and the listed disagreements (Tests/PlaceWalks/ZoneWalk.swift): every point is compared in
    /// the release build by scripts/check-data-walks.sh, which CI runs.
    @Test func agreesWithTimezonefinderButForTheKnownPoints() throws {
        let report = try ZoneWalk.run(.every(5, from: 2))
        report.recordFailures()
        #expect(report.lookedUp >= 4_500 / 5)
        print(report.summary)
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
