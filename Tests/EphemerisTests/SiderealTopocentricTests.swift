@testable import Ephemeris
import ChartModel
import Foundation
import Testing
import TestSupport

/// Sidereal and topocentric charts against the yardsticks of scripts/make-sidereal-topocentric.py, and what a
/// user sees of them.
@Suite
struct SiderealTopocentricTests {
    static var reference: [String: Any] {
        let url = SampleCharts.folder.appendingPathComponent("ephemeris/sidereal-topocentric.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// The largest difference from the Swiss Ephemeris' true ayanamsa at 200 dates 1800-2100, arc-seconds.
    static func worstAyanamsa(_ ayanamsa: Ayanamsa) -> (Double, Int) {
        let rows = (reference["ayanamsas"] as? [String: Any])?[ayanamsa.rawValue] as? [[Double]] ?? []
        let worst = rows.map { row in
            let t = row[0]
            let ours = Zodiac.sidereal(ayanamsa).offset(julianDayTT: t, nutation: Nutation(julianDayTT: t))
            return abs(ours - row[1]) * 3600
        }.max() ?? .nan
        return (worst, rows.count)
    }

    @Test(arguments: Ayanamsa.allCases) func ayanamsasMatchTheSwissEphemeris(_ ayanamsa: Ayanamsa) {
        let (worst, count) = Self.worstAyanamsa(ayanamsa)
        #expect(count == 200)
        #expect(worst < 0.5, "\(ayanamsa.rawValue): \(worst)″")
    }

    static var berlin2000: Birth { try! Birth(date: "2000-01-01", time: "12:00", zone: "UTC", latitude: 52.52, longitude: 13.405) }

    /// A Lahiri chart's Sun is the tropical one less about 23.86° in 2000; every body, angle and cusp shifts alike.
    @Test func lahiriChartIsTheTropicalLessTheAyanamsa() throws {
        let tropical = try ChartCalculator.chart(for: Self.berlin2000).chart
        let sidereal = try ChartCalculator.chart(for: Self.berlin2000, settings: ChartSettings(zodiac: .sidereal(.lahiri))).chart
        for (a, b) in zip(tropical.bodies, sidereal.bodies) {
            let shift = Angle.normalized(a.longitude - b.longitude)
            #expect(abs(shift - 23.853) < 0.01, "\(a.id): \(shift)")
        }
        #expect(abs(Angle.normalized(tropical.ascendant - sidereal.ascendant) - 23.853) < 0.01)
        #expect(abs(Angle.normalized(tropical.midheaven - sidereal.midheaven) - 23.853) < 0.01)
        let sun = try #require(sidereal.bodies.first { $0.id == .sun })
        #expect(sun.longitude > 256 && sun.longitude < 257, "sidereal Sun \(sun.longitude): Sagittarius 16°")
    }

    /// Whole-sign houses of a sidereal chart start at the sidereal sign of the Ascendant, on sign boundaries.
    @Test func wholeSignSiderealCuspsLieOnSignBoundaries() throws {
        let chart = try ChartCalculator.chart(for: Self.berlin2000, houseSystem: .wholeSign,
                                              settings: ChartSettings(zodiac: .sidereal(.faganBradley))).chart
        #expect(chart.cusps[0] == (chart.ascendant / 30).rounded(.down) * 30)
        #expect(chart.cusps.allSatisfy { $0.truncatingRemainder(dividingBy: 30) == 0 })
    }

    @Test func zodiacNamesAsTheServicesSpellThem() throws {
        #expect(try Zodiac(named: "lahiri") == .sidereal(.lahiri))
        #expect(try Zodiac(named: "Fagan-Bradley") == .sidereal(.faganBradley))
        #expect(try Zodiac(named: "fagan_bradley") == .sidereal(.faganBradley))
        #expect(try Zodiac(named: "KP") == .sidereal(.krishnamurti))
        #expect(try Zodiac(named: "sayana") == .tropical && Zodiac(named: "Tropical") == .tropical)
        #expect { try Zodiac(named: "yukteshwar") } throws: { error in
            (error as? ChartError)?.path == "ayanamsa"
                && (error as? ChartError)?.message.hasSuffix("known: tropical, sayana, lahiri, raman, krishnamurti, fagan_bradley") == true
        }
    }

    static var births: [[String: Any]] { reference["births"] as? [[String: Any]] ?? [] }

    /// Our topocentric places of the Sun, the Moon and the planets against JPL's (DE421 through skyfield, the
    /// observer on the WGS84 ellipsoid), for 50 random births 1900-2050: longitude and latitude, and
    /// the parallax (topocentric less geocentric) within 0.4″; the speeds within 0.01°/day (see the limits below).
    @Test func topocentricPlacesMatchJPL() throws {
        #expect(Self.births.count == 50)
        var worst = (longitude: 0.0, latitude: 0.0, parallax: 0.0, speed: 0.0)
        for birth in Self.births {
            let (tt, ut) = (birth["jd_tt"] as! Double, birth["jd_ut"] as! Double)
            let earth = EarthOrientation(julianDayUT: ut, julianDayTT: tt)
            let observer = TopocentricObserver(latitude: birth["latitude"] as! Double, elevation: birth["elevation"] as! Double,
                                               armc: earth.armc(longitude: birth["longitude"] as! Double),
                                               obliquity: earth.trueObliquity,
                                               sunLongitude: ApparentPosition(.sun, julianDayTT: tt, nutation: earth.nutation).longitude)
            let geocentric = birth["geocentric"] as! [String: [Double]], topocentric = birth["topocentric"] as! [String: [Double]]
            for body in TabulatedBody.planets {
                let name = "\(body)"
                let ours = ApparentPosition(body, julianDayTT: tt, nutation: earth.nutation)
                let seen = ours.seen(by: observer)
                let (g, t) = (geocentric[name]!, topocentric[name]!)
                let dLon = abs(Angle.difference(seen.longitude, t[0])) * 3600
                let dLat = abs(seen.latitude - t[1]) * 3600
                let dParallax = abs(Angle.difference(seen.longitude - ours.longitude, t[0] - g[0])) * 3600
                let dSpeed = abs(seen.longitudeSpeed - t[3])
                worst = (max(worst.longitude, dLon), max(worst.latitude, dLat), max(worst.parallax, dParallax), max(worst.speed, dSpeed))
            }
        }
        // Measured: 0.34″ in longitude, 0.03″ in latitude, 0.34″ in the parallax (the Moon's), 0.004°/day; the issue
        // asks 0.5″. Pluto was 1.22″ off while the tables followed DE405; from 1900 on they follow DE421.
        #expect(worst.longitude < 0.5 && worst.latitude < 0.5 && worst.parallax < 0.4 && worst.speed < 0.01, "\(worst)")
    }

    /// A topocentric chart moves the Moon by up to a degree and leaves the mean points where they were.
    @Test func topocentricChartMovesTheMoonNotTheNodes() throws {
        let geocentric = try ChartCalculator.chart(for: Self.berlin2000).chart
        let topocentric = try ChartCalculator.chart(for: Self.berlin2000,
                                                    settings: ChartSettings(observer: .topocentric(elevation: 34))).chart
        func longitude(_ chart: NatalChart, _ id: BodyID) -> Double { chart.bodies.first { $0.id == id }!.longitude }
        let moonShift = abs(Angle.difference(longitude(topocentric, .moon), longitude(geocentric, .moon)))
        #expect(moonShift > 0.1 && moonShift < 1.1, "\(moonShift)")
        for id in [BodyID.meanNode, .northNode, .lilith] { #expect(longitude(topocentric, id) == longitude(geocentric, id)) }
        #expect(topocentric.ascendant == geocentric.ascendant)
    }
}
