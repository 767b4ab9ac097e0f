/// One body's place in a chart.
public struct Body: Sendable, Hashable, Codable {
    public var id: BodyID
    /// Ecliptic longitude in degrees, 0..<360, from 0° Aries.
    public var longitude: Double
    /// Ecliptic latitude in degrees, when the source gives it (the wheel does not draw it).
    public var latitude: Double?
    /// Daily motion in degrees, when the source gives it.
    public var speed: Double?
    public var retrograde: Bool
    /// House 1...12, when the source gives it; otherwise the wheel finds it from the cusps.
    public var house: Int?

    public init(id: BodyID, longitude: Double, latitude: Double? = nil, speed: Double? = nil, retrograde: Bool = false, house: Int? = nil) {
        self.id = id
        self.longitude = longitude
        self.latitude = latitude
        self.speed = speed
        self.retrograde = retrograde
        self.house = house
    }

    public var sign: ZodiacSign { ZodiacSign(longitude: longitude) }
}

/// An aspect between two bodies. `orb` is how far from exact, in degrees.
public struct Aspect: Sendable, Hashable, Codable {
    public var first: BodyID
    public var second: BodyID
    public var kind: AspectKind
    public var orb: Double?

    public init(first: BodyID, second: BodyID, kind: AspectKind, orb: Double? = nil) {
        self.first = first
        self.second = second
        self.kind = kind
        self.orb = orb
    }
}

/// A natal chart as the wheel needs it: bodies, the twelve house cusps, the angles and the aspects.
public struct NatalChart: Sendable, Hashable, Codable {
    public var bodies: [Body]
    /// Longitudes of the cusps of houses 1 to 12.
    public var cusps: [Double]
    public var ascendant: Double
    public var midheaven: Double
    /// Aspects given by the source; `nil` when it gave none, so the renderer computes them.
    public var aspects: [Aspect]?
    /// The house system of the cusps ("Placidus"), when the source says.
    public var houseSystem: String?

    enum CodingKeys: String, CodingKey {
        case bodies, cusps, ascendant, midheaven, aspects
        case houseSystem = "house_system"
    }

    public init(bodies: [Body], cusps: [Double], ascendant: Double? = nil, midheaven: Double? = nil, aspects: [Aspect]? = nil) {
        self.bodies = bodies
        self.cusps = cusps
        self.ascendant = ascendant ?? cusps.first ?? 0
        self.midheaven = midheaven ?? (cusps.count > 9 ? cusps[9] : 0)
        self.aspects = aspects
    }

    public func body(_ id: BodyID) -> Body? { bodies.first { $0.id == id } }

    /// The house (1...12) that holds a longitude, by the cusps.
    public func house(of longitude: Double) -> Int {
        guard cusps.count == 12 else { return 1 }
        for i in 0..<12 {
            let start = cusps[i], end = cusps[(i + 1) % 12]
            let span = normalizedDegrees(end - start)
            if normalizedDegrees(longitude - start) < span { return i + 1 }
        }
        return 1
    }
}
