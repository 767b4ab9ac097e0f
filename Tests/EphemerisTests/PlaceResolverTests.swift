import ChartModel
import Ephemeris
import Foundation
import Testing

/// A birth object's `"place"` and missing zone, answered by the resolver the decoder is given while it reads the
/// birth: the fields given win, the resolver's warnings come first, its errors are the whole birth's.
@Suite
struct PlaceResolverTests {
    /// Two places by name; a zone for any coordinates north of the equator; what it was asked, in order.
    final class Atlas: PlaceResolver {
        var asked: [String] = []

        func place(named name: String) throws(ChartError) -> ResolvedPlace {
            asked.append("name \(name)")
            switch name {
            case "Ulm": return ResolvedPlace(label: "Ulm, Germany", latitude: 48.4, longitude: 10, zone: "Europe/Berlin")
            case "Paris": return ResolvedPlace(label: "Paris, France", latitude: 48.85, longitude: 2.35, zone: "Europe/Paris", warning: "Paris taken as Paris, France")
            default: throw ChartError("", "no place matches \(name)")
            }
        }

        func place(nearLatitude latitude: Double, longitude: Double) throws(ChartError) -> ResolvedPlace {
            asked.append("near \(latitude), \(longitude)")
            guard latitude > 0 else { throw ChartError("", "no place near \(latitude), \(longitude)") }
            return ResolvedPlace(label: "Somewhere", latitude: latitude, longitude: longitude, zone: "Asia/Tokyo", warning: "took Asia/Tokyo")
        }
    }

    static func decode(_ json: String, _ atlas: Atlas? = Atlas()) throws(ChartError) -> BirthRequest {
        try BirthRequest.decode(Data(json.utf8), places: atlas)
    }

