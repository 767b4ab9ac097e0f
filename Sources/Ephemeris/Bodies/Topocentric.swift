import Foundation

/// An observer on the WGS84 ellipsoid, as the Earth's rotation carries it at one instant: its geocentric position
/// and velocity in the true ecliptic and equinox of date, in AU and AU a day. What turns a geocentric apparent
/// place into the topocentric one.
struct TopocentricObserver: Sendable {
    let position: SIMD3<Double>
    let velocity: SIMD3<Double>

    /// WGS84: equatorial radius (km) and flattening.
    private static let equatorialRadius = 6378.137, flattening = 1 / 298.257223563
    private static let kilometresPerAU = 149_597_870.7
    /// The Earth's rotation rate, radians a day of UT (IERS: 7.292115e-5 rad/s).
    private static let rotationRate = 7.292115e-5 * 86400
    /// The speed of light, AU a day.
    static let lightSpeed = 173.144_632_674

    /// At geodetic `latitude`, east `longitude` (degrees) and `elevation` metres, when the local apparent sidereal
    /// time is `armc` degrees and the true obliquity `obliquity` degrees. Polar motion (under 15 m) is left out.
    init(latitude: Double, elevation: Double, armc: Double, obliquity: Double) {
        let phi = Angle.radians(latitude), theta = Angle.radians(armc)
        let e2 = Self.flattening * (2 - Self.flattening)
        let n = Self.equatorialRadius / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let h = elevation / 1000
        let rho = (n + h) * cos(phi) / Self.kilometresPerAU
        let z = (n * (1 - e2) + h) * sin(phi) / Self.kilometresPerAU
        let equatorial = SIMD3(rho * cos(theta), rho * sin(theta), z)
        let equatorialVelocity = SIMD3(-rho * sin(theta), rho * cos(theta), 0) * Self.rotationRate
        let eps = Angle.radians(obliquity)
        func toEcliptic(_ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(v.x, v.y * cos(eps) + v.z * sin(eps), -v.y * sin(eps) + v.z * cos(eps))
        }
        position = toEcliptic(equatorial)
        velocity = toEcliptic(equatorialVelocity)
    }
}

extension ApparentPosition {
    /// The place seen by `observer`: the geocentric apparent place less the observer's position (the parallax, up
    /// to a degree for the Moon), shifted by the diurnal aberration of the observer's velocity (up to 0.32″);
    /// the speeds by the same difference of velocities. Annual aberration and deflection stay as computed for
    /// the geocentre: they differ from the observer's by micro-arc-seconds.
    func seen(by observer: TopocentricObserver) -> ApparentPosition {
        let frame = EclipticFrame(longitude: longitude, latitude: latitude)
        let geocentric = frame.along * distance
        let radiansPerDegree = Angle.radiansPerDegree
        let geocentricVelocity = frame.along * distanceSpeed
            + frame.eastward * (distance * frame.cosLatitude * longitudeSpeed * radiansPerDegree)
            + frame.northward * (distance * latitudeSpeed * radiansPerDegree)
        let relative = geocentric - observer.position
        let range = (relative * relative).sum().squareRoot()
        var direction = relative / range
        // Diurnal aberration, to first order in v/c: the direction leans towards the observer's motion.
        let beta = observer.velocity / TopocentricObserver.lightSpeed
        direction += beta - (direction * beta).sum() * direction
        direction /= (direction * direction).sum().squareRoot()
        let velocity = geocentricVelocity - observer.velocity
        let lon = Angle.normalized(Angle.degrees(atan2(direction.y, direction.x)))
        let lat = Angle.degrees(asin(max(-1, min(1, direction.z))))
        let seen = EclipticFrame(longitude: lon, latitude: lat)
        return ApparentPosition(longitude: lon, latitude: lat, distance: range,
                                longitudeSpeed: Angle.degrees((seen.eastward * velocity).sum() / (range * seen.cosLatitude)),
                                latitudeSpeed: Angle.degrees((seen.northward * velocity).sum() / range),
                                distanceSpeed: (seen.along * velocity).sum())
    }
}
