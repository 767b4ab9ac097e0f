import Foundation

/// The Moon's nodes and mean apogee, of the true ecliptic and equinox of date.
enum LunarPoints {
    /// The mean inclination of the lunar orbit on the ecliptic, degrees.
    static let meanInclination = 5.145396

    /// The mean ascending node (Chapront, Chapront-Touzé & Francou 2002, as Meeus gives it), without nutation.
    static func meanNode(t: Double) -> Double {
        125.0445479 + t * (-1934.1362891 + t * (0.0020754 + t * (1.0 / 467_441 - t / 60_616_000)))
    }

    /// The mean perigee's longitude in the orbit (same source), without nutation.
    static func meanPerigee(t: Double) -> Double {
        83.3532465 + t * (4069.0137287 + t * (-0.0103200 + t * (-1.0 / 80053 + t / 18_999_000)))
    }

    static func centuries(_ julianDayTT: Double) -> Double { (julianDayTT - 2_451_545.0) / 36525 }

    /// The mean node's place, with its daily motion.
    static func meanNode(julianDayTT: Double, nutation: Nutation) -> ApparentPosition {
        let place = { (jd: Double) in meanNode(t: centuries(jd)) }
        return ApparentPosition(longitude: Angle.normalized(place(julianDayTT) + nutation.longitude), latitude: 0, distance: 0,
                                longitudeSpeed: rate(of: place, at: julianDayTT), latitudeSpeed: 0, distanceSpeed: 0)
    }

    /// Mean Lilith: the mean apogee, a point of the mean lunar orbit, projected onto the ecliptic as astrologers
    /// (and the reference) give it; its latitude is the orbit's height above the ecliptic there.
    static func meanApogee(julianDayTT: Double, nutation: Nutation) -> ApparentPosition {
        let place = { (jd: Double) -> (longitude: Double, latitude: Double) in
            let t = centuries(jd)
            let node = meanNode(t: t)
            let fromNode = Angle.radians(meanPerigee(t: t) + 180 - node)
            let inclination = Angle.radians(meanInclination)
            return (node + Angle.degrees(atan2(cos(inclination) * sin(fromNode), cos(fromNode))),
                    Angle.degrees(asin(sin(inclination) * sin(fromNode))))
        }
        let now = place(julianDayTT)
        return ApparentPosition(longitude: Angle.normalized(now.longitude + nutation.longitude), latitude: now.latitude, distance: 0,
                                longitudeSpeed: rate(of: { place($0).longitude }, at: julianDayTT),
                                latitudeSpeed: rate(of: { place($0).latitude }, at: julianDayTT), distanceSpeed: 0)
    }

    /// The true (osculating) node: where the plane of the Moon's geocentric orbit at this instant, through its
    /// position and velocity, meets the ecliptic of date.
    static func trueNode(julianDayTT: Double, nutation: Nutation) -> ApparentPosition {
        let place = { (jd: Double) -> Double in
            let moon = BodyTables.series[TabulatedBody.moon.rawValue].interval(at: jd)
            let lon = moon.evaluate(0), lat = moon.evaluate(1), distance = moon.evaluate(2)
            let frame = EclipticFrame(longitude: lon.value, latitude: lat.value)
            let position = distance.value * frame.along
            let velocity = distance.rate * frame.along
                + distance.value * (Angle.radians(lon.rate) * frame.cosLatitude * frame.eastward + Angle.radians(lat.rate) * frame.northward)
            // The orbit's pole h = r × v; its ascending node lies along ẑ × h.
            let hx = position.y * velocity.z - position.z * velocity.y
            let hy = position.z * velocity.x - position.x * velocity.z
            return Angle.degrees(atan2(hx, -hy))
        }
        return ApparentPosition(longitude: Angle.normalized(place(julianDayTT) + nutation.longitude), latitude: 0, distance: 0,
                                longitudeSpeed: rate(of: place, at: julianDayTT), latitudeSpeed: 0, distanceSpeed: 0)
    }

    /// Degrees per day, by a central difference over ±0.05 day: these points have no series of their own.
    private static func rate(of place: (Double) -> Double, at julianDay: Double) -> Double {
        let step = 0.05
        return Angle.difference(place(julianDay + step), place(julianDay - step)) / (2 * step)
    }
}
