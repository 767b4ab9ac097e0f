import Support

/// One body's place in a chart. The initializer accepts only what the wheel can draw; a value changed afterwards
/// through its `var`s is checked again by `NatalChart.validate()` and repaired before drawing (`drawable()`).
public struct Body: Sendable, Hashable, Codable {
    /// Which body or point it is.
    public var id: BodyID
    /// Ecliptic longitude in degrees, 0..<360, from 0° Aries.
    public var longitude: Double
    /// Ecliptic latitude in degrees, when the source gives it (the wheel does not draw it).
    public var latitude: Double?
    /// Daily motion in degrees, when the source gives it.
    public var speed: Double?
    /// Whether it moves backward through the zodiac (its speed below zero).
    public var retrograde: Bool
    /// House 1...12, when the source gives it; otherwise the wheel finds it from the cusps.
    public var house: Int?

    /// Throws when `longitude` is outside 0..<360, `latitude` outside -90...90, `speed` not finite or `house` outside 1...12.
    public init(id: BodyID, longitude: Double, latitude: Double? = nil, speed: Double? = nil, retrograde: Bool = false, house: Int? = nil) throws(ChartError) {
        self.init(unchecked: id, longitude: longitude, latitude: latitude, speed: speed, retrograde: retrograde, house: house)
        try validate()
    }

    /// For values already checked, or made from checked ones (the aspect finder, the repairs).
    init(unchecked id: BodyID, longitude: Double, latitude: Double?, speed: Double?, retrograde: Bool, house: Int?) {
        self.id = id
        self.longitude = longitude
        self.latitude = latitude
        self.speed = speed
        self.retrograde = retrograde
        self.house = house
    }

    /// Throws what the initializer would refuse, with the field as the path (`longitude`).
    public func validate() throws(ChartError) {
        if let problem = ChartLimits.longitudeProblem(longitude) { throw ChartError("longitude", problem) }
        if let latitude, let problem = ChartLimits.latitudeProblem(latitude) { throw ChartError("latitude", problem) }
        if let speed, !speed.isFinite { throw ChartError("speed", "\(plainNumber(speed)) is not a finite number") }
        if let house, !(1...12).contains(house) { throw ChartError("house", "\(house) is outside 1...12") }
    }

    /// Reads a body of the NatalChart JSON, with the checks of the throwing initializer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(id: c.decode(BodyID.self, forKey: .id), longitude: c.decode(Double.self, forKey: .longitude),
                      latitude: c.decodeIfPresent(Double.self, forKey: .latitude), speed: c.decodeIfPresent(Double.self, forKey: .speed),
                      retrograde: c.decode(Bool.self, forKey: .retrograde), house: c.decodeIfPresent(Int.self, forKey: .house))
    }

    /// The sign its longitude falls in.
    public var sign: ZodiacSign { ZodiacSign(longitude: longitude) }
}

/// An aspect between two bodies. `orb` is how far from exact, in degrees; its sign is kept as given.
public struct Aspect: Sendable, Hashable, Codable {
    /// The body the aspect is from.
    public var first: BodyID
    /// The body the aspect is to.
    public var second: BodyID
    /// The aspect's kind.
    public var kind: AspectKind
    /// How far from exact, in degrees, within ±30 (the sign as given); `nil` when the source gave none.
    public var orb: Double?

    /// Throws for an aspect of a body with itself, or an orb beyond ±`ChartLimits.maxOrb` (NaN included).
    public init(first: BodyID, second: BodyID, kind: AspectKind, orb: Double? = nil) throws(ChartError) {
        self.init(unchecked: first, second: second, kind: kind, orb: orb)
        try validate()
    }

    init(unchecked first: BodyID, second: BodyID, kind: AspectKind, orb: Double?) {
        self.first = first
        self.second = second
        self.kind = kind
        self.orb = orb
    }

    /// Throws what the initializer would refuse, with the field as the path (`orb`).
    public func validate() throws(ChartError) {
        if first == second { throw ChartError("second", "\(quote(second.displayName)) in an aspect with itself") }
        if let orb, let problem = ChartLimits.orbProblem(orb) { throw ChartError("orb", problem) }
    }

    /// Reads an aspect of the NatalChart JSON, with the checks of the throwing initializer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(first: c.decode(BodyID.self, forKey: .first), second: c.decode(BodyID.self, forKey: .second),
                      kind: c.decode(AspectKind.self, forKey: .kind), orb: c.decodeIfPresent(Double.self, forKey: .orb))
    }
}

/// A natal chart as the wheel needs it: bodies, the twelve house cusps, the angles and the aspects.
/// The initializer accepts only a chart the wheel can draw (`validate()`), and fills every body's house from the
/// cusps: the cusps decide, a house given that contradicts them is replaced.
public struct NatalChart: Sendable, Hashable, Codable {
    /// The bodies and points, each at most once.
    public var bodies: [Body]
    /// Longitudes of the cusps of houses 1 to 12.
    public var cusps: [Double]
    /// The Ascendant's longitude in degrees, 0..<360.
    public var ascendant: Double
    /// The Midheaven's (MC's) longitude in degrees, 0..<360.
    public var midheaven: Double
    /// Aspects given by the source; `nil` when it gave none, so the renderer computes them.
    public var aspects: [Aspect]?
    /// The house system of the cusps ("Placidus"), when the source says.
    public var houseSystem: String?
    /// The house system asked for when `houseSystem` replaced it ("Placidus", whose houses are undefined inside
    /// the polar circles, for "Porphyry"); nil when the cusps are the system asked for. The wheel's corner and a
    /// sheet's header say it (`Terms.houseSystem(_:replacing:)`), so no one reads Porphyry's houses as Placidus's.
    public var houseSystemRequested: String?
    /// The zodiac the longitudes are counted in, as shown ("Sidereal, Lahiri"); `nil`: tropical, the services'
    /// and the toolkit's default. A computed chart says it (`ChartCalculator`), the chart's JSON keeps it
    /// (`zodiac`), and the wheel, its description and a sheet's header show it.
    public var zodiac: String?
    /// When and where the chart is for, when it was computed from a birth (`ChartCalculator` sets it); a sheet's
    /// header shows it. Not part of the chart's JSON.
    public var birth: BirthDetails?
    /// The place the birth took from the gazetteer, by name or its zone by the coordinates: the chart's JSON writes
    /// it as `place` (readers that do not know it pass over it).
    public var place: ChartPlace?

