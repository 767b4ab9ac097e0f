import ChartModel
import Foundation

extension ChartCalculator {
    /// The geocentric tropical places as `settings` ask: the tables' bodies (the Sun to Pluto, Chiron and the
    /// asteroids) seen from the birthplace for a topocentric chart, then every place less the ayanamsa for a
    /// sidereal one. The nodes and Lilith are mean or osculating points of the geocentric lunar orbit, no bodies to see
    /// from elsewhere: the zodiac shifts them, the observer does not (as in the Swiss Ephemeris).
    static func places(_ places: [BodyID: ApparentPosition], as settings: ChartSettings, birth: Birth, earth: EarthOrientation,
                       julianDayTT: Double) -> [BodyID: ApparentPosition] {
        var places = places
        if case .topocentric(let elevation) = settings.observer {
            let observer = TopocentricObserver(latitude: birth.latitude, elevation: elevation,
                                               armc: earth.armc(longitude: birth.longitude), obliquity: earth.trueObliquity,
                                               sunLongitude: places[.sun]?.longitude ?? 0)
            for body in TabulatedBody.allCases { places[body.id] = places[body.id]?.seen(by: observer) }
        }
        let offset = settings.zodiac.offset(julianDayTT: julianDayTT, nutation: earth.nutation)
        return places.mapValues { $0.shifted(by: offset, rate: settings.zodiac.offsetRate) }
    }
}
