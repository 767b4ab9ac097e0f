import ChartModel

/// What a birth object leaves to a gazetteer: where the place its `"place"` names is, and the zone of a birth given
/// by its coordinates alone. `BirthRequest.decode(_:places:)` asks it while it reads the birth; the Ephemeris knows
/// no places itself (BirthPlaces answers from the offline gazetteer). An error is the whole birth's (an empty
/// path), worded for a person: `no place matches "Ulmm, DE"; nearest names: …`.
public protocol PlaceResolver {
    /// The place `name` names (`Ulm, DE`, `Paris, TX`), with a warning when the name was ambiguous or matched
    /// only loosely.
    func place(named name: String) throws(ChartError) -> ResolvedPlace
    /// The place whose zone a birth at these coordinates takes (the nearest within some distance), with a warning
    /// naming it.
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
    /// A line for the reader when the answer is a guess (a loose match, a zone taken from a nearby place).
    public var warning: String?

    /// A place called `label` at `latitude`, `longitude` in `zone`, with the warning its finding gave, if any.
    public init(label: String, latitude: Double, longitude: Double, zone: String, warning: String? = nil) {
        self.label = label
        self.latitude = latitude
        self.longitude = longitude
        self.zone = zone
        self.warning = warning
    }
}
