import ChartModel
import Foundation

/// A computed chart: the chart itself, when it was (the instant, with its ΔT), the house system used (Porphyry
/// when the one asked for is undefined at the birthplace) and what the user should know, as the decoder gives it.
public struct ComputedChart: Sendable {
    /// The chart: bodies, points, cusps, angles and aspects.
    public var chart: NatalChart
    /// The moment computed for: Julian days UT and TT, ΔT and the UTC offset used.
    public var instant: BirthInstant
    /// The house system used: Porphyry when the one asked for is undefined at the latitude.
    public var houseSystem: HouseSystem
    /// The zodiac, the observer and the bodies the chart was computed with.
    public var settings: ChartSettings
    /// What the user should know (local mean time used, a polar fallback), one line each.
    public var warnings: [String]
}

/// Birth data to chart, offline: the bodies from the JPL tables (DE421 over 1900–2050, DE405 outside; Chiron and
/// the asteroids from their own), the houses from the sidereal time.
/// Pure functions of their input over shared read-only tables: safe from any number of threads.
public enum ChartCalculator {
    /// The bodies of every computed chart, in wheel (`BodyID`) order: the Sun to Pluto, the true node (`northNode`),
    /// the mean node, the south node (opposite the true node), Chiron, mean Lilith and the Part of Fortune.
    public static let bodies: [BodyID] = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto,
                                          .northNode, .meanNode, .southNode, .chiron, .lilith, .partOfFortune]

    /// Ceres, Pallas, Juno and Vesta: in a computed chart when `ChartSettings.asteroids` is on.
    public static let asteroids: [BodyID] = TabulatedBody.asteroids.map(\.id)

    /// The bodies of a chart computed with `settings`, in `BodyID` order: `bodies`, and the asteroids when asked for.
    public static func bodies(for settings: ChartSettings) -> [BodyID] {
        settings.asteroids ? everyBody : bodies
    }

    /// `bodies` and the asteroids, in `BodyID` order, sorted once.
    private static let everyBody = (bodies + asteroids).sorted()
    /// The tables' bodies of a chart without the asteroids, and with them.
    private static let tabulated = TabulatedBody.planets + [.chiron]
    private static let everyTabulated = tabulated + TabulatedBody.asteroids

    /// The chart for `birth`. `strict`: a house system undefined at the birthplace's latitude is an error instead
    /// of Porphyry with a warning. Errors name the field and the value.
    public static func chart(for birth: Birth, houseSystem: HouseSystem = .placidus, strict: Bool = false,
                             settings: ChartSettings = ChartSettings()) throws(ChartError) -> ComputedChart {
        let instant = try birth.instant()
        let julianDayTT = instant.julianDayTT
        let earth = EarthOrientation(julianDayUT: instant.julianDayUT, julianDayTT: julianDayTT)
        let houses = try Houses(houseSystem, armc: earth.armc(longitude: birth.longitude), latitude: birth.latitude,
                                obliquity: earth.trueObliquity, strict: strict)
            .shifted(by: settings.zodiac.offset(julianDayTT: julianDayTT, nutation: earth.nutation))
        let places = Self.places(Self.places(julianDayTT: julianDayTT, nutation: earth.nutation, settings: settings),
                                 as: settings, birth: birth, earth: earth, julianDayTT: julianDayTT)
        var bodies: [Body] = []
        for id in Self.bodies(for: settings) where id != .partOfFortune {
            let place = places[id]!
            bodies.append(try Body(id: id, longitude: place.longitude, latitude: place.latitude, speed: place.longitudeSpeed,
                                   retrograde: place.longitudeSpeed < 0))
        }
        // Last in `BodyID` order, as it is appended.
        bodies.append(try Body(id: .partOfFortune, longitude: partOfFortune(sun: places[.sun]!.longitude, moon: places[.moon]!.longitude,
                                                                            ascendant: houses.ascendant), latitude: 0))
        // The model's checks (and its houses of the bodies, from the cusps); they hold for every sky computed here.
        var chart = try NatalChart(bodies: bodies, cusps: houses.cusps, ascendant: houses.ascendant, midheaven: houses.midheaven,
                                   houseSystem: houses.system.displayName)
        // A fallback (Porphyry inside the polar circles) keeps what was asked for, for the wheel and the JSON to say.
        if houses.system != houseSystem { chart.houseSystemRequested = houseSystem.displayName }
        chart.aspects = AspectFinder().aspects(among: bodies.filter { !Self.withoutAspects.contains($0.id) })
        chart.birth = BirthDetails(date: birth.dateText, time: birth.clockText, zone: birth.zone.shown(utcOffset: instant.utcOffset),
                                   latitude: birth.latitude, longitude: birth.longitude)
        chart.zodiac = settings.zodiac.chartLabel
        return ComputedChart(chart: chart, instant: instant, houseSystem: houses.system, settings: settings, warnings: instant.warnings + houses.warnings)
    }

    /// The apparent places of the chart's bodies and points (all but the Part of Fortune), by body.
    static func places(julianDayTT: Double, nutation: Nutation, settings: ChartSettings) -> [BodyID: ApparentPosition] {
        var places: [BodyID: ApparentPosition] = [:]
        places.reserveCapacity(20)
        for body in settings.asteroids ? everyTabulated : tabulated {
            places[body.id] = ApparentPosition(body, julianDayTT: julianDayTT, nutation: nutation)
        }
        let trueNode = LunarPoints.trueNode(julianDayTT: julianDayTT, nutation: nutation)
        places[.northNode] = trueNode
        places[.meanNode] = LunarPoints.meanNode(julianDayTT: julianDayTT, nutation: nutation)
        places[.southNode] = trueNode.opposite
        places[.lilith] = LunarPoints.meanApogee(julianDayTT: julianDayTT, nutation: nutation)
        return places
    }

    /// Points whose aspects repeat another's: the south node's mirror the north node's, the mean node's nearly
    /// coincide with them. Left out of the aspects, not of the chart.
    static let mirroredPoints: Set<BodyID> = [.southNode, .meanNode]

    /// The bodies drawn without aspects: the mirrored points, and the asteroids, whose aspects neither service
    /// lists and which would make two-thirds more pairs to look at (153 for 91). Chiron has its aspects, as the
    /// lunar node and Lilith do.
    static let withoutAspects: Set<BodyID> = mirroredPoints.union(asteroids)

    /// The Part of Fortune, by the day and night formula: Ascendant + Moon − Sun when the Sun is above the horizon
    /// (in houses 7 to 12: from the Descendant through the MC to the Ascendant), Ascendant + Sun − Moon at night.
    static func partOfFortune(sun: Double, moon: Double, ascendant: Double) -> Double {
        let isDay = Angle.normalized(sun - ascendant) >= 180
        return Angle.normalized(isDay ? ascendant + moon - sun : ascendant + sun - moon)
    }
}

extension ApparentPosition {
    /// The point opposite, as the south node is to the north node.
    var opposite: ApparentPosition {
        var point = self
        point.longitude = Angle.normalized(longitude + 180)
        point.latitude = -latitude
        return point
    }
}