    @Test func aPlaceByNameGivesItsCoordinatesZoneAndName() throws {
        let request = try Self.decode(#"{"date": "1879-03-14", "time": "11:30", "place": "Paris"}"#)
        #expect((request.birth.latitude, request.birth.longitude) == (48.85, 2.35))
        #expect(request.birth.zone == .iana("Europe/Paris"))
        #expect(request.place?.label == "Paris, France" && request.place?.source == .name)
        #expect(request.warnings == ["Paris taken as Paris, France"])
        // A warning says which place was taken; without one, the note does.
        #expect(request.placeNote == nil)
        let ulm = try Self.decode(#"{"date": "1879-03-14", "time": "11:30", "place": "Ulm"}"#)
        #expect(ulm.placeNote == #"place "Ulm" is Ulm, Germany (48.4, 10.0, Europe/Berlin)"#)
    }

    /// What the resolver records of the place reaches the request, and the chart that takes it: its JSON says
    /// which place and zone, coordinates rounded, and a reader gives the chart back equal.
    @Test func theChartRecordsThePlaceTaken() throws {
        final class Recording: PlaceResolver {
            func place(named name: String) throws(ChartError) -> ResolvedPlace {
                ResolvedPlace(label: "Lyon, France", latitude: 45.74913, longitude: 4.84789, zone: "Europe/Paris",
                              record: ChartPlace(name: "Lyon", division: "Rhone-Alpes", country: "France", countryCode: "FR", geonamesID: 2996944,
                                                 latitude: 45.74913, longitude: 4.84789, zone: "Europe/Paris", source: .name))
            }
            func place(nearLatitude latitude: Double, longitude: Double) throws(ChartError) -> ResolvedPlace {
                ResolvedPlace(label: "", latitude: latitude, longitude: longitude, zone: "Etc/GMT+2",
                              record: ChartPlace(latitude: latitude, longitude: longitude, zone: "Etc/GMT+2", source: .sea))
            }
        }
        let request = try BirthRequest.decode(Data(#"{"date": "1990-05-15", "time": "10:30", "place": "Lyon"}"#.utf8), places: Recording())
        var computed = try ChartCalculator.chart(for: request.birth, houseSystem: .placidus)
        computed.chart.take(request.place)
        #expect(computed.chart.birth?.place == "Lyon, Rhone-Alpes, France")
        let json = String(decoding: computed.chart.jsonData(), as: UTF8.self)
        #expect(json.contains(#""latitude" : 45.7491"#) && json.contains(#""geonames_id" : 2996944"#) && json.contains(#""source" : "name""#))
        let compact = String(decoding: computed.chart.jsonData(compact: true), as: UTF8.self)
        #expect(compact.contains(#""place":{"admin1":"Rhone-Alpes","country":"France","country_code":"FR","geonames_id":2996944,"latitude":45.7491,"longitude":4.8479,"name":"Lyon","source":"name","zone":"Europe\/Paris"}"#))
        #expect(try ChartDecoder.decode(computed.chart.jsonData()).chart.place == computed.chart.place)
        #expect(try ChartDecoder.decode(computed.chart.jsonData(compact: true)).chart.place == computed.chart.place)
        let sea = try BirthRequest.decode(Data(#"{"date": "1990-05-15", "time": "10:30", "latitude": 30.123456, "longitude": -35.5}"#.utf8), places: Recording())
        #expect(sea.place == ChartPlace(latitude: 30.1235, longitude: -35.5, zone: "Etc/GMT+2", source: .sea))
        // A reader that does not know the field passes over it; this one refuses what it cannot keep, at its path.
        var bad = computed.chart
        bad.place?.latitude = 91
        #expect(throws: ChartError.self) { try ChartDecoder.decode(bad.jsonData()) }
    }

    @Test func theFieldsGivenWinOverThePlaces() throws {
        let request = try Self.decode(#"{"date": "1879-03-14", "time": "11:30", "place": "Ulm", "latitude": 1.5, "zone": "UTC"}"#)
        #expect((request.birth.latitude, request.birth.longitude) == (1.5, 10))
        #expect(request.birth.zone == .utc)
        #expect(request.warnings.isEmpty)
    }

    @Test func coordinatesWithoutAZoneTakeTheNearestPlaces() throws {
        let atlas = Atlas()
        let request = try Self.decode(#"{"date": "2000-01-01", "time": "12:00", "latitude": 35.7, "longitude": 139.7}"#, atlas)
        #expect(request.birth.zone == .iana("Asia/Tokyo") && request.warnings == ["took Asia/Tokyo"])
        #expect(request.place == nil)
        #expect(atlas.asked == ["near 35.7, 139.7"])
        // A zone given: the resolver is not asked.
        let zoned = Atlas()
        _ = try Self.decode(#"{"date": "2000-01-01", "time": "12:00", "zone": "UTC", "latitude": 35.7, "longitude": 139.7}"#, zoned)
        #expect(zoned.asked.isEmpty)
    }

    @Test func errorsNameTheFieldOrTheWholeBirth() {
        func message(_ json: String, _ atlas: Atlas? = Atlas()) -> String? {
            do throws(ChartError) { _ = try Self.decode(json, atlas) } catch { return error.description }
            return nil
        }
        #expect(message(#"{"date": "1879-03-14", "time": "11:30", "place": "Narnia"}"#) == "no place matches Narnia")
        #expect(message(#"{"date": "1879-03-14", "time": "11:30", "place": 5}"#) == "place: not a string")
        #expect(message(#"{"date": "2000-01-01", "time": "12:00", "latitude": -10, "longitude": 0}"#) == "no place near -10.0, 0.0")
        // The place's errors before the fields' (as when the place was filled into the text before it was read).
        #expect(message(#"{"date": "1879-03-32", "time": "11:30", "place": "Narnia"}"#) == "no place matches Narnia")
        #expect(message(#"{"date": "1879-03-32", "time": "11:30", "place": "Ulm"}"#)?.hasPrefix("date: ") == true)
        // No resolver: a place is an unknown field, a zone required.
        #expect(message(#"{"date": "1879-03-14", "time": "11:30", "place": "Ulm"}"#, nil)?.hasPrefix(#"place: unknown field "place""#) == true)
        #expect(message(#"{"date": "2000-01-01", "time": "12:00", "latitude": 35.7, "longitude": 139.7}"#, nil) == #"missing "zone""#)
    }
}
