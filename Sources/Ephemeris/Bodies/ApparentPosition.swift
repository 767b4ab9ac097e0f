import Foundation

/// A body's apparent geocentric place, of the true ecliptic and equinox of date.
struct ApparentPosition: Sendable, Hashable {
    /// Degrees 0..<360, degrees, AU.
    var longitude: Double
    var latitude: Double
    var distance: Double
    /// Degrees per day, in longitude and latitude; AU per day.
    var longitudeSpeed: Double
    var latitudeSpeed: Double
    var distanceSpeed: Double
}

extension ApparentPosition {
    /// 2GM☉/c², in AU: the scale of the Sun's light deflection.
    private static let sunSchwarzschildDiameter = 1.97412574336e-8
    /// Degrees from the Sun within which the deflection's rate is added to the speeds.
    private static let deflectionRateElongation = 5.0

    /// The place of `body` at TT `julianDayTT`, which must lie in `BodyTables`' span.
    init(_ body: TabulatedBody, julianDayTT: Double, nutation: Nutation) {
        let series = BodyTables.series[body.rawValue].interval(at: julianDayTT)
        let longitude = series.evaluate(0)
        let latitude = series.evaluate(1)
        let distance = series.evaluate(2)
        self.init(longitude: longitude.value, latitude: latitude.value, distance: distance.value,
                  longitudeSpeed: longitude.rate, latitudeSpeed: latitude.rate, distanceSpeed: distance.rate)
        if body != .sun && body != .moon {
            // The Sun read once for both uses: a chart of every body reads it for fourteen bodies.
            let sun = Self.tableOnly(.sun, julianDayTT: julianDayTT)
            let now = Self.deflection(of: (longitude.value, latitude.value, distance.value), sun: sun)
            self.longitude += now.longitude
            self.latitude += now.latitude
            // Within a few degrees of the Sun the deflection changes by up to a few thousandths of a degree a day,
            // so its rate counts; farther out it is below a millionth of a degree a day.
            if abs(Angle.difference(longitude.value, sun.longitude)) < Self.deflectionRateElongation {
                let step = 0.01
                let later = Self.deflection(of: body, julianDayTT: julianDayTT + step)
                let earlier = Self.deflection(of: body, julianDayTT: julianDayTT - step)
                longitudeSpeed += (later.longitude - earlier.longitude) / (2 * step)
                latitudeSpeed += (later.latitude - earlier.latitude) / (2 * step)
            }
        }
        self.longitude = Angle.normalized(self.longitude + nutation.longitude)
    }

    /// The bending of the body's light by the Sun's gravity, in longitude and latitude (degrees). The tables
    /// leave it out: near conjunction it changes too fast for a short series. Up to 1.75″ at the Sun's limb, a
    /// few milli-arc-seconds at quadrature.
    private static func deflection(of body: TabulatedBody, julianDayTT: Double) -> (longitude: Double, latitude: Double) {
        deflection(of: tableOnly(body, julianDayTT: julianDayTT), sun: tableOnly(.sun, julianDayTT: julianDayTT))
    }

    /// The same from the body's and the Sun's places as the tables give them.
    private static func deflection(of place: (longitude: Double, latitude: Double, distance: Double),
                                   sun: (longitude: Double, latitude: Double, distance: Double)) -> (longitude: Double, latitude: Double) {
        let (longitude, latitude, distance) = place
        let frame = EclipticFrame(longitude: longitude, latitude: latitude)
        let p = frame.along
        let towardsSun = EclipticFrame(longitude: sun.longitude, latitude: sun.latitude).along
        let e = -towardsSun  // Sun → Earth
        let fromSun = p * distance - towardsSun * sun.distance
        let q = fromSun / (fromSun * fromSun).sum().squareRoot()  // Sun → body
        let scale = sunSchwarzschildDiameter / sun.distance / (1 + (q * e).sum())
        let shift = scale * ((p * q).sum() * e - (e * p).sum() * q)
        return (Angle.degrees((frame.eastward * shift).sum() / frame.cosLatitude), Angle.degrees((frame.northward * shift).sum()))
    }

    private static func tableOnly(_ body: TabulatedBody, julianDayTT: Double) -> (longitude: Double, latitude: Double, distance: Double) {
        let series = BodyTables.series[body.rawValue].interval(at: julianDayTT)
        return (series.evaluate(0).value, series.evaluate(1).value, series.evaluate(2).value)
    }
}
