import ChartModel
@testable import Ephemeris
import Foundation
import TestSupport
import Testing

/// The tz data that Foundation reads knows the 20th century's irregular offsets, and wall times that clocks
/// skipped or repeated are handled as the README says.
@Suite
struct ZoneHistoryTests {
    func offset(_ date: String, _ time: String, _ zone: String, fold: Fold = .earlier) throws -> Double {
        try Birth(date: date, time: time, zone: zone, latitude: 0, longitude: 0, fold: fold).instant().utcOffset
    }

    @Test func usWarTime() throws {
        // Eastern War Time, UTC-4 all year from 1942-02-09 to 1945-09-30.
        #expect(try offset("1942-01-15", "12:00", "America/New_York") == -5 * 3600)
        #expect(try offset("1943-12-15", "12:00", "America/New_York") == -4 * 3600)
        #expect(try offset("1945-12-15", "12:00", "America/New_York") == -5 * 3600)
    }

    @Test func indiaBeforeIndependence() throws {
        #expect(try offset("1900-01-01", "12:00", "Asia/Kolkata") == 5 * 3600 + 21 * 60 + 10)  // Madras time
        #expect(try offset("1943-01-01", "12:00", "Asia/Kolkata") == 6.5 * 3600)  // war time
        #expect(try offset("1950-01-01", "12:00", "Asia/Kolkata") == 5.5 * 3600)
    }

    @Test func europeanSummerTimes() throws {
        // Berlin's double summer time in 1945, and London's British Standard Time (UTC+1 all year) 1968–71.
        #expect(try offset("1945-06-15", "12:00", "Europe/Berlin") == 3 * 3600)
        #expect(try offset("1945-01-15", "12:00", "Europe/Berlin") == 3600)
        #expect(try offset("1969-12-15", "12:00", "Europe/London") == 3600)
        #expect(try offset("1972-01-15", "12:00", "Europe/London") == 0)
    }

    @Test func aSkippedWallTimeIsAnErrorNamingTheNearestValidTimes() throws {
        let error = chartError {
            _ = try Birth(date: "2021-03-14", time: "02:30", zone: "America/New_York", latitude: 40.7, longitude: -74)
                .instant()
        }
        #expect(
            error?.description
                == "time: 02:30 on 2021-03-14 does not exist in America/New_York (clocks went from 02:00 to 03:00); "
                + "the nearest valid times are 01:59:59 and 03:00"
        )
        #expect(try offset("2021-03-14", "01:59:59", "America/New_York") == -5 * 3600)
        #expect(try offset("2021-03-14", "03:00", "America/New_York") == -4 * 3600)
    }

    @Test func aSkippedDayNamesTheOtherDates() {
        // Samoa crossed the date line: 2011-12-30 never happened in Pacific/Apia.
        let error = chartError {
            _ = try Birth(date: "2011-12-30", time: "12:00", zone: "Pacific/Apia", latitude: -13.8, longitude: -171.8)
                .instant()
        }
        #expect(error?.path == "time")
        #expect(error?.message.contains("the nearest valid times are 23:59:59 on 2011-12-29 and 00:00 on 2011-12-31") == true, "\(String(describing: error))")
    }

    @Test func anAmbiguousWallTimeTakesTheFirstWithAWarningAndFoldLaterTheSecond() throws {
        let birth = try Birth(date: "2021-11-07", time: "01:30", zone: "America/New_York", latitude: 40.7, longitude: -74)
        let first = try birth.instant()
        #expect(first.utcOffset == -4 * 3600)
        #expect(
            first.warnings == [
                "time: 01:30 on 2021-11-07 occurred twice in America/New_York (clocks went back from 02:00 to 01:00); "
                    + "using the first, UTC-04:00 (fold: later takes the second, UTC-05:00)"
            ]
        )
        var later = birth
        later.fold = .later
        let second = try later.instant()
        #expect(second.utcOffset == -5 * 3600)
        #expect(second.warnings.isEmpty)
        #expect(abs((second.julianDayUT - first.julianDayUT) * 86400 - 3600) < 1e-3)
    }

    @Test func foldChangesNothingOutsideAFold() throws {
        #expect(try offset("2021-07-01", "12:00", "America/New_York", fold: .later) == -4 * 3600)
    }

    @Test func southernSummerTime() throws {
        #expect(try offset("1994-01-10", "04:05", "Australia/Sydney") == 11 * 3600)
        #expect(try offset("1994-07-10", "04:05", "Australia/Sydney") == 10 * 3600)
    }

    /// Any moment, read on a zone's clock (Foundation's own offset) and turned back by `instant()`, is the same
    /// moment: the first or the second reading of that clock time (`fold`), never a third.
    @Test func wallTimesOfRandomMomentsComeBackToTheMoment() throws {
        var random = SplitMix64(seed: 13)
        let zones = ["America/New_York", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney",
                     "America/Sao_Paulo", "Pacific/Chatham", "Asia/Tehran", "Africa/Casablanca", "America/St_Johns"]
        let from = Double(CivilDate.days(year: 1900, month: 1, day: 1)) * 86400
        let to = Double(CivilDate.days(year: 2100, month: 1, day: 1)) * 86400
        var folds = 0
        for _ in 0..<2000 {
            let name = zones[Int.random(in: 0..<zones.count, using: &random)]
            let zone = TimeZone(identifier: name)!
            var utc = Double(Int.random(in: Int(from)..<Int(to), using: &random))
            // Half the moments within two hours of a change of the clocks, where the folds are.
            if Bool.random(using: &random), let change = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: utc)) {
                utc = change.timeIntervalSince1970 + Double(Int.random(in: -7200...7200, using: &random))
            }
            let wall = utc + Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utc)))
            let days = Int((wall / 86400).rounded(.down))
            let (year, month, day) = CivilDate.date(days: days)
            let secondOfDay = Int(wall) - days * 86400
            var birth = try Birth(
                year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                second: Double(secondOfDay % 60), zone: .iana(name), latitude: 0, longitude: 0
            )
            let earlier = try birth.instant()
            birth.fold = .later
            let later = try birth.instant()
            let place = "\(name) \(birth.dateText) \(birth.clockText)"
            // Before the zone's first standard time the birthplace's local mean time replaces the zone's offset.
            if earlier.warnings.contains(where: { $0.hasPrefix("zone:") }) {
                #expect(earlier.utcOffset == 0 && later.utcOffset == 0, "\(place)")
                continue
            }
            let moments = [earlier.julianDayUT, later.julianDayUT].map { ($0 - CivilDate.julianDayOfEpoch) * 86400 }
            #expect(moments.contains { abs($0 - utc) < 1e-3 }, "\(place)")
            #expect(earlier.warnings.isEmpty == (earlier == later), "\(place)")
            if earlier != later { folds += 1 }
        }
        #expect(folds > 50)
    }

    @Test func fractionalSecondsInMessages() {
        let error = chartError {
            _ = try Birth(date: "2021-03-14", time: "02:30:05.25", zone: "America/New_York", latitude: 0, longitude: 0)
                .instant()
        }
        #expect(error?.message.hasPrefix("02:30:05.25 on 2021-03-14 does not exist") == true, "\(String(describing: error))")
    }
}
