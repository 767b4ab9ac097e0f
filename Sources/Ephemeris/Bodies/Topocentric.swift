import Foundation

/// An observer on the WGS84 ellipsoid, as the Earth's rotation carries it at one instant: its geocentric position
/// and velocity in the true ecliptic and equinox of date, in AU and AU a day. What turns a geocentric apparent
/// place into the topocentric one.
struct TopocentricObserver: Sendable {
    let position: SIMD3<Double>
    let velocity: SIMD3<Double>
    /// The Earth's orbital velocity over the speed of light, in the same frame: what the geocentric places'
    /// annual aberration was computed with, taken out before the parallax and put back after.
    let earthVelocity: SIMD3<Double>
    /// The constant of aberration, radians (20.49552″): the Earth's mean orbital speed over the speed of light.
    private static let aberrationConstant = 20.49552 / 3600 * .pi / 180

    /// WGS84: equatorial radius (km) and flattening.
    private static let equatorialRadius = 6378.137, flattening = 1 / 298.257223563
    private static let kilometresPerAU = 149_597_870.7
    /// The Earth's rotation rate, radians a day of UT (IERS: 7.292115e-5 rad/s).
    private static let rotationRate = 7.292115e-5 * 86400
    /// The speed of light, AU a day.
    static let lightSpeed = 173.144_632_674

    /// At geodetic `latitude`, east `longitude` (degrees) and `elevation` metres, when the local apparent sidereal
    /// time is `armc` degrees, the true obliquity `obliquity` degrees and the Sun's apparent longitude
    /// `sunLongitude` degrees (the Earth moves towards the point 90° west of the Sun; its orbit's eccentricity,
    /// 1.7% of the velocity, moves the Moon's place by under 0.01″). Polar motion (under 15 m) is left out.
    init(latitude: Double, elevation: Double, armc: Double, obliquity: Double, sunLongitude: Double) {
        let sun = Angle.radians(sunLongitude)
        earthVelocity = SIMD3(sin(sun), -cos(sun), 0) * Self.aberrationConstant
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
    /// The place seen by `observer`: the geocentric place less the observer's position (the parallax, up to a
    /// degree for the Moon), with the annual aberration taken out before and put back after, together with the
    /// diurnal aberration of the observer's velocity (up to 0.32″): the Moon's parallax taken on its aberrated
    /// direction would be off by 0.35″. The speeds by the same difference of velocities. The deflection stays as
    /// computed for the geocentre: it differs from the observer's by micro-arc-seconds.
    func seen(by observer: TopocentricObserver) -> ApparentPosition {
        let frame = EclipticFrame(longitude: longitude, latitude: latitude)
        let aberrated = frame.along, annual = observer.earthVelocity
        var unaberrated = aberrated - (annual - (aberrated * annual).sum() * aberrated)
        unaberrated /= (unaberrated * unaberrated).sum().squareRoot()
        let geocentric = unaberrated * distance
        let radiansPerDegree = Angle.radiansPerDegree
        let geocentricVelocity = frame.along * distanceSpeed
            + frame.eastward * (distance * frame.cosLatitude * longitudeSpeed * radiansPerDegree)
            + frame.northward * (distance * latitudeSpeed * radiansPerDegree)
        let relative = geocentric - observer.position
        let range = (relative * relative).sum().squareRoot()
        var direction = relative / range
        // The annual and diurnal aberration, to first order in v/c: the direction leans towards the observer's motion.
        let beta = observer.velocity / TopocentricObserver.lightSpeed + annual
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
