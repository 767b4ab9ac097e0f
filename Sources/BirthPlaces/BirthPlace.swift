import ChartModel
import Ephemeris
import Places
import Support

/// A birth's place by name (`--place "Ulm, DE"`, or `"place"` in a birth object) and a birth's zone from its
/// coordinates (the zone whose border holds them), through the gazetteer; the Ephemeris knows nothing of places,
/// so the birth decoder asks here (`BirthRequest.decode(json, places: BirthPlaceResolver())`), for the CLI and the
/// server alike. Errors are
/// `ChartError`s of the whole birth, worded for a person: `no place matches "Ulmm, DE"; nearest names: …`.
public enum BirthPlace {
    /// The best match for `query`; a warning names it and the next two when the name matched only loosely (a prefix,
    /// a typing mistake) or is ambiguous: another place has it as its own name, or as another name and is nearly
    /// as likely meant (`closeness`). No match is exit 65 with the nearest names.
    public static func resolve(_ query: String, warn: (String) -> Void) throws(ChartError) -> Place {
        let matches: [PlaceMatch]
        do {
            matches = try Gazetteer.search(query, limit: 3)
        } catch {
            throw ChartError("place", "\(quote(query)): \(error)", kind: error.namesNothing ? .notFound : .invalid)
        }
        guard let best = matches.first else {
            let suggestions = Gazetteer.suggestions(for: query).map(\.label)
            throw ChartError("", "no place matches \(quote(query))"
                + (suggestions.isEmpty ? "" : "; nearest names: " + suggestions.joined(separator: "; ")), kind: .notFound)
        }
        let loose = best.kind >= .prefix
        let others = matches.dropFirst().filter { loose || $0.kind == .name || ($0.kind == .alternateName && best.score - $0.score < closeness) }
        if loose || !others.isEmpty {
            let how = switch best.kind {
            case .typo(let edits): " (\(edits) typing mistake\(edits == 1 ? "" : "s"))"
            case .prefix: " (a name that starts so)"
            default: ""
            }
            warn("place \(quote(query)) taken as \(record(best.place).summary)\(how)"
                 + (others.isEmpty ? "" : "; next: " + others.map { $0.place.label }.joined(separator: "; ")))
        }
        return best.place
    }

    /// How much less likely (in powers of ten, `PlaceMatch.score`) a place that has the name as another name may be
    /// and still be named in the warning: `Ulm` names no New Ulm, a hundred times smaller.
    static let closeness = 1.0

    /// The zone a birth at these coordinates takes when it gives none: the IANA zone whose border holds them, or at
    /// sea the nautical zone of the longitude. The warning says which zone and why, names the nearest place
    /// within 50 km, and near a border (10 km) the zones beyond it; at sea, that a ship's or a plane's clock may
    /// have kept another. Coordinates off the globe are the birth's error at the field, as with a zone given.
    public static func zone(latitude: Double, longitude: Double) throws(ChartError) -> (ChartPlace, String) {
        guard let finding = Gazetteer.zone(latitude: latitude, longitude: longitude) else {
            let (field, range, value) = abs(latitude) <= 90 ? ("longitude", "-180…180", longitude) : ("latitude", "-90…90", latitude)
            throw ChartError(field, "\(plainNumber(value)) is outside \(range)")
        }
        let record = ChartPlace(latitude: latitude, longitude: longitude, zone: finding.zone, source: finding.isAtSea ? .sea : .coordinates)
        let near = Gazetteer.nearest(latitude: latitude, longitude: longitude).map {
            " (near \($0.place.label), \(Int($0.kilometres.rounded())) km away)"
        } ?? ""
        var warning = finding.isAtSea
            ? "no zone given, and no land zone holds \(record.latitude), \(record.longitude) (at sea): took \(finding.zone), the nautical zone of the longitude; a ship's or a plane's clock may have kept another: give --zone"
            : "no zone given: took \(finding.zone), the zone whose border holds \(record.latitude), \(record.longitude)\(near)"
        if !finding.neighbours.isEmpty {
            let beyond = finding.neighbours.prefix(3).map { "\($0.zone) \(Self.distance($0.kilometres)) away" }.joined(separator: ", ")
            warning += "; near a border: \(beyond); give --zone if the birth was on the other side"
        }
        return (record, warning)
    }

    /// `400 m`, `3 km`.
    private static func distance(_ kilometres: Double) -> String {
        kilometres < 1 ? "\(Int((kilometres * 10).rounded()) * 100) m" : "\(Int(kilometres.rounded())) km"
    }

    /// What a chart records of a place found by name.
    public static func record(_ place: Place) -> ChartPlace {
        ChartPlace(name: place.name, division: place.admin1, country: place.country, countryCode: place.countryCode,
                   geonamesID: place.id, latitude: place.latitude, longitude: place.longitude, zone: place.zone, source: .name)
    }

}

/// The gazetteer as the birth decoder asks it: `BirthPlace.resolve` and `BirthPlace.zone`, their warnings in the
/// answer.
public struct BirthPlaceResolver: PlaceResolver, Sendable {
    /// The resolver of the bundled gazetteer.
    public init() {}

    /// `BirthPlace.resolve(_:warn:)`'s place.
    public func place(named name: String) throws(ChartError) -> ResolvedPlace {
        var warning: String?
        let place = try BirthPlace.resolve(name) { warning = $0 }
        return ResolvedPlace(label: place.label, latitude: place.latitude, longitude: place.longitude, zone: place.zone, warning: warning,
                             record: BirthPlace.record(place))
    }

    /// `BirthPlace.zone(latitude:longitude:)`'s zone, with its warning.
    public func place(nearLatitude latitude: Double, longitude: Double) throws(ChartError) -> ResolvedPlace {
        let (record, warning) = try BirthPlace.zone(latitude: latitude, longitude: longitude)
        return ResolvedPlace(label: record.label, latitude: latitude, longitude: longitude, zone: record.zone, warning: warning, record: record)
    }
}
