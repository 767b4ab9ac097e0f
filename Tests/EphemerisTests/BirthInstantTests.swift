import ChartModel
@testable import Ephemeris
import Foundation
import TestSupport
import Testing

/// The reference charts' births: their UTC offsets, Julian days and ΔT (Swiss Ephemeris 2.10 numbers).
@Suite
struct BirthInstantTests {
    struct Reference {
        var input: [String: Any]
        var julianDayUT: Double, julianDayTT: Double, deltaT: Double

        init(_ id: String) throws {
            let json = try JSONSerialization.jsonObject(with: SampleCharts.data(id, shape: "reference")) as! [String: Any]
            input = json["input"] as! [String: Any]
            julianDayUT = json["julian_day_ut"] as! Double
            julianDayTT = json["julian_day_tt"] as! Double
            deltaT = json["delta_t_seconds"] as! Double
        }

        func birth(deltaT: Double? = nil) throws -> Birth {
            try Birth(
                date: input["date"] as! String, time: input["time"] as! String, zone: input["tz_name"] as! String,
                latitude: input["latitude"] as! Double, longitude: input["longitude"] as! Double, deltaT: deltaT
            )
        }

        var year: Int { Int((input["date"] as! String).prefix(4))! }
    }

    @Test func theReferenceChartsAreFound() {
        #expect(SampleCharts.ids.count >= 6)
    }

    @Test(arguments: SampleCharts.ids)
    func offsetAndJulianDayAreTheReferences(_ id: String) throws {
        let reference = try Reference(id)
        let instant = try reference.birth().instant()
        #expect(instant.utcOffset == reference.input["utc_offset_seconds"] as! Double)
        #expect(abs(instant.julianDayUT - reference.julianDayUT) < 1e-8)
        // The same moment as the reference's UTC date and time, to the second.
        let utc = ISO8601DateFormatter().date(from: reference.input["utc_datetime"] as! String)!
        let julianDay = CivilDate.julianDayOfEpoch + utc.timeIntervalSince1970 / 86400
        #expect(abs(instant.julianDayUT - julianDay) * 86400 < 1e-3)
    }

    /// Differences found: 0.026 s in 1879 (the SMH spline), at most 0.023 s after 1955 (1985; observed values).
    @Test(arguments: SampleCharts.ids)
    func deltaTIsCloseToTheReferences(_ id: String) throws {
        let reference = try Reference(id)
        let instant = try reference.birth().instant()
        #expect(abs(instant.deltaT - reference.deltaT) < 0.03, "\(instant.deltaT)")
    }

    @Test(arguments: SampleCharts.ids)
    func aGivenDeltaTGivesTheReferenceTerrestrialTime(_ id: String) throws {
        let reference = try Reference(id)
        let instant = try reference.birth(deltaT: reference.deltaT).instant()
        #expect(instant.deltaT == reference.deltaT)
        #expect(abs(instant.julianDayTT - reference.julianDayTT) < 1e-8)
    }

    @Test func ulmIn1879UsesUlmsLocalMeanTimeWithAWarning() throws {
        let instant = try Birth(date: "1879-03-14", time: "11:30", zone: "Europe/Berlin", latitude: 48.4011, longitude: 9.9876)
            .instant()
        #expect(instant.utcOffset == 2397)  // +00:39:57, not Berlin's +00:53:28
        #expect(instant.warnings.count == 1)
        let warning = try #require(instant.warnings.first)
        #expect(warning.hasPrefix("zone: 1879-03-14 11:30 is before standard time in Europe/Berlin (from 1893-04-01)"))
        #expect(warning.hasSuffix("using the birthplace's local mean time, +00:39:57 (longitude 9.9876 × 4 minutes), not Berlin's, +00:53:28"), "\(warning)")
    }

    @Test func berlinFromItsFirstStandardTimeHasNoWarning() throws {
        let instant = try Birth(date: "1893-04-01", time: "12:00", zone: "Europe/Berlin", latitude: 48.4, longitude: 9.99)
            .instant()
        #expect(instant.utcOffset == 3600)
        #expect(instant.warnings.isEmpty)
    }

