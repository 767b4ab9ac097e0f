/// What a user asked of a birth's computation besides the house system, as given (flags, options files, request
/// bodies): the asteroids, the zodiac by its ayanamsa's name, a topocentric observer and its elevation. `nil` is
/// "not asked": the birth's own choice, else the default. The ephemeris turns these into its `ChartSettings`
/// (`ChartSettings(_:over:)`), checking the names; they live here so that the rendering options, which cannot
/// see the ephemeris, can carry them.
public struct ChartSettingsChoices: Sendable, Hashable {
    /// Ceres, Pallas, Juno and Vesta besides the planets and Chiron (`asteroids`).
    public var asteroids: Bool?
    /// `tropical` (or `sayana`), or a sidereal zodiac's ayanamsa (`lahiri`, …) (`ayanamsa`).
    public var ayanamsa: String?
    /// Seen from the birthplace on the Earth's surface instead of its centre (`topocentric`).
    public var topocentric: Bool?
    /// The birthplace's height above the WGS84 ellipsoid in metres, for a topocentric chart (`elevation`).
    public var elevation: Double?

    /// Nothing asked: every choice the birth's own, else the default.
    public init(asteroids: Bool? = nil, ayanamsa: String? = nil, topocentric: Bool? = nil, elevation: Double? = nil) {
        self.asteroids = asteroids
        self.ayanamsa = ayanamsa
        self.topocentric = topocentric
        self.elevation = elevation
    }

    /// Whether anything was asked: what a chart read from JSON, which is drawn as it was computed, cannot honour.
    public var isEmpty: Bool { self == ChartSettingsChoices() }

    /// The names of the choices made, as options files and request bodies spell them (`ayanamsa`, `topocentric`).
    public var givenNames: [String] {
        [("asteroids", asteroids != nil), ("ayanamsa", ayanamsa != nil), ("topocentric", topocentric != nil),
         ("elevation", elevation != nil)].filter(\.1).map(\.0)
    }

    /// The highest and lowest elevations taken, in metres: the Dead Sea's shore to above Everest's summit.
    public static let elevationRange: ClosedRange<Double> = -500...9000
}
