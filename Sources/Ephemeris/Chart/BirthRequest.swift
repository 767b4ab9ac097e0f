import ChartModel
import Foundation
import Support

/// A birth as apps already send it: this project's birth object, or the request body of AstrologyAPI
/// (`day, month, year, hour, min, lat, lon, tzone, house_type`) or of FreeAstrologyAPI (`year, month, date,
/// hours, minutes, seconds, latitude, longitude, timezone, config.house_system`), so that the request an app sends
/// to a service can be computed here unchanged.
public struct BirthRequest: Sendable {
    /// Which shape the request came in: our birth object, AstrologyAPI's body or FreeAstrologyAPI's.
    public enum Shape: String, Sendable {
        case birth, astrologyAPI, freeAstrologyAPI
    }

    /// The birth the request describes.
    public var birth: Birth
    /// The house system the request asks for; nil when it names none.
    public var houseSystem: HouseSystem?
    /// The zodiac, the observer and the bodies the request asks for: a birth object's `asteroids`, `ayanamsa`,
    /// `topocentric` and `elevation`; FreeAstrologyAPI's `config.ayanamsha` and `config.observation_point`, with
    /// the asteroids its planets list.
    public var settings = ChartSettings()
    /// The shape it was read from.
    public var shape: Shape
    /// What the user should know of the request (a place found by name), one line each.
    public var warnings: [String]
    /// The place the birth took from the gazetteer (`Ulm, Baden-Wuerttemberg, Germany`, its coordinates and zone):
    /// by its name, or the zone by the coordinates. The chart records it (`NatalChart.take(_:)`), a sheet's header
    /// shows its name; never computed with.
    public var place: ChartPlace?
    /// The line that says which place a name took when no warning says it (an exact, unambiguous match), for a
    /// command to print: `place "Ulm" is Ulm, Baden-Wuerttemberg, Germany (48.3984, 9.9916, Europe/Berlin)`.
    public var placeNote: String?

    /// A request for `birth`, with the house system it names and what could not be honoured.
    public init(birth: Birth, houseSystem: HouseSystem? = nil, shape: Shape = .birth, warnings: [String] = []) {
        self.birth = birth
        self.houseSystem = houseSystem
        self.shape = shape
        self.warnings = warnings
    }

