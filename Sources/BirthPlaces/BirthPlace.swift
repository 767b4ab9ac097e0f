import ChartModel
import Foundation
import Places

/// A birth's place by name (`--place "Ulm, DE"`, or `"place"` in a birth object) and a birth's zone from its
/// coordinates, through the gazetteer; the Ephemeris knows nothing of places, so they are resolved here, before
/// the birth is read, for the CLI and the server alike. Errors are `ChartError`s of the whole birth, worded for
/// a person: `no place matches "Ulmm, DE"; nearest names: …`.
public enum BirthPlace {
    /// The best match for `query`; a warning names it and the next two when the name is ambiguous or matched only
    /// loosely (a prefix, a typing mistake). No match is exit 65 with the nearest names.
    public static func resolve(_ query: String, warn: (String) -> Void) throws(ChartError) -> Place {
        let matches: [PlaceMatch]
        do {
            matches = try Gazetteer.search(query, limit: 3)
        } catch {
            throw ChartError("", "place \(quoted(query)): \(error)")
        }
        guard let best = matches.first else {
            let suggestions = Gazetteer.suggestions(for: query).map(\.label)
            throw ChartError("", "no place matches \(quoted(query))"
                + (suggestions.isEmpty ? "" : "; nearest names: " + suggestions.joined(separator: "; ")))
        }
        let loose = best.kind >= .prefix
        let others = matches.dropFirst().filter { loose || $0.kind <= .alternateName }
        if loose || !others.isEmpty {
            let how = switch best.kind {
            case .typo(let edits): " (\(edits) typing mistake\(edits == 1 ? "" : "s"))"
            case .prefix: " (a name that starts so)"
            default: ""
            }
            warn("place \(quoted(query)) taken as \(describe(best.place))\(how)"
                 + (others.isEmpty ? "" : "; next: " + others.map { $0.place.label }.joined(separator: "; ")))
        }
        return best.place
    }

    /// The zone of the nearest place within 50 km, with a warning naming it; none is exit 65.
    public static func zone(latitude: Double, longitude: Double, warn: (String) -> Void) throws(ChartError) -> String {
        guard let nearby = Gazetteer.nearest(latitude: latitude, longitude: longitude) else {
            throw ChartError("", "no zone given, and no place within 50 km of \(latitude), \(longitude) to take one from: give --zone")
        }
        warn("no zone given: took \(nearby.place.zone), the zone of \(nearby.place.label), \(Int(nearby.kilometres.rounded())) km away")
        return nearby.place.zone
    }

    /// `Ulm, Baden-Württemberg, Germany (48.39841, 9.99155, Europe/Berlin)`.
    public static func describe(_ place: Place) -> String {
        "\(place.label) (\(place.latitude), \(place.longitude), \(place.zone))"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + String(text.prefix(60)).unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
            + (text.count > 60 ? "…" : "") + "\""
    }

    /// A birth object's JSON with its `"place"` resolved into `latitude`, `longitude` and `zone` (those given win)
    /// and a missing zone taken from the coordinates; other JSON comes back unchanged. Warnings go to `warn`.
    public static func filled(_ data: Data, warn: (String) -> Void) throws(ChartError) -> Data {
        try filledNamingPlace(data, warn: warn).data
    }

    /// `filled(_:warn:)`'s JSON, and the label of the place its `"place"` resolved to, if any.
    public static func filledNamingPlace(_ data: Data, warn: (String) -> Void) throws(ChartError) -> (data: Data, place: String?) {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return (data, nil) }
        let isBirthObject = object["date"] is String || object["zone"] != nil || object["place"] != nil
        guard isBirthObject, object["place"] != nil || (object["zone"] == nil && object["latitude"] != nil && object["longitude"] != nil) else {
            return (data, nil)
        }
        var label: String?
        if let name = object.removeValue(forKey: "place") {
            guard let name = name as? String else { throw ChartError("place", "not a string") }
            let place = try resolve(name, warn: warn)
            label = place.label
            if object["latitude"] == nil { object["latitude"] = place.latitude }
            if object["longitude"] == nil { object["longitude"] = place.longitude }
            if object["zone"] == nil { object["zone"] = place.zone }
        }
        if object["zone"] == nil, let latitude = (object["latitude"] as? NSNumber)?.doubleValue,
           let longitude = (object["longitude"] as? NSNumber)?.doubleValue {
            object["zone"] = try zone(latitude: latitude, longitude: longitude, warn: warn)
        }
        do {
            return (Data(try json(object).utf8), label)
        } catch {
            throw ChartError("birth", "a value of an unexpected kind")
        }
    }

    /// JSON of a decoded birth object, numbers written as they round-trip (28.6139 stays 28.6139).
    private static func json(_ value: Any) throws -> String {
        switch value {
        case let object as [String: Any]:
            return "{" + (try object.keys.sorted().map { "\(try json($0)):\(try json(object[$0]!))" }).joined(separator: ",") + "}"
        case let array as [Any]:
            return "[" + (try array.map(json)).joined(separator: ",") + "]"
        case let string as String:
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            return String(decoding: try encoder.encode(string), as: UTF8.self)
        case let number as Double:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case let number as NSNumber:
            return try json(number.doubleValue)
        case is NSNull:
            return "null"
        default:
            throw ChartError("birth", "a value of an unexpected kind")
        }
    }
}
