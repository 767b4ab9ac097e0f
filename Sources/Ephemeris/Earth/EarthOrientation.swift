import Foundation

/// What the houses need of the Earth at an instant: the true obliquity and the local sidereal time (ARMC), and
/// the nutation that turns the tables' mean equinox of date into the true one.
struct EarthOrientation: Sendable {
    let nutation: Nutation
    /// The IAU 2006 mean obliquity of the ecliptic, degrees.
    let meanObliquity: Double
    var trueObliquity: Double { meanObliquity + nutation.obliquity }
    /// Greenwich apparent sidereal time, degrees.
    let apparentSiderealTime: Double

    init(julianDayUT: Double, julianDayTT: Double) {
        nutation = Nutation(julianDayTT: julianDayTT)
        let t = (julianDayTT - 2_451_545.0) / 36525
        // Capitaine et al. 2003 / IAU 2006, arc-seconds.
        let epsilon = ((((-0.0000000434 * t - 0.000000576) * t + 0.00200340) * t - 0.0001831) * t - 46.836769) * t + 84381.406
        meanObliquity = epsilon / 3600
        apparentSiderealTime = Angle.normalized(Self.meanSiderealTime(julianDayUT: julianDayUT, t: t)
            + nutation.longitude * cos(Angle.radians(meanObliquity + nutation.obliquity)))
    }

    /// Greenwich mean sidereal time (IAU 2006): the Earth rotation angle plus the accumulated precession in
    /// right ascension. `t`: TT Julian centuries since J2000.
    static func meanSiderealTime(julianDayUT: Double, t: Double) -> Double {
        let days = julianDayUT - 2_451_545.0
        // The Earth rotation angle in turns; the whole days' turns drop out, which keeps the fraction precise.
        let turns = (0.7790572732640 + 0.00273781191135448 * days + days.truncatingRemainder(dividingBy: 1))
            .truncatingRemainder(dividingBy: 1)
        let precession = ((((-0.0000000368 * t - 0.000029956) * t - 0.00000044) * t + 1.3915817) * t + 4612.156534) * t + 0.014506
        return Angle.normalized(turns * 360 + precession / 3600)
    }

    /// ARMC: the local apparent sidereal time as an angle, degrees, for an east longitude in degrees.
    func armc(longitude: Double) -> Double { Angle.normalized(apparentSiderealTime + longitude) }
}