    /// Reads one request; errors name the request's own field (`lat: 91 is outside -90…90`). With `places`, a
    /// birth object may name its place (`"place": "Ulm, DE"`: its latitude, longitude and zone, those given
    /// winning) or leave out its zone (the zone whose border holds its coordinates); what `places` warns of comes
    /// first in `warnings`, and the place taken is `place`. Without it, `"place"` is an unknown field and the zone
    /// is required.
    public static func decode(_ data: Data, places: (any PlaceResolver)? = nil) throws(ChartError) -> BirthRequest {
        try JSONDocument.parse(data) { (root) throws(ChartError) in
            let object = try root.object()
            let fields = Dictionary(object.entries.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
            var reader = FieldReader(fields: fields, root: root)
            switch shape(of: fields) {
            case .birth: return try reader.birthObject(places: places)
            case .astrologyAPI: return try reader.astrologyAPI()
            case .freeAstrologyAPI: return try reader.freeAstrologyAPI()
            case nil: throw root.error("not a birth: give date, time, zone, latitude and longitude (or an AstrologyAPI or FreeAstrologyAPI request body)")
            }
        }
    }

    /// Which kind of birth request `data` is by its fields, right or wrong, or nil when it is no birth (a chart,
    /// not JSON): what tells a birth file with a mistake in it from a chart file.
    public static func shape(of data: Data) -> Shape? {
        try? JSONDocument.parse(data) { (root) throws(ChartError) in
            guard let object = try? root.object() else { return nil }
            return shape(of: Dictionary(object.entries.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    private static func shape(of fields: [String: JSONNode]) -> Shape? {
        if fields["zone"] != nil || fields["place"] != nil || fields["date"].map({ (try? $0.string()) != nil }) == true { return .birth }
        if fields["tzone"] != nil || fields["min"] != nil || fields["day"] != nil { return .astrologyAPI }
        if fields["timezone"] != nil || fields["hours"] != nil { return .freeAstrologyAPI }
        return nil
    }
}

/// The fields of one request, read by name, with the errors of `Birth` renamed to the request's own fields.
private struct FieldReader {
    let fields: [String: JSONNode]
    let root: JSONNode
    var warnings: [String] = []

    static let birthKeys = ["date", "time", "zone", "latitude", "longitude", "house_system", "fold", "delta_t",
                            "asteroids", "ayanamsa", "topocentric", "elevation"]

    mutating func birthObject(places: (any PlaceResolver)?) throws(ChartError) -> BirthRequest {
        let keys = places == nil ? Self.birthKeys : Self.birthKeys + ["place"]
        for key in fields.keys.sorted() where !keys.contains(key) {
            throw fields[key]!.error("unknown field \(quote(key))" + didYouMean(key, among: keys))
        }
        // The resolver first, so that its errors come before the fields' (as when it filled the text in); then
        // the fields in their order, the place's latitude, longitude and zone standing in for those not given.
        var found: ResolvedPlace?
        var zoneFound: String?
        var taken: ChartPlace?
        var note: String?
        if let places {
            if let node = fields["place"] {
                guard let name = try? node.string() else { throw node.error("not a string") }
                let place = try places.place(named: name)
                found = place
                zoneFound = place.zone
                warnings += place.warning.map { [$0] } ?? []
                note = place.warning == nil ? ResolvedPlace.note(query: name, place) : nil
            } else if fields["zone"] == nil, let latitude = try? fields["latitude"]?.number(),
                      let longitude = try? fields["longitude"]?.number() {
                let nearby = try places.place(nearLatitude: latitude, longitude: longitude)
                zoneFound = nearby.zone
                taken = nearby.record
                warnings += nearby.warning.map { [$0] } ?? []
            }
        }
        let fold = try fields["fold"].map { (node) throws(ChartError) in try Fold(parsing: try node.string()) } ?? .earlier
        let birth = try Birth(date: try required("date").string(), time: try required("time").string(),
                              zone: try text("zone", else: zoneFound),
                              latitude: try number("latitude", else: found?.latitude),
                              longitude: try number("longitude", else: found?.longitude), fold: fold,
                              deltaT: try fields["delta_t"].map { (node) throws(ChartError) in try node.number() })
        let system = try fields["house_system"].map { (node) throws(ChartError) in try Self.houseSystem(node) }
        var request = BirthRequest(birth: birth, houseSystem: system, shape: .birth, warnings: warnings)
        request.place = found?.taken ?? taken
        request.placeNote = note
        request.settings = try settings()
        return request
    }

    /// A birth object's `asteroids`, `ayanamsa`, `topocentric` and `elevation`, read as the options of the same
    /// names are; errors at the field.
    private func settings() throws(ChartError) -> ChartSettings {
        var choices = ChartSettingsChoices()
        choices.asteroids = try fields["asteroids"].map { (node) throws(ChartError) in try node.flag() }
        choices.ayanamsa = try fields["ayanamsa"].map { (node) throws(ChartError) in try node.string() }
        choices.topocentric = try fields["topocentric"].map { (node) throws(ChartError) in try node.flag() }
        choices.elevation = try fields["elevation"].map { (node) throws(ChartError) in try node.number() }
        do {
            return try ChartSettings(choices)
        } catch {
            guard var placed = fields[error.path]?.error(error.message) else { throw error }
            placed.kind = error.kind
            throw placed
        }
    }

    mutating func astrologyAPI() throws(ChartError) -> BirthRequest {
        let zone = try offset("tzone")
        let birth = try renaming(["latitude": "lat", "longitude": "lon", "date": "day", "time": "hour"]) { () throws(ChartError) in
            try Birth(year: try whole("year"), month: try whole("month"), day: try whole("day"), hour: try whole("hour"),
                      minute: try whole("min"), second: 0, zone: zone, latitude: try required("lat").number(),
                      longitude: try required("lon").number())
        }
        let system = try fields["house_type"].map { (node) throws(ChartError) in try Self.houseSystem(node) }
        return BirthRequest(birth: birth, houseSystem: system, shape: .astrologyAPI, warnings: warnings)
    }

    mutating func freeAstrologyAPI() throws(ChartError) -> BirthRequest {
        let zone = try offset("timezone")
        let birth = try renaming(["zone": "timezone", "time": "hours"]) { () throws(ChartError) in
            try Birth(year: try whole("year"), month: try whole("month"), day: try whole("date"), hour: try whole("hours"),
                      minute: try whole("minutes"), second: Double(try fields["seconds"].map { (node) throws(ChartError) in try node.wholeNumber(in: 0...59) } ?? 0),
                      zone: zone, latitude: try required("latitude").number(), longitude: try required("longitude").number())
        }
        // The services' settings sit in `config` (their documentation also shows `settings`). Its planets list
        // Ceres, Pallas, Juno and Vesta besides Chiron, so its chart has the asteroids.
        var system: HouseSystem?
        var settings = ChartSettings(asteroids: true)
        for key in ["config", "settings"] {
            guard let config = try fields[key]?.object() else { continue }
            for (name, node) in config.entries {
                switch name {
                case "house_system": system = try Self.houseSystem(node)
                case "observation_point": settings.observer = try Self.observer(node)
                case "ayanamsha":
                    do {
                        settings.zodiac = try Zodiac(named: try node.string())
                    } catch {
                        throw node.error(error.message)
                    }
                default: break
                }
            }
        }
        var request = BirthRequest(birth: birth, houseSystem: system, shape: .freeAstrologyAPI, warnings: warnings)
        request.settings = settings
        return request
    }

    /// FreeAstrologyAPI's `observation_point`: `geocentric` or `topocentric` (at the ellipsoid's surface: the
    /// request gives no height).
    static func observer(_ node: JSONNode) throws(ChartError) -> Observer {
        switch try node.string().trimmingWhitespace().lowercased() {
        case "geocentric": return .geocentric
        case "topocentric": return .topocentric(elevation: 0)
        default: throw node.error("\(node.quoted) is not an observation point; known: geocentric, topocentric")
        }
    }

    private func required(_ key: String) throws(ChartError) -> JSONNode {
        guard let node = fields[key] else { throw root.error("missing \(quote(key))") }
        return node
    }

    /// The string at `key`, else `fallback` (what a resolver found), else the error of a missing field.
    private func text(_ key: String, else fallback: String?) throws(ChartError) -> String {
        if fields[key] == nil, let fallback { return fallback }
        return try required(key).string()
    }

    /// The number at `key`, else `fallback` (what a resolver found), else the error of a missing field.
    private func number(_ key: String, else fallback: Double?) throws(ChartError) -> Double {
        if fields[key] == nil, let fallback { return fallback }
        return try required(key).number()
    }

    private func whole(_ key: String) throws(ChartError) -> Int {
        try required(key).wholeNumber(in: Int.min...Int.max)
    }

    /// A zone given in hours east of UTC, as both services take it (5.5 for India).
    private func offset(_ key: String) throws(ChartError) -> BirthZone {
        let node = try required(key)
        let hours = try node.number()
        guard abs(hours) <= 14 else { throw node.error("\(node.quoted) hours is outside -14…14") }
        return .offset(seconds: Int((hours * 3600).rounded()))
    }

    /// Runs `make`, giving its errors the request's names for `Birth`'s fields.
    private func renaming(_ names: [String: String], _ make: () throws(ChartError) -> Birth) throws(ChartError) -> Birth {
        do {
            return try make()
        } catch {
            throw ChartError(names[error.path] ?? error.path, error.message, kind: error.kind)
        }
    }

    /// The services' names for the systems: "placidus", "Whole Signs", "equal_house", AstrologyAPI's "poryphry".
    static func houseSystem(_ node: JSONNode) throws(ChartError) -> HouseSystem {
        var name = try node.string().lowercased()
        for suffix in ["_houses", "_house", " houses", " house"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if name == "poryphry" { name = "porphyry" }
        if name == "whole signs" || name == "whole_signs" { name = "whole-sign" }
        do {
            return try HouseSystem(name: name)
        } catch {
            throw node.error(error.message)
        }
    }
}