    enum CodingKeys: String, CodingKey {
        case bodies, cusps, ascendant, midheaven, aspects
        case houseSystem = "house_system"
        case houseSystemRequested = "house_system_requested"
        case zodiac, place
    }

    /// Records the place the birth took: the chart's `place`, and its label on the sheet's header.
    public mutating func take(_ place: ChartPlace?) {
        guard let place else { return }
        self.place = place
        if place.source == .name { birth?.place = place.label }
    }

    /// Throws when the cusps are not twelve longitudes in zodiac order, an angle or a body is out of range, a body
    /// comes twice, an aspect names a body the chart lacks, or the house system's name is not a short line of text.
    public init(bodies: [Body], cusps: [Double], ascendant: Double? = nil, midheaven: Double? = nil, aspects: [Aspect]? = nil,
                houseSystem: String? = nil) throws(ChartError) {
        self.init(unchecked: bodies, cusps: cusps, ascendant: ascendant ?? cusps.first ?? 0,
                  midheaven: midheaven ?? (cusps.count > 9 ? cusps[9] : 0), aspects: aspects, houseSystem: houseSystem)
        try validate()
        self.bodies = self.bodies.map { body in
            var body = body
            body.house = house(of: body.longitude)
            return body
        }
    }

    init(unchecked bodies: [Body], cusps: [Double], ascendant: Double, midheaven: Double, aspects: [Aspect]?, houseSystem: String?) {
        self.bodies = bodies
        self.cusps = cusps
        self.ascendant = ascendant
        self.midheaven = midheaven
        self.aspects = aspects
        self.houseSystem = houseSystem
    }

    /// Throws the first thing the initializer would refuse, its path as in the chart's JSON (`bodies[2].longitude`):
    /// for a chart changed through its `var`s since it was made.
    public func validate() throws(ChartError) {
        if let problem = ChartLimits.cuspsProblem(cusps) { throw ChartError("cusps", problem) }
        if let problem = ChartLimits.longitudeProblem(ascendant) { throw ChartError("ascendant", problem) }
        if let problem = ChartLimits.longitudeProblem(midheaven) { throw ChartError("midheaven", problem) }
        var seen: Set<BodyID> = []
        for (index, body) in bodies.enumerated() {
            try within("bodies[\(index)]") { () throws(ChartError) in try body.validate() }
            guard seen.insert(body.id).inserted else { throw ChartError("bodies[\(index)].id", "duplicate body \(quote(body.id.rawValue))") }
        }
        for (index, aspect) in (aspects ?? []).enumerated() {
            try within("aspects[\(index)]") { () throws(ChartError) in try aspect.validate() }
            for (field, id) in [("first", aspect.first), ("second", aspect.second)] where !seen.contains(id) {
                throw ChartError("aspects[\(index)].\(field)", "\(quote(id.rawValue)) is not a body in the chart")
            }
        }
        if let houseSystem, let problem = ChartLimits.textProblem(houseSystem, limit: ChartLimits.maxHouseSystemScalars) {
            throw ChartError("house_system", problem)
        }
        if let houseSystemRequested, let problem = ChartLimits.textProblem(houseSystemRequested, limit: ChartLimits.maxHouseSystemScalars) {
            throw ChartError("house_system_requested", problem)
        }
        if let zodiac, let problem = ChartLimits.textProblem(zodiac, limit: ChartLimits.maxHouseSystemScalars) {
            throw ChartError("zodiac", problem)
        }
    }

    /// Reads the NatalChart JSON (what `jsonData()` writes), with the checks of the throwing initializer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(bodies: c.decode([Body].self, forKey: .bodies), cusps: c.decode([Double].self, forKey: .cusps),
                      ascendant: c.decodeIfPresent(Double.self, forKey: .ascendant), midheaven: c.decodeIfPresent(Double.self, forKey: .midheaven),
                      aspects: c.decodeIfPresent([Aspect].self, forKey: .aspects), houseSystem: c.decodeIfPresent(String.self, forKey: .houseSystem))
        houseSystemRequested = try c.decodeIfPresent(String.self, forKey: .houseSystemRequested)
        zodiac = try c.decodeIfPresent(String.self, forKey: .zodiac)
        place = try c.decodeIfPresent(ChartPlace.self, forKey: .place)
        try validate()
    }

    /// The body `id`, or `nil` when the chart does not have it.
    public func body(_ id: BodyID) -> Body? { bodies.first { $0.id == id } }

    /// The house (1...12) that holds a longitude, by the cusps.
    public func house(of longitude: Double) -> Int {
        guard cusps.count == 12, longitude.isFinite else { return 1 }
        for i in 0..<12 {
            let start = cusps[i], end = cusps[(i + 1) % 12]
            let span = normalizedDegrees(end - start)
            if normalizedDegrees(longitude - start) < span { return i + 1 }
        }
        return 1
    }
}
