import Foundation

/// The place a chart's birth took from the gazetteer: the place a name found (`--place "Ulm, DE"`, `"place"` in a
/// birth object), or the zone its coordinates lie in when the birth gave none. The chart's JSON and the layout's
/// write it as `place`, so that a reader sees which Ulm, which coordinates and which zone the chart was computed
/// for; a reader that does not know the field passes over it. Coordinates are kept to 1e-4° (about 11 m), as the
/// gazetteer holds them.
public struct ChartPlace: Sendable, Hashable, Codable {
    /// How the place was taken.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A place found by its name.
        case name
        /// The zone whose border holds the birth's coordinates.
        case coordinates
        /// At sea: the nautical zone of the longitude.
        case sea
    }

    /// The place's own name (`Ulm`); nil when only the zone was taken.
    public var name: String?
    /// Its first-level division (`Baden-Wuerttemberg`), where the gazetteer names it.
    public var division: String?
    /// Its country's English name (`Germany`).
    public var country: String?
    /// Its country's ISO 3166 code (`DE`).
    public var countryCode: String?
    /// GeoNames' id of the place (https://www.geonames.org/ID).
    public var geonamesID: Int?
    /// Degrees, north positive, rounded to 1e-4.
    public var latitude: Double
    /// Degrees, east positive, rounded to 1e-4.
    public var longitude: Double
    /// The IANA zone taken (`Europe/Berlin`, `Etc/GMT+3` at sea).
    public var zone: String
    /// By name, by the coordinates' zone border, or at sea.
    public var source: Source

    enum CodingKeys: String, CodingKey {
        case name, division = "admin1", country, countryCode = "country_code", geonamesID = "geonames_id"
        case latitude, longitude, zone, source
    }

    /// A place taken by `source`; the coordinates are rounded to 1e-4°.
    public init(name: String? = nil, division: String? = nil, country: String? = nil, countryCode: String? = nil,
                geonamesID: Int? = nil, latitude: Double, longitude: Double, zone: String, source: Source) {
        self.name = name
        self.division = division
        self.country = country
        self.countryCode = countryCode
        self.geonamesID = geonamesID
        self.latitude = Self.rounded(latitude)
        self.longitude = Self.rounded(longitude)
        self.zone = zone
        self.source = source
    }

    /// Reads what `encode(to:)` writes, with the checks of `problem()`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decodeIfPresent(String.self, forKey: .name), division: try c.decodeIfPresent(String.self, forKey: .division),
                  country: try c.decodeIfPresent(String.self, forKey: .country),
                  countryCode: try c.decodeIfPresent(String.self, forKey: .countryCode),
                  geonamesID: try c.decodeIfPresent(Int.self, forKey: .geonamesID), latitude: try c.decode(Double.self, forKey: .latitude),
                  longitude: try c.decode(Double.self, forKey: .longitude), zone: try c.decode(String.self, forKey: .zone),
                  source: try c.decode(Source.self, forKey: .source))
        if let (field, problem) = problem() {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "place.\(field): \(problem)"))
        }
    }

    /// `Ulm, Baden-Wuerttemberg, Germany`; the coordinates where there is no name.
    public var label: String {
        guard let name else { return "\(latitude), \(longitude)" }
        return ([name] + [division, country].compactMap { $0 }).joined(separator: ", ")
    }

    /// `Ulm, Baden-Wuerttemberg, Germany (48.3984, 9.9916, Europe/Berlin)`.
    public var summary: String {
        name == nil ? "\(latitude), \(longitude) (\(zone))" : "\(label) (\(latitude), \(longitude), \(zone))"
    }

    /// The longest name, division, country or zone kept, in Unicode scalars.
    public static let maxTextScalars = 100

    /// The first field that cannot be kept and why: a text that is not a short line, coordinates off the globe.
    public func problem() -> (field: String, problem: String)? {
        if let problem = ChartLimits.latitudeProblem(latitude) { return ("latitude", problem) }
        if !longitude.isFinite || abs(longitude) > 180 { return ("longitude", "\(longitude) is outside -180…180") }
        let texts: [(String, String?)] = [("name", name), ("admin1", division), ("country", country), ("country_code", countryCode), ("zone", zone)]
        for case let (field, text?) in texts {
            if let problem = ChartLimits.textProblem(text, limit: Self.maxTextScalars) { return (field, problem) }
        }
        return nil
    }

    private static func rounded(_ degrees: Double) -> Double {
        degrees.isFinite ? (degrees * 10_000).rounded() / 10_000 : degrees
    }
}
