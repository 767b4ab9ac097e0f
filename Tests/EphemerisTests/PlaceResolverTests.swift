import ChartModel
import Ephemeris
import Foundation
import Testing

/// A birth object's `"place"` and missing zone, answered by the resolver the decoder is given while it reads the
/// birth: the fields given win, the resolver's warnings come first, its errors are the whole birth's.
@Suite(.timeLimit(.minutes(10)))
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
        #expect(request.place == "Paris, France")
        #expect(request.warnings == ["Paris taken as Paris, France"])
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
