@testable import Ephemeris
import ChartModel
import Foundation
import Testing

/// The request an app already sends to a service, computed here unchanged.
@Suite
struct BirthRequestTests {
    static func decode(_ json: String) throws(ChartError) -> BirthRequest { try BirthRequest.decode(Data(json.utf8)) }

    @Test func aBirthObject() throws {
        let request = try Self.decode(#"{"date": "1990-05-15", "time": "10:30", "zone": "America/New_York", "latitude": 40.7128, "longitude": -74.006, "house_system": "koch", "fold": "later", "delta_t": 57.1}"#)
        #expect(request.shape == .birth)
        #expect(request.houseSystem == .koch)
        #expect(request.birth.fold == .later && request.birth.deltaT == 57.1)
        #expect(request.birth.zone == .iana("America/New_York"))
        #expect((request.birth.year, request.birth.month, request.birth.day, request.birth.hour, request.birth.minute) == (1990, 5, 15, 10, 30))
    }

    /// AstrologyAPI's example request (its documentation's Mumbai birth), numbers as strings as a form sends them.
    @Test func anAstrologyAPIRequestBody() throws {
        let request = try Self.decode(#"{"day": 6, "month": "1", "year": 2000, "hour": 7, "min": 45, "lat": 19.132, "lon": 72.342, "tzone": 5.5, "house_type": "poryphry"}"#)
        #expect(request.shape == .astrologyAPI)
        #expect(request.houseSystem == .porphyry)
        #expect(request.birth.zone == .offset(seconds: 19800))
        let reference = try ReferenceChart("a_2000_mumbai")
        #expect(abs(try request.birth.instant().julianDayUT - reference.julianDayUT) < 1e-8)
        #expect(try Self.decode(#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.1, "lon": 72.3, "tzone": 5.5, "house_type": "whole_sign"}"#).houseSystem == .wholeSign)
        #expect(try Self.decode(#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.1, "lon": 72.3, "tzone": 5.5, "house_type": "equal_house"}"#).houseSystem == .equal)
    }

    /// A birth object's settings, by the options' names; FreeAstrologyAPI's by its own (`sayana` is its tropical).
    @Test func theSettingsARequestAsksFor() throws {
        let birth = try Self.decode(#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "ayanamsa": "Fagan-Bradley", "topocentric": true, "elevation": 350, "asteroids": true}"#)
        #expect(birth.settings == ChartSettings(zodiac: .sidereal(.faganBradley), observer: .topocentric(elevation: 350), asteroids: true))
        #expect(try Self.decode(#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0}"#).settings == ChartSettings())
        let free = try Self.decode(#"{"year": 1990, "month": 5, "date": 15, "hours": 10, "minutes": 30, "latitude": 0, "longitude": 0, "timezone": 0, "config": {"ayanamsha": "lahiri"}}"#)
        #expect(free.settings == ChartSettings(zodiac: .sidereal(.lahiri), observer: .geocentric, asteroids: true))
        let sayana = try Self.decode(#"{"year": 1990, "month": 5, "date": 15, "hours": 10, "minutes": 30, "latitude": 0, "longitude": 0, "timezone": 0, "settings": {"ayanamsha": "sayana", "observation_point": "geocentric"}}"#)
        #expect(sayana.settings.zodiac == .tropical && sayana.settings.observer == .geocentric)
        // AstrologyAPI's western_chart_data has no zodiac or observer to ask for: its chart is tropical and geocentric.
        let astrology = try Self.decode(#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.1, "lon": 72.3, "tzone": 5.5}"#)
        #expect(astrology.settings == ChartSettings())
    }

    /// The options' choices over a birth's own: a choice given wins, one not given keeps the birth's.
    @Test func choicesOverTheBirthsOwnSettings() throws {
        let own = ChartSettings(zodiac: .sidereal(.lahiri), observer: .topocentric(elevation: 100), asteroids: true)
        #expect(try ChartSettings(ChartSettingsChoices(), over: own) == own)
        #expect(try ChartSettings(ChartSettingsChoices(ayanamsa: "tropical", topocentric: false), over: own)
                == ChartSettings(zodiac: .tropical, observer: .geocentric, asteroids: true))
        #expect(try ChartSettings(ChartSettingsChoices(elevation: 40), over: own).observer == .topocentric(elevation: 40))
        #expect(try ChartSettings(ChartSettingsChoices(asteroids: false, ayanamsa: "RAMAN"), over: own)
                == ChartSettings(zodiac: .sidereal(.raman), observer: .topocentric(elevation: 100), asteroids: false))
        #expect(Zodiac.sidereal(.lahiri).chartLabel == "Sidereal, Lahiri" && Zodiac.sidereal(.faganBradley).chartLabel == "Sidereal, Fagan/Bradley")
        #expect(Zodiac.tropical.chartLabel == nil)
        // The computed chart says its zodiac; a tropical one says nothing, as before.
        let birth = try Birth(date: "1990-05-15", time: "10:30", zone: "UTC", latitude: 0, longitude: 0)
        #expect(try ChartCalculator.chart(for: birth, settings: ChartSettings(zodiac: .sidereal(.lahiri))).chart.zodiac == "Sidereal, Lahiri")
        #expect(try ChartCalculator.chart(for: birth).chart.zodiac == nil)
    }

    @Test func aFreeAstrologyAPIRequestBody() throws {
        let request = try Self.decode(#"{"year": 1990, "month": 5, "date": 15, "hours": 10, "minutes": 30, "seconds": 0, "latitude": 40.7128, "longitude": -74.006, "timezone": -4, "config": {"observation_point": "topocentric", "ayanamsha": "tropical", "house_system": "Whole Signs"}}"#)
        #expect(request.shape == .freeAstrologyAPI)
        #expect(request.houseSystem == .wholeSign)
        #expect(request.birth.zone == .offset(seconds: -14400))
        // Honoured, never ignored: the service's observer and zodiac, and the asteroids its planets list.
        #expect(request.warnings.isEmpty)
        #expect(request.settings == ChartSettings(zodiac: .tropical, observer: .topocentric(elevation: 0), asteroids: true))
        let reference = try ReferenceChart("b_1990_newyork")
        #expect(abs(try request.birth.instant().julianDayUT - reference.julianDayUT) < 1e-8)
    }

    @Test(arguments: [
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 91, "longitude": 0}"#, "latitude: 91 is outside -90…90"),
        (#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 91, "lon": 72.3, "tzone": 5.5}"#, "lat: 91 is outside -90…90"),
        (#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19, "lon": 72.3, "tzone": 15}"#, "tzone: 15 hours is outside -14…14"),
        (#"{"year": 1990, "month": 2, "date": 30, "hours": 10, "minutes": 30, "latitude": 0, "longitude": 0, "timezone": 0}"#, "date: "),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "house_system": "placidos"}"#, "house_system: unknown house system \"placidos\""),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "lattitude": 0, "longitude": 0}"#, "lattitude: unknown field \"lattitude\" (did you mean \"latitude\"?)"),
        (#"{"date": "1990-05-15", "time": "10:30", "latitude": 0, "longitude": 0}"#, "missing \"zone\""),
        (#"{"name": "nobody"}"#, "not a birth"),
        (#"[1, 2]"#, "expected an object"),
        (#"{"year": 1990, "month": 5, "date": 15, "hours": 10, "minutes": 30, "latitude": 0, "longitude": 0, "timezone": 0, "config": {"ayanamsha": "lahri"}}"#,
         #"config.ayanamsha: "lahri" is not a known zodiac (did you mean "lahiri"?); known: tropical, sayana, lahiri"#),
        (#"{"year": 1990, "month": 5, "date": 15, "hours": 10, "minutes": 30, "latitude": 0, "longitude": 0, "timezone": 0, "config": {"observation_point": "heliocentric"}}"#,
         #"config.observation_point: "heliocentric" is not an observation point; known: geocentric, topocentric"#),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "ayanamsa": "vedic"}"#, #"ayanamsa: "vedic" is not a known zodiac"#),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "elevation": 300}"#, "elevation: applies to a topocentric chart"),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "topocentric": true, "elevation": 20000}"#, "elevation: 20000 m is outside -500…9000 m"),
        (#"{"date": "1990-05-15", "time": "10:30", "zone": "UTC", "latitude": 0, "longitude": 0, "asteroids": "some"}"#, "asteroids: "),
    ])
    func badRequestsNameTheFieldAndTheValue(json: String, message: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func everyShapeGivesTheSameChart() throws {
        let shapes = [
            #"{"date": "2000-01-06", "time": "07:45", "zone": "+05:30", "latitude": 19.132, "longitude": 72.342}"#,
            #"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.132, "lon": 72.342, "tzone": 5.5}"#,
            #"{"year": 2000, "month": 1, "date": 6, "hours": 7, "minutes": 45, "seconds": 0, "latitude": 19.132, "longitude": 72.342, "timezone": 5.5}"#,
        ]
        let charts = try shapes.map { try ChartCalculator.chart(for: try Self.decode($0).birth).chart }
        #expect(charts[0] == charts[1] && charts[1] == charts[2])
    }
}
