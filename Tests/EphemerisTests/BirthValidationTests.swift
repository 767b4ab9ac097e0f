import ChartModel
@testable import Ephemeris
import TestSupport
import Testing

/// Issue 13, point 9: each bad field is one error naming the field and the value.
@Suite
struct BirthValidationTests {
    func birth(
        date: String = "1990-05-15", time: String = "10:30", zone: String = "America/New_York",
        latitude: Double = 40.7, longitude: Double = -74, deltaT: Double? = nil
    ) throws {
        _ = try Birth(date: date, time: time, zone: zone, latitude: latitude, longitude: longitude, deltaT: deltaT)
    }

    @Test func aDayTheMonthDoesNotHave() {
        let error = chartError { try birth(date: "1990-02-30") }
        #expect(error?.description == "date: \"1990-02-30\" is not a date (February 1990 has 28 days)")
        expectError(at: "date", naming: "2000 has 29 days") { try birth(date: "2000-02-30") }
        expectError(at: "date", naming: "\"1990-04-31\"") { try birth(date: "1990-04-31") }
        expectError(at: "date", naming: "month 13") { try birth(date: "1990-13-01") }
        expectError(at: "date", naming: "\"15/05/1990\"") { try birth(date: "15/05/1990") }
    }

    @Test func aDateOutsideTheSpan() {
        let error = chartError { try birth(date: "1799-12-31") }
        #expect(error?.description == "date: \"1799-12-31\" is outside the supported years 1800…2100")
        expectError(at: "date", naming: "2101-01-01") { try birth(date: "2101-01-01") }
        #expect(throws: Never.self) { try birth(date: "1800-01-01", zone: "UTC") }
        #expect(throws: Never.self) { try birth(date: "2100-12-31", zone: "UTC") }
    }

    @Test func timesOutOfRange() {
        let error = chartError { try birth(time: "24:00") }
        #expect(error?.description == "time: \"24:00\" is not a time (hour 24 is outside 0…23)")
        expectError(at: "time", naming: "minute 60") { try birth(time: "10:60") }
        expectError(at: "time", naming: "second 60") { try birth(time: "10:30:60") }
        expectError(at: "time", naming: "\"10h30\"") { try birth(time: "10h30") }
        expectError(at: "time", naming: "\"10:3\"") { try birth(time: "10:3") }
    }

    @Test func numericFieldsOutOfRange() {
        expectError(at: "time", naming: "hour 25") {
            _ = try Birth(year: 1990, month: 5, day: 15, hour: 25, minute: 0, zone: .utc, latitude: 0, longitude: 0)
        }
        expectError(at: "time", naming: "second 60.5") {
            _ = try Birth(year: 1990, month: 5, day: 15, hour: 1, minute: 0, second: 60.5, zone: .utc, latitude: 0, longitude: 0)
        }
        expectError(at: "time", naming: "second -1") {
            _ = try Birth(year: 1990, month: 5, day: 15, hour: 1, minute: 0, second: -1, zone: .utc, latitude: 0, longitude: 0)
        }
        expectError(at: "date", naming: "1900-02-29") {
            _ = try Birth(year: 1900, month: 2, day: 29, hour: 1, minute: 0, zone: .utc, latitude: 0, longitude: 0)
        }
        expectError(at: "zone", naming: "+25:00") {
            _ = try Birth(year: 1990, month: 5, day: 15, hour: 1, minute: 0, zone: .offset(seconds: 25 * 3600), latitude: 0, longitude: 0)
        }
    }

    @Test func latitudeAndLongitude() {
        let error = chartError { try birth(latitude: 91) }
        #expect(error?.description == "latitude: 91 is outside -90…90")
        expectError(at: "latitude", naming: "-90.5") { try birth(latitude: -90.5) }
        expectError(at: "longitude", naming: "180.25") { try birth(longitude: 180.25) }
        #expect(throws: Never.self) { try birth(latitude: -90, longitude: 180) }
    }

