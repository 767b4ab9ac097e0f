import ChartModel
import Foundation

extension Zodiac {
    /// What is subtracted from a tropical longitude at TT `julianDayTT` (0 for the tropical zodiac), degrees:
    /// the ayanamsa's true value, its mean value plus the nutation in longitude, as the Swiss Ephemeris and the
    /// services reckon sidereal places (the bodies' places are of the true equinox).
    func offset(julianDayTT: Double, nutation: Nutation) -> Double {
        guard case .sidereal(let ayanamsa) = self else { return 0 }
        return ayanamsa.meanValue(julianDayTT: julianDayTT) + nutation.longitude
    }

    /// The offset's rate, degrees a day: the general precession, 50.3″ a year (the nutation's rate, up to 0.002″
    /// an hour, is left out). Subtracted from the bodies' speeds.
    var offsetRate: Double {
        guard case .sidereal = self else { return 0 }
        return Ayanamsa.precessionRate
    }
}

extension Ayanamsa {
    /// The published value and its epoch: TT Julian day, degrees, whether the value is a true one (nutation
    /// included), which the mean value is then found from, and the precession it was reckoned with.
    var definition: (epoch: Double, value: Double, isTrue: Bool, precession: DefiningPrecession) {
        switch self {
        // 23°15′00.658″ true, 1956 March 21 0h ET (Indian Astronomical Ephemeris; Calendar Reform Committee 1955).
        case .lahiri: (2_435_553.5, 23 + 15.0 / 60 + 0.658 / 3600, true, .iau1976)
        // 21°00′52″ at 1900 January 0.5 (J1900), from B. V. Raman's zero year 397.
        case .raman: (2_415_020.0, 21 + 52.0 / 3600, false, .newcomb)
        // 22°21′50″ at J1900 (K. S. Krishnamurti's Reader tables; zero year 291).
        case .krishnamurti: (2_415_020.0, 22 + 21.0 / 60 + 50.0 / 3600, false, .newcomb)
        // Synetic vernal point 5°57′28.64″ Pisces at B1950.0 (Fagan and Bradley): 24°02′31.36″.
        case .faganBradley: (2_433_282.423_46, 24 + 2.0 / 60 + 31.36 / 3600, false, .newcomb)
        }
    }

    /// The precession an ayanamsa's published value was carried with: it is carried to J2000 with that one (the
    /// value at J2000 its authors' tables give), and on from J2000 with today's, as the Swiss Ephemeris does.
    enum DefiningPrecession {
        /// Newcomb's: 5025.64″ a Julian century at J1900, growing 2.22″ a century (Explanatory Supplement 1961).
        case newcomb
        /// IAU 1976 (Lieske et al. 1977): p_A = 5029.0966″ t + 1.11113″ t² − 0.000006″ t³, t from J2000.
        case iau1976

        /// The general precession in longitude from TT `julianDayTT` to J2000, degrees.
        func toJ2000(from julianDayTT: Double) -> Double {
            switch self {
            case .newcomb:
                func p(_ centuries: Double) -> Double { (5025.64 + 1.11 * centuries) * centuries }
                return (p((2_451_545.0 - 2_415_020.0) / 36525) - p((julianDayTT - 2_415_020.0) / 36525)) / 3600
            case .iau1976:
                let t = (julianDayTT - 2_451_545.0) / 36525
                return -(((-0.000006 * t + 1.11113) * t + 5029.0966) * t) / 3600
            }
        }
    }

    /// The mean ayanamsa at TT `julianDayTT`, degrees: the value at the epoch, carried to J2000 with the precession
    /// it was defined with, plus the IAU 2006 general precession since J2000.
    func meanValue(julianDayTT: Double) -> Double {
        let (epoch, value, isTrue, precession) = definition
        let meanAtEpoch = isTrue ? value - Nutation(julianDayTT: epoch).longitude : value
        return meanAtEpoch + precession.toJ2000(from: epoch) + Self.generalPrecession(julianDayTT: julianDayTT)
    }

    /// p_A, the IAU 2006 general precession in longitude since J2000 (Capitaine et al. 2003), degrees.
    static func generalPrecession(julianDayTT: Double) -> Double {
        let t = (julianDayTT - 2_451_545.0) / 36525
        let arcSeconds = ((((-0.0000000383 * t - 0.000023857) * t + 0.00007964) * t + 1.1054348) * t + 5028.796195) * t
        return arcSeconds / 3600
    }

    /// p_A's rate at J2000, degrees a day; within 0.1% of it over 1800-2100.
    static let precessionRate = 5028.796195 / 3600 / 36525

    /// Other spellings the services and books use, besides the raw values.
    static let byName: [String: Ayanamsa] = {
        var names = Dictionary(uniqueKeysWithValues: allCases.map { (squeezed($0.rawValue), $0) })
        for (alias, ayanamsa) in [("chitrapaksha", Ayanamsa.lahiri), ("chitra", .lahiri), ("kp", .krishnamurti),
                                  ("fagan", .faganBradley), ("western", .faganBradley)] {
            names[alias] = ayanamsa
        }
        return names
    }()

    /// Lower case without spaces, `-` or `_`: `Fagan-Bradley` and `fagan_bradley` alike.
    static func squeezed(_ name: String) -> String {
        String(name.lowercased().filter { !" -_\t".contains($0) })
    }
}

extension ApparentPosition {
    /// The place less `offset` degrees of longitude, its speed less `rate` degrees a day.
    func shifted(by offset: Double, rate: Double) -> ApparentPosition {
        var place = self
        place.longitude = Angle.normalized(longitude - offset)
        place.longitudeSpeed = longitudeSpeed - rate
        return place
    }
}

extension Houses {
    /// The houses less `offset` degrees: the angles and cusps alike; whole-sign houses start again at the
    /// (shifted) Ascendant's sign, as they are reckoned in the zodiac the chart is in.
    func shifted(by offset: Double) -> Houses {
        guard offset != 0 else { return self }
        var houses = self
        houses.ascendant = Angle.normalized(ascendant - offset)
        houses.midheaven = Angle.normalized(midheaven - offset)
        houses.vertex = Angle.normalized(vertex - offset)
        houses.cusps = cusps.map { Angle.normalized($0 - offset) }
        if system == .wholeSign {
            let sign = (houses.ascendant / 30).rounded(.down) * 30
            houses.cusps = (0..<12).map { Angle.normalized(sign + 30 * Double($0)) }
        }
        return houses
    }
}