    @Test func newYorkBefore1883UsesTheBirthplacesLocalMeanTime() throws {
        // Boston, in America/New_York's zone: 71.0589° W is -4:44:14.
        let instant = try Birth(date: "1850-07-04", time: "12:00", zone: "America/New_York", latitude: 42.36, longitude: -71.0589)
            .instant()
        #expect(instant.utcOffset == -17054)
        #expect(instant.warnings.first?.contains("-04:44:14 (longitude -71.0589 × 4 minutes), not New York's, -04:56:02") == true, "\(instant.warnings)")
    }

    @Test func aZoneThatStartsWithStandardTimeIsNotLocalMeanTime() throws {
        // Etc/GMT-3 (three hours east) has one offset forever: no local mean time, no warning.
        let instant = try Birth(date: "1850-01-01", time: "12:00", zone: "Etc/GMT-3", latitude: 0, longitude: 100).instant()
        #expect(instant.utcOffset == 10800)
        #expect(instant.warnings.isEmpty)
    }

    @Test func theLMTZoneIsTheBirthplacesMeanTime() throws {
        let instant = try Birth(date: "1879-03-14", time: "11:30", zone: "LMT", latitude: 48.4011, longitude: 9.9876).instant()
        #expect(instant.utcOffset == 2397)
        #expect(instant.warnings.isEmpty)
        let reference = try Reference("c_1879_ulm")
        #expect(abs(instant.julianDayUT - reference.julianDayUT) < 1e-8)
    }

    @Test func fixedOffsetsAndUTC() throws {
        let utc = try Birth(date: "2000-01-01", time: "12:00", zone: "UTC", latitude: 0, longitude: 0).instant()
        #expect(utc.julianDayUT == 2451545.0)
        #expect(utc.utcOffset == 0)
        let cases: [(String, Double)] = [("+05:30", 19800), ("-4", -14400), ("+5.5", 19800), ("UTC+05:45", 20700), ("-0330", -12600), ("+00:39:57", 2397)]
        for (zone, offset) in cases {
            let instant = try Birth(date: "2000-01-01", time: "12:00", zone: zone, latitude: 0, longitude: 0).instant()
            #expect(instant.utcOffset == offset, "\(zone)")
            #expect(abs(instant.julianDayUT - (2451545.0 - offset / 86400)) < 1e-9, "\(zone)")
        }
    }

    @Test func fractionalSecondsCount() throws {
        let whole = try Birth(date: "1990-05-15", time: "10:30:15", zone: "+02:00", latitude: 0, longitude: 0).instant()
        let fraction = try Birth(date: "1990-05-15", time: "10:30:15.25", zone: "+02:00", latitude: 0, longitude: 0).instant()
        #expect(abs((fraction.julianDayUT - whole.julianDayUT) * 86400 - 0.25) < 1e-4)
        let numeric = try Birth(
            year: 1990, month: 5, day: 15, hour: 10, minute: 30, second: 15.25, zone: .offset(seconds: 7200),
            latitude: 0, longitude: 0
        )
        #expect(try numeric.instant() == fraction)
    }

    @Test func julianDaysAcrossTheSpan() {
        // Known Julian days: the start of 1800, the Gregorian epoch J2000, the end of 2100.
        #expect(CivilDate.julianDayOfEpoch + Double(CivilDate.days(year: 1800, month: 1, day: 1)) == 2378496.5)
        #expect(CivilDate.julianDayOfEpoch + Double(CivilDate.days(year: 2000, month: 1, day: 1)) == 2451544.5)
        #expect(CivilDate.julianDayOfEpoch + Double(CivilDate.days(year: 2100, month: 12, day: 31)) == 2488433.5)
        for days in stride(from: -62_000, through: 47_000, by: 997) {
            let (y, m, d) = CivilDate.date(days: days)
            #expect(CivilDate.days(year: y, month: m, day: d) == days)
        }
    }
}