    @Test func nonFiniteNumbers() {
        expectError(at: "latitude", naming: "nan") { try birth(latitude: .nan) }
        expectError(at: "longitude", naming: "inf") { try birth(longitude: -.infinity) }
        expectError(at: "delta_t", naming: "nan") { try birth(deltaT: .nan) }
        expectError(at: "delta_t", naming: "5000") { try birth(deltaT: 5000) }
        expectError(at: "time", naming: "nan") {
            _ = try Birth(year: 1990, month: 5, day: 15, hour: 1, minute: 0, second: .nan, zone: .utc, latitude: 0, longitude: 0)
        }
    }

    @Test func unknownZones() {
        let error = chartError { try birth(zone: "Europe/Berln") }
        #expect(error?.description == "zone: \"Europe/Berln\" is not a known time zone (did you mean \"Europe/Berlin\"?)")
        expectError(at: "zone", naming: "\"Mars/Olympus\"") { try birth(zone: "Mars/Olympus") }
        expectError(at: "zone", naming: "\"america/new_york\" is not a known time zone (did you mean \"America/New_York\"?)") {
            try birth(zone: "america/new_york")
        }
    }

    @Test func malformedOffsets() {
        let error = chartError { try birth(zone: "+25:00") }
        #expect(error?.description == "zone: \"+25:00\" is outside the UTC offsets -18:00…+18:00")
        expectError(at: "zone", naming: "\"+05:60\"") { try birth(zone: "+05:60") }
        expectError(at: "zone", naming: "\"+5:3\"") { try birth(zone: "+5:3") }
        expectError(at: "zone", naming: "\"+\"") { try birth(zone: "+") }
        expectError(at: "zone", naming: "\"+05:30x\"") { try birth(zone: "+05:30x") }
        expectError(at: "zone", naming: "\"UTC+\"") { try birth(zone: "UTC+") }
    }

    @Test func theFirstBadFieldIsReportedInTheOrderOfABirthObject() {
        expectError(at: "date", naming: "\"1990-02-30\"") {
            _ = try Birth(date: "1990-02-30", time: "25:00", zone: "Nowhere", latitude: 100, longitude: 200)
        }
        expectError(at: "time", naming: "\"25:00\"") {
            _ = try Birth(date: "1990-02-03", time: "25:00", zone: "Nowhere", latitude: 100, longitude: 200)
        }
        expectError(at: "zone", naming: "\"Nowhere\"") {
            _ = try Birth(date: "1990-02-03", time: "23:00", zone: "Nowhere", latitude: 100, longitude: 200)
        }
        expectError(at: "latitude", naming: "100") {
            _ = try Birth(date: "1990-02-03", time: "23:00", zone: "UTC", latitude: 100, longitude: 200)
        }
    }

    @Test func aSkippedWallTimeNamesTheTime() {
        expectError(at: "time", naming: "02:30 on 2021-03-14") {
            _ = try Birth(date: "2021-03-14", time: "02:30", zone: "America/New_York", latitude: 0, longitude: 0).instant()
        }
    }

    @Test func fieldsChangedAfterInitAreCheckedAgain() throws {
        var birth = try Birth(date: "1990-05-15", time: "10:30", zone: "UTC", latitude: 0, longitude: 0)
        birth.day = 31
        birth.month = 6
        expectError(at: "date", naming: "June 1990 has 30 days") { _ = try birth.instant() }
    }

    @Test func folds() throws {
        #expect(try Fold(parsing: "later") == .later)
        #expect(try Fold(parsing: " Earlier ") == .earlier)
        let error = chartError { _ = try Fold(parsing: "latter") }
        #expect(error?.description == "fold: \"latter\" is not a fold (expected \"earlier\" or \"later\") (did you mean \"later\"?)")
    }

    @Test func zoneNames() throws {
        #expect(try BirthZone("UTC") == .utc)
        #expect(try BirthZone("Z") == .utc)
        #expect(try BirthZone("LMT") == .localMeanTime)
        #expect(try BirthZone("America/New_York") == .iana("America/New_York"))
        #expect(try BirthZone("-4") == .offset(seconds: -14400))
        #expect(try BirthZone("+14:00") == .offset(seconds: 14 * 3600))
        #expect(formatOffset(2397) == "+00:39:57")
        #expect(formatOffset(-14400) == "-04:00")
    }
}
