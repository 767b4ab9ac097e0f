import ChartModel
import Foundation
import Testing
import TestSupport

/// `wheel place`, and births given by place: `--place`, `"place"` in a birth file or a JSON line, a zone from the
/// coordinates.
@Suite(.serialized, .hangGuard)
struct PlaceCommandTests {
    static let ulm = ["--date", "1879-03-14", "--time", "11:30"]

    /// A chart's JSON less the place it records, and that place: a birth by place is the birth by its coordinates.
    static func splitPlace(_ data: Data) throws -> (chart: NSDictionary, place: NSDictionary?) {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object.filter { $0.key != "place" } as NSDictionary, object["place"] as? NSDictionary)
    }

    @Test func placeListsMatchesBestFirst() throws {
        let result = try WheelCommand.run(["place", "Paris", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("Paris, Ile-de-France, France  48.8534, 2.3488  Europe/Paris"))
        #expect(lines[1].hasPrefix("Paris, Texas, United States"))
    }

    @Test func placeWritesJSON() throws {
        let result = try WheelCommand.run(["place", "Springfield, Illinois", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        let first = try #require(array.first)
        #expect(first["name"] as? String == "Springfield" && first["admin1"] as? String == "Illinois")
        #expect(first["country"] as? String == "United States" && first["zone"] as? String == "America/Chicago")
        #expect(first["id"] as? Int == 4250542 && (first["population"] as? Int ?? 0) > 100_000)
        #expect(result.stdoutText.contains("\"zone\":\"America/Chicago\""))
    }

    @Test func placeHelpAttributesGeoNames() throws {
        let result = try WheelCommand.run(["place", "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("GeoNames") && result.stdoutText.contains("CC BY 4.0"))
    }

    @Test func noMatchIsExit65WithTheNearestNames() throws {
        let result = try WheelCommand.run(["place", "Paris, Narnia"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("Narnia") || result.stderr.contains("narnia"))
        let none = try WheelCommand.run(["chart"] + Self.ulm + ["--place", "Qqxyzzq"])
        #expect(none.status == 65 && none.stderr.contains("no place matches"), "\(none.stderr)")
        for bad in ["", String(repeating: "x", count: 10_000), "Ulm\u{1}"] {
            let result = try WheelCommand.run(["place", bad])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.count < 300)
        }
    }

    @Test func aBirthByPlaceIsTheBirthByItsCoordinates() throws {
        let byPlace = try WheelCommand.run(["chart"] + Self.ulm + ["--place", "Ulm, DE"])
        #expect(byPlace.status == 0, "\(byPlace.stderr)")
        #expect(!byPlace.stderr.contains("taken as"), "\(byPlace.stderr)")  // one Ulm in Germany: no ambiguity
        // An exact match is printed all the same, and recorded in the chart.
        #expect(byPlace.stderr.hasPrefix("wheel: place \"Ulm, DE\" is Ulm, Baden-Wuerttemberg, Germany (48.3984, 9.9916, Europe/Berlin)\n"))
        let byCoordinates = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "48.3984", "--lon", "9.9916", "--zone", "Europe/Berlin"])
        #expect(byCoordinates.status == 0)
        let (chart, place) = try Self.splitPlace(byPlace.stdout)
        #expect(chart == (try Self.splitPlace(byCoordinates.stdout).chart))
        #expect(place?["geonames_id"] as? Int == 2820256 && place?["zone"] as? String == "Europe/Berlin" && place?["source"] as? String == "name")
        #expect(place?["name"] as? String == "Ulm" && place?["admin1"] as? String == "Baden-Wuerttemberg" && place?["country_code"] as? String == "DE")
        #expect(place?["latitude"] as? Double == 48.3984 && place?["longitude"] as? Double == 9.9916)
        #expect(try Self.splitPlace(byCoordinates.stdout).place == nil)
        let layout = try WheelCommand.run(["layout"] + Self.ulm + ["--place", "Ulm, DE"])
        let layoutPlace = try Self.splitPlace(layout.stdout).place
        #expect(layout.status == 0 && layoutPlace == place, "\(layout.stderr)")
        // Explicit flags win over the place's.
        let zoned = try WheelCommand.run(["chart"] + Self.ulm + ["--place", "Ulm, DE", "--zone", "+01:00"])
        let byOffset = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "48.3984", "--lon", "9.9916", "--zone", "+01:00"])
        let (zonedChart, offsetChart) = (try Self.splitPlace(zoned.stdout).chart, try Self.splitPlace(byOffset.stdout).chart)
        #expect(zoned.status == 0 && zonedChart == offsetChart)
    }

    @Test func anAmbiguousNameWarnsWithTheNextTwo() throws {
        let result = try WheelCommand.run(["chart"] + Self.ulm + ["--place", "Paris"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Paris, Ile-de-France, France") && result.stderr.contains("Paris, Texas, United States"), "\(result.stderr)")
    }

    /// The zone whose border holds the coordinates, named in a warning with the nearest place; near a border the
    /// zones beyond it; at sea the nautical zone of the longitude. The chart records which.
    @Test func coordinatesWithoutAZoneTakeTheZoneOfTheirBorder() throws {
        let result = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "48.3984", "--lon", "9.9916"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("took Europe/Berlin, the zone whose border holds") && result.stderr.contains("Ulm, Baden-Wuerttemberg, Germany"))
        let place = try #require(try Self.splitPlace(result.stdout).place)
        #expect(place["source"] as? String == "coordinates" && place["zone"] as? String == "Europe/Berlin" && place["name"] == nil)
        let atSea = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "0", "--lon", "-30"])
        #expect(atSea.status == 0 && atSea.stderr.contains("(at sea): took Etc/GMT+2, the nautical zone of the longitude"), "\(atSea.stderr)")
        #expect(try Self.splitPlace(atSea.stdout).place?["source"] as? String == "sea")
        // Off the globe: the field's own error, as with a zone given.
        let offGlobe = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "95", "--lon", "0"])
        #expect(offGlobe.status == 65 && offGlobe.stderr.contains("latitude: 95 is outside -90…90"), "\(offGlobe.stderr)")
        let basel = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "47.5596", "--lon", "7.5886"])
        #expect(basel.stderr.contains("took Europe/Zurich") && basel.stderr.contains("; near a border: Europe/") && basel.stderr.contains("Europe/Paris")
                && basel.stderr.contains("Europe/Berlin"), "\(basel.stderr)")
    }

    @Test func birthFilesAndJSONLinesTakeAPlace() throws {
        let dir = try WheelCommand.scratch()
        let file = dir.appendingPathComponent("birth.json")
        try Data(#"{"date": "1879-03-14", "time": "11:30", "place": "Ulm, DE"}"#.utf8).write(to: file)
        let fromFile = try WheelCommand.run(["chart", "--birth", file.path])
        let byCoordinates = try WheelCommand.run(["chart"] + Self.ulm + ["--lat", "48.3984", "--lon", "9.9916", "--zone", "Europe/Berlin"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect((try Self.splitPlace(fromFile.stdout).chart) == (try Self.splitPlace(byCoordinates.stdout).chart))
        #expect(try Self.splitPlace(fromFile.stdout).place?["geonames_id"] as? Int == 2820256)
        let lines = #"""
            {"date": "1879-03-14", "time": "11:30", "place": "Ulm, DE"}
            {"date": "1879-03-14", "time": "11:30", "place": "Qqxyzzq"}
            {"date": "1879-03-14", "time": "11:30", "latitude": 48.3984, "longitude": 9.9916}
            """#
        let batch = try WheelCommand.run(["chart", "--births", "-"], stdin: Data(lines.utf8))
        #expect(batch.status == 65)
        let out = batch.stdoutText.split(separator: "\n")
        #expect(out.count == 3 && out[1].contains("no place matches"), "\(batch.stdoutText)")
        #expect((try Self.splitPlace(Data(out[0].utf8)).chart) == (try Self.splitPlace(Data(out[2].utf8)).chart))
        #expect(batch.stderr.contains("line 3") && batch.stderr.contains("Europe/Berlin"), "\(batch.stderr)")
    }

    @Test func renderAndNatalTakeAPlace() throws {
        let dir = try WheelCommand.scratch()
        let byPlace = dir.appendingPathComponent("place.svg"), byCoordinates = dir.appendingPathComponent("coordinates.svg")
        #expect(try WheelCommand.run(["render"] + Self.ulm + ["--place", "Ulm, DE", "-o", byPlace.path]).status == 0)
        #expect(try WheelCommand.run(["render"] + Self.ulm + ["--lat", "48.3984", "--lon", "9.9916", "--zone", "Europe/Berlin",
                                                            "-o", byCoordinates.path]).status == 0)
        #expect(try Data(contentsOf: byPlace) == Data(contentsOf: byCoordinates))
        let natal = try WheelCommand.run(["natal", "--provider", "local"] + Self.ulm + ["--place", "Ulm, DE", "-o", dir.appendingPathComponent("natal.svg").path])
        #expect(natal.status == 0, "\(natal.stderr)")
    }
}
