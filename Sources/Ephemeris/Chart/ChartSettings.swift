/// How a computed chart is reckoned and what it holds, besides its house system: the zodiac its longitudes are
/// counted in, where it is seen from, and whether the four great asteroids are in it. The default is the
/// services' default chart: tropical, geocentric, Chiron without the asteroids.
public struct ChartSettings: Sendable, Hashable {
    /// Tropical (from the equinox of date) or sidereal (from the equinox less an ayanamsa).
    public var zodiac: Zodiac
    /// Seen from the centre of the Earth, or from the birthplace on its surface.
    public var observer: Observer
    /// Ceres, Pallas, Juno and Vesta besides the planets, the points and Chiron.
    public var asteroids: Bool

    /// A chart in `zodiac`, seen by `observer`, with or without the asteroids.
    public init(zodiac: Zodiac = .tropical, observer: Observer = .geocentric, asteroids: Bool = false) {
        self.zodiac = zodiac
        self.observer = observer
        self.asteroids = asteroids
    }
}

/// The zodiac a chart's longitudes are counted in.
public enum Zodiac: Sendable, Hashable {
    /// From the true equinox of date, as the planets' tables are.
    case tropical
    /// From the equinox of date less the ayanamsa's true value (nutation included) at the chart's moment.
    case sidereal(Ayanamsa)
}

/// Where the chart's bodies are seen from.
public enum Observer: Sendable, Hashable {
    /// The centre of the Earth: the services' default.
    case geocentric
    /// The birthplace, on the WGS84 ellipsoid, `elevation` metres above it.
    case topocentric(elevation: Double)
}

/// The sidereal zodiacs the toolkit computes, by the names the services and the CLI use. Each is defined by its
/// published mean value at a reference epoch, carried to other dates by the IAU 2006 general precession in
/// longitude (docs/Births.md, "Sidereal zodiacs").
public enum Ayanamsa: String, CaseIterable, Sendable, Hashable {
    /// Chitrapaksha: the Indian Calendar Reform Committee's, as the Indian Astronomical Ephemeris gives it.
    case lahiri
    /// B. V. Raman's.
    case raman
    /// K. S. Krishnamurti's (KP).
    case krishnamurti
    /// Cyril Fagan and Donald Bradley's, of the western siderealists.
    case faganBradley = "fagan_bradley"
}
