import ChartModel
import Support

/// What a birth object leaves to a gazetteer: where the place its `"place"` names is, and the zone of a birth given
/// by its coordinates alone. `BirthRequest.decode(_:places:)` asks it while it reads the birth; the Ephemeris knows
/// no places itself (BirthPlaces answers from the offline gazetteer). An error is the whole birth's (an empty
/// path), worded for a person: `no place matches "Ulmm, DE"; nearest names: …`.
public protocol PlaceResolver {
    /// The place `name` names (`Ulm, DE`, `Paris, TX`), with a warning when the name was ambiguous or matched
    /// only loosely.
    func place(named name: String) throws(ChartError) -> ResolvedPlace
    /// The zone a birth at these coordinates takes (the zone whose border holds them; at sea, the nautical zone of
    /// the longitude), with a warning near a border or at sea.
    func place(nearLatitude latitude: Double, longitude: Double) throws(ChartError) -> ResolvedPlace
}

/// A place as a `PlaceResolver` found it: where it is, its zone, its name, and what the reader should be told.
public struct ResolvedPlace: Sendable, Hashable {
    /// The place's name as shown to a person: `Ulm, Baden-Württemberg, Germany`.
    public var label: String
    /// Degrees, north and east positive.
    public var latitude: Double, longitude: Double
    /// Its IANA zone, as `BirthZone.init(_:)` reads it: `Europe/Berlin`.
    public var zone: String
    /// A line for the reader when the answer is a guess (a loose match, a zone taken near a border or at sea).
    public var warning: String?
    /// What the chart records of the place (`NatalChart.place`): its name, division, country, coordinates and
    /// zone, and how it was taken.
    public var record: ChartPlace?

    /// A place called `label` at `latitude`, `longitude` in `zone`, with the warning its finding gave, if any, and
    /// what the chart records of it.
    public init(label: String, latitude: Double, longitude: Double, zone: String, warning: String? = nil, record: ChartPlace? = nil) {
        self.label = label
        self.latitude = latitude
        self.longitude = longitude
        self.zone = zone
        self.warning = warning
        self.record = record
    }
}

extension ResolvedPlace {
    /// What the chart records of a place found by name: the resolver's `record`, else its label, coordinates and zone.
    public var taken: ChartPlace {
        record ?? ChartPlace(name: label, latitude: latitude, longitude: longitude, zone: zone, source: .name)
    }

    /// `place "Ulm" is Ulm, Baden-Wuerttemberg, Germany (48.3984, 9.9916, Europe/Berlin)`: what a command prints when
    /// a name took a place without a warning.
    public static func note(query: String, _ place: ResolvedPlace) -> String {
        "place \(quote(query)) is " + place.taken.summary
    }
}
