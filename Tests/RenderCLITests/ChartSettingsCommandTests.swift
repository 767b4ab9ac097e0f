import ChartModel
import Foundation
import Testing
import TestSupport

/// The chart settings on the command line: `--ayanamsa`, `--topocentric` (`--elevation`) and `--asteroids`, from
/// flags, options files and birth files, carried to every chart computed here; refused where nothing is computed.
/// The numbers are the Swiss Ephemeris's for the New Delhi sample (the yardstick, never a source).
@Suite(.serialized, .hangGuard)
struct ChartSettingsCommandTests {
    static let newDelhi = ChartCommandTests.newDelhi

    static func chart(_ arguments: [String]) throws -> NatalChart {
        let result = try WheelCommand.run(["chart"] + newDelhi + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try ChartDecoder.decode(result.stdout).chart
    }

    static func separation(_ a: Double, _ b: Double) -> Double { normalizedDegrees(a - b + 180) - 180 }

    /// A Lahiri chart's bodies sit its ayanamsa, 23.3249° in February 1962, before the tropical ones; the chart
    /// says its zodiac. (Its positions wait for the sidereal computation.)
    @Test func aLahiriChartIsTheTropicalOneLessItsAyanamsa() throws {
        let tropical = try Self.chart([])
        let sidereal = try Self.chart(["--ayanamsa", "lahiri"])
        #expect(tropical.zodiac == nil)
        #expect(sidereal.zodiac == "Sidereal, Lahiri")
        for id in [BodyID.sun, .moon, .saturn] {
            let shift = Self.separation(try #require(tropical.body(id)).longitude, try #require(sidereal.body(id)).longitude)
            #expect(abs(shift - 23.3249) < 0.01, "\(id): \(shift)")
        }
    }

    /// Seen from New Delhi the Moon stands 0.136° west of where the Earth's centre sees it. (Waits for the
    /// topocentric computation.)
    @Test func aTopocentricChartMovesTheMoonByItsParallax() throws {
        let geocentric = try Self.chart([])
        let topocentric = try Self.chart(["--topocentric", "--elevation", "216"])
        let shift = Self.separation(try #require(topocentric.body(.moon)).longitude, try #require(geocentric.body(.moon)).longitude)
        #expect(abs(shift - -0.1356) < 0.01, "\(shift)")
        #expect(try Self.chart(["--no-topocentric"]) == geocentric)
    }

    /// Chiron always; Ceres, Pallas, Juno and Vesta with `--asteroids`. (Waits for their computation.)
    @Test func theAsteroidsComeWhenAskedAndChironAlways() throws {
        let plain = try Self.chart([])
        #expect(plain.body(.chiron) != nil)
        #expect([BodyID.ceres, .pallas, .juno, .vesta].allSatisfy { plain.body($0) == nil })
        let asteroids = try Self.chart(["--asteroids"])
        #expect([BodyID.chiron, .ceres, .pallas, .juno, .vesta].allSatisfy { asteroids.body($0) != nil })
        // The wheel draws them, less those excluded.
        let layout = try WheelCommand.run(["layout"] + Self.newDelhi + ["--asteroids", "--exclude-planets", "Vesta"])
        #expect(layout.status == 0, "\(layout.stderr)")
        let ids = Set(((try JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])?["bodies"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(ids.isSuperset(of: ["Chiron", "Ceres", "Pallas", "Juno"]) && !ids.contains("Vesta"), "\(ids)")
    }

    @Test(arguments: [
        (["--ayanamsa", "lahri"], #"wheel: ayanamsa: "lahri" is not a known zodiac (did you mean "lahiri"?); known: tropical, sayana, lahiri"#),
        (["--elevation", "300"], "wheel: elevation: applies to a topocentric chart"),
        (["--topocentric", "--elevation", "20000"], "wheel: elevation: \"20000\" is outside -500...9000 metres"),
    ])
    func aBadSettingIsOneLineAndExit65(arguments: [String], message: String) throws {
        let expectedCode: Int32 = message.contains("20000") ? 64 : 65
        for command in ["chart", "render"] {
            let result = try WheelCommand.run([command] + Self.newDelhi + arguments)
            #expect(result.status == expectedCode, "\(command) \(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// Chart JSON is drawn as it was computed: a zodiac asked for it would be a different chart, so it is refused.
    @Test func chartJSONRefusesTheSettings() throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--ayanamsa", "lahiri"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("ayanamsa applies to a birth"), "\(result.stderr)")
        let natal = try WheelCommand.run(["natal"] + Self.newDelhi + ["--provider", "local", "--asteroids", "-o", "/dev/null"])
        #expect(natal.status == 64 && natal.stderr.contains("asteroids does not apply to wheel natal"), "\(natal.stderr)")
    }

    /// A birth file's own settings, an options file's, and the flags over both; the wheel, its description and a
    /// sheet's header say the zodiac.
    @Test func settingsFromFilesAndTheZodiacShown() throws {
        let dir = try WheelCommand.scratch()
        let birth = dir.appendingPathComponent("birth.json")
        try Data(#"{"date": "1962-02-05", "time": "00:00", "zone": "Asia/Kolkata", "latitude": 28.6139, "longitude": 77.2090, "ayanamsa": "krishnamurti"}"#.utf8).write(to: birth)
        let fromFile = try WheelCommand.run(["chart", "--birth", birth.path])
        #expect(try ChartDecoder.decode(fromFile.stdout).chart.zodiac == "Sidereal, Krishnamurti", "\(fromFile.stderr)")
        let overridden = try WheelCommand.run(["chart", "--birth", birth.path, "--ayanamsa", "tropical"])
        #expect(try ChartDecoder.decode(overridden.stdout).chart.zodiac == nil)
        let options = dir.appendingPathComponent("options.json")
        try Data(#"{"ayanamsa": "fagan_bradley"}"#.utf8).write(to: options)
        let svg = try WheelCommand.run(["render"] + Self.newDelhi + ["--options", options.path, "--house-system", "koch"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdoutText.contains("Koch · Sidereal, Fagan/Bradley</text>"), "the corner")
        #expect(svg.stdoutText.contains("Zodiac: Sidereal, Fagan/Bradley. Ascendant"), "the description")
        let sheet = try WheelCommand.run(["render", "--sheet"] + Self.newDelhi + ["--ayanamsa", "lahiri"])
        #expect(sheet.stdoutText.contains("Zodiac: Sidereal, Lahiri</text>"), "the sheet's header")
        let tropical = try WheelCommand.run(["render"] + Self.newDelhi)
        #expect(!tropical.stdoutText.contains("Zodiac") && !tropical.stdoutText.contains("Sidereal"))
    }

    /// A FreeAstrologyAPI request body computes the service's chart: its zodiac, its observer, its asteroids; an
    /// ayanamsha it does not know is exit 65 naming the field.
    @Test func aFreeAstrologyAPIBodysConfigIsHonoured() throws {
        let dir = try WheelCommand.scratch()
        let body = dir.appendingPathComponent("free.json")
        let text = #"{"year": 1962, "month": 2, "date": 5, "hours": 0, "minutes": 0, "seconds": 0, "latitude": 28.6139, "longitude": 77.209, "timezone": 5.5, "config": {"observation_point": "geocentric", "ayanamsha": "AYANAMSHA"}}"#
        try Data(text.replacingOccurrences(of: "AYANAMSHA", with: "lahiri").utf8).write(to: body)
        let result = try WheelCommand.run(["chart", "--birth", body.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let chart = try ChartDecoder.decode(result.stdout).chart
        #expect(chart.zodiac == "Sidereal, Lahiri")
        #expect(chart.body(.ceres) != nil, "the service's planets list the asteroids")
        try Data(text.replacingOccurrences(of: "AYANAMSHA", with: "chitrapaksha-x").utf8).write(to: body)
        let bad = try WheelCommand.run(["chart", "--birth", body.path])
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bad.stderr.contains(#"config.ayanamsha: "chitrapaksha-x" is not a known zodiac"#), "\(bad.stderr)")
    }

    /// Transits over a chart counted in a sidereal zodiac are counted in it too, whether the chart was computed
    /// here or read back from its JSON; a zodiac no ephemeris here has is refused. (The shift waits for the
    /// sidereal computation.)
    @Test func transitsFollowTheInnerChartsZodiac() throws {
        let dir = try WheelCommand.scratch()
        let file = dir.appendingPathComponent("raman.json")
        let chart = try WheelCommand.run(["chart"] + Self.newDelhi + ["--ayanamsa", "raman", "-o", file.path])
        #expect(chart.status == 0, "\(chart.stderr)")
        func outerSun(_ arguments: [String]) throws -> Double? {
            let result = try WheelCommand.run(["layout"] + arguments + ["--transits", "2026-11-22T12:00:00Z"])
            #expect(result.status == 0, "\(result.stderr)")
            let bodies = (try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])?["bodies"] as? [[String: Any]] ?? []
            return bodies.first { $0["ring"] as? String == "outer" && $0["name"] as? String == "Sun" }?["longitude"] as? Double
        }
        let tropical = try #require(try outerSun(Self.newDelhi))
        let fromJSON = try #require(try outerSun([file.path]))
        let fromBirth = try #require(try outerSun(Self.newDelhi + ["--ayanamsa", "raman"]))
        #expect(fromJSON == fromBirth)
        // Raman's true ayanamsa at that moment: 22.7887°.
        #expect(abs(Self.separation(tropical, fromJSON) - 22.7887) < 0.01, "\(tropical) \(fromJSON)")
        let foreign = dir.appendingPathComponent("foreign.json")
        try Data(String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(of: "Sidereal, Raman", with: "Sidereal, Foo").utf8).write(to: foreign)
        let refused = try WheelCommand.run(["layout", foreign.path, "--transits", "2026-11-22T12:00:00Z"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(#"the chart's zodiac "Sidereal, Foo" is none that transits can be computed in"#), "\(refused.stderr)")
    }

    /// `--births` computes every line with the flags' settings over its own.
    @Test func manyBirthsTakeTheFlags() throws {
        let lines = #"""
        {"date": "1962-02-05", "time": "00:00", "zone": "Asia/Kolkata", "latitude": 28.6139, "longitude": 77.2090}
        {"date": "1990-05-15", "time": "10:30", "zone": "America/New_York", "latitude": 40.7128, "longitude": -74.006, "ayanamsa": "raman"}
        """#
        let result = try WheelCommand.run(["chart", "--births", "-", "--ayanamsa", "lahiri"], stdin: Data(lines.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let charts = try result.stdout.split(separator: UInt8(ascii: "\n")).map { try ChartDecoder.decode(Data($0)).chart }
        #expect(charts.map(\.zodiac) == ["Sidereal, Lahiri", "Sidereal, Lahiri"])
    }
}
