/// A populated place of the gazetteer (GeoNames, at least 1,000 people).
public struct Place: Sendable, Hashable, Codable {
    /// GeoNames' id (https://www.geonames.org/ID).
    public let id: Int
    /// The place's name as GeoNames gives it (`São Paulo`).
    public let name: String
    /// ISO 3166 code (`US`) and English name (`United States`).
    public let countryCode: String
    /// The country's English name.
    public let country: String
    /// GeoNames' code of the first-level division (`TX`, `40`).
    public let admin1Code: String
    /// The division's name as GeoNames writes it in ASCII (`Texas`, `Telangana`, `Baden-Wuerttemberg`), where the table has one
    /// (3,651 of 3,859 divisions).
    public let admin1: String?
    /// Degrees, north and east positive, to 1e-4 (about 11 m).
    public let latitude: Double
    /// Longitude, degrees east.
    public let longitude: Double
    /// The IANA zone of the place (`America/Chicago`).
    public let zone: String
    /// People living there, as GeoNames counts them.
    public let population: Int

    /// What tells the place from others of the same name: `Paris, Texas, United States`, `Ulm, Germany`.
    public var label: String {
        ([name] + (admin1.map { [$0] } ?? []) + [country]).joined(separator: ", ")
    }
}

/// A place found by name, and how well its name matched.
public struct PlaceMatch: Sendable, Hashable {
    /// How the query matched, best first.
    public enum Kind: Sendable, Hashable, Comparable {
        /// The place's own name, folded.
        case name
        /// One of its other names (Wien, Bombay, Москва).
        case alternateName
        /// A name that starts with the query.
        case prefix
        /// A name within this many typing mistakes (1 or 2).
        case typo(Int)
    }

    /// The place found.
    public let place: Place
    /// How its name matched.
    public let kind: Kind
    /// How likely a person means it, in powers of ten: the logarithm of its population less what the match lacks
    /// (`Gazetteer.search`); two matches a whole unit apart are ten times as likely one as the other.
    public let score: Double
}

/// A place near given coordinates.
public struct NearbyPlace: Sendable, Hashable {
    /// The nearest place.
    public let place: Place
    /// Great-circle distance, kilometres.
    public let kilometres: Double
}
