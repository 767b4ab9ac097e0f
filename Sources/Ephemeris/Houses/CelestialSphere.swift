import Foundation

/// A place's sky at one moment, for the houses: the sidereal time (as the MC's right ascension), the latitude and
/// the obliquity, with the vectors every house system is built from. Equatorial frame: x toward the equinox,
/// z toward the north celestial pole.
///
/// Every cusp of the quadrant systems is where a great circle through the horizon's north and south points (or,
/// for Koch, another moment's horizon) meets the ecliptic, so one function does that meeting: `ecliptic(meeting:)`.
struct CelestialSphere {
    let armc: Double  // radians
    let latitude: Double  // radians
    let sinObliquity: Double, cosObliquity: Double
    let sinLatitude: Double, cosLatitude: Double
    /// The zenith, the east point of the horizon and the north point of the horizon, as unit vectors.
    let zenith: Vector, east: Vector, north: Vector

    struct Vector {
        var x, y, z: Double
        static func + (a: Vector, b: Vector) -> Vector { Vector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
        static func * (k: Double, v: Vector) -> Vector { Vector(x: k * v.x, y: k * v.y, z: k * v.z) }
    }

    /// All angles in degrees.
    init(armc: Double, latitude: Double, obliquity: Double) {
        self.armc = Angle.radians(armc)
        self.latitude = Angle.radians(latitude)
        let eps = Angle.radians(obliquity)
        sinObliquity = sin(eps)
        cosObliquity = cos(eps)
        // ±90° must give a pole exactly, not cos(π/2) ≈ 6e-17.
        sinLatitude = abs(latitude) == 90 ? (latitude > 0 ? 1 : -1) : sin(self.latitude)
        cosLatitude = abs(latitude) == 90 ? 0 : cos(self.latitude)
        let sinT = sin(self.armc), cosT = cos(self.armc)
        zenith = Vector(x: cosLatitude * cosT, y: cosLatitude * sinT, z: sinLatitude)
        east = Vector(x: -sinT, y: cosT, z: 0)
        north = Vector(x: -sinLatitude * cosT, y: -sinLatitude * sinT, z: cosLatitude)
    }

    /// The ecliptic longitude (degrees, 0..<360) of one of the two points where the ecliptic meets the great
    /// circle with pole `pole`; which one depends on the pole's sign. For the zenith (the horizon) it is the eastern
    /// point wherever every ecliptic degree rises and sets; the callers choose between the two elsewhere.
    /// The circle holds the ecliptic point (cos λ, sin λ cos ε, sin λ sin ε) when its dot product with the pole is 0.
    func ecliptic(meeting pole: Vector) -> Double {
        Self.longitude(atan2(pole.x, -(pole.y * cosObliquity + pole.z * sinObliquity)))
    }

    /// `radians` as a longitude in degrees, 0..<360. At the poles atan2 meets signed zeros and returns −0, which
    /// `Angle.normalized` keeps and JSON would print as `-0`; adding 0 makes it +0.
    static func longitude(_ radians: Double) -> Double { Angle.normalized(Angle.degrees(radians)) + 0 }

    /// The ecliptic longitude of the point with right ascension `ra` (radians), in degrees.
    func longitude(rightAscension ra: Double) -> Double {
        Self.longitude(atan2(sin(ra), cos(ra) * cosObliquity))
    }

    /// The MC: the ecliptic point on the meridian, above the horizon's south point in the north (the
    /// culminating point), with right ascension = ARMC.
    var midheaven: Double { longitude(rightAscension: armc) }

    /// The unit vector of the ecliptic point at `longitude` (degrees).
    func eclipticPoint(_ longitude: Double) -> Vector {
        let l = Angle.radians(longitude)
        return Vector(x: cos(l), y: sin(l) * cosObliquity, z: sin(l) * sinObliquity)
    }

    /// Whether the ecliptic point at `longitude` (degrees) is below the horizon when on the upper meridian:
    /// its altitude there is 90° − |φ − δ|, negative only inside the polar circles.
    func isBelowHorizon(longitude: Double) -> Bool {
        let p = eclipticPoint(longitude)
        return p.x * zenith.x + p.y * zenith.y + p.z * zenith.z < 0
    }

    /// The horizon's eastern point on the ecliptic, as `ecliptic(meeting:)` finds it: inside the polar circles it
    /// can be the western one.
    var horizonPoint: Double { ecliptic(meeting: zenith) }

    /// The horizon's point on the ecliptic at another sidereal time (`armc` in radians), at this latitude.
    func horizonPoint(armc other: Double) -> Double {
        ecliptic(meeting: Vector(x: cosLatitude * cos(other), y: cosLatitude * sin(other), z: sinLatitude))
    }

    /// Where the prime vertical (the circle through the zenith and the east and west points, whose pole is the
    /// horizon's north point) meets the ecliptic, either of the two points.
    var primeVerticalPoint: Double { ecliptic(meeting: north) }
}
