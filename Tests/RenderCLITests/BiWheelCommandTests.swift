import Foundation
import Testing

/// `wheel render` and `wheel layout` with `--outer` or `--transits`: a bi-wheel end to end.
@Suite(.serialized, .hangGuard)
struct BiWheelCommandTests {
    static let newYork = WheelCommand.sample("astrologyapi", "b_1990_newyork")
    static let sydney = WheelCommand.sample("astrologyapi", "h_1994_sydney")

    @Test func aSynastryBiWheelIsDrawnAndReadOut() throws {
        let dir = try WheelCommand.scratch()
        let png = dir.appendingPathComponent("bi.png").path
        let drawn = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney, "-o", png])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).pngSize.map { [$0.0, $0.1] } == [600, 600])
        let svg = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney])
        #expect(svg.stdoutText.contains(/<title id="chart-[0-9a-f]{12}-title">Bi-wheel chart<\/title>/))
        // The description reads both charts, then the cross-aspects with the outer chart's bodies named so.
        let desc = try #require(svg.stdoutText.firstMatch(of: /<desc id="chart-[0-9a-f]{12}-desc">([^<]*)<\/desc>/)).1
        #expect(desc.contains("Sun 24°29′ Taurus, house 10") && desc.contains("Outer chart: Sun 19°13′ Capricorn, house 6"), "\(desc)")
        #expect(desc.contains("Cross-aspects: ") && desc.contains(" outer "), "\(desc)")
        #expect(!desc.contains("Aspects within"), "the inner chart's own aspects only on request")
        let both = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney, "--inner-aspects", "true"])
        #expect(both.stdoutText.contains("Aspects within the inner chart: Sun trine Moon"))
    }

    @Test func theLayoutGivesEachBodyItsRingAndEachAspectItsEnds() throws {
        let result = try WheelCommand.run(["layout", Self.newYork, "--outer", Self.sydney])
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let bodies = try #require(layout["bodies"] as? [[String: Any]])
        #expect(bodies.filter { $0["ring"] as? String == "inner" }.count == 11 && bodies.filter { $0["ring"] as? String == "outer" }.count == 11)
        let aspects = try #require(layout["aspects"] as? [[String: Any]])
        #expect(!aspects.isEmpty)
        for aspect in aspects {
            #expect(aspect["firstRing"] as? String == "inner" && aspect["secondRing"] as? String == "outer", "\(aspect)")
            #expect(aspect["first"] is String && aspect["second"] is String && aspect["type"] is String && aspect["orb"] is Double)
        }
        let rings = try #require(layout["rings"] as? [String: Double])
        #expect(rings["divider"].map { $0 < rings["zodiacInner"]! && $0 > rings["markerInner"]! } == true, "\(rings)")
    }

    @Test func transitsAreTheSkyAtTheMomentWithTheInnerChartsBodies() throws {
        let result = try WheelCommand.run(["layout", Self.newYork, "--transits", "2026-11-22T12:00:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let outer = (layout["bodies"] as! [[String: Any]]).filter { $0["ring"] as? String == "outer" }
        // The inner chart's bodies (Sun to Pluto and the node); no Part of Fortune: a service's chart has no place.
        #expect(outer.map { $0["name"] as! String } == ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", "North Node"])
        // The Sun on 2026-11-22 at noon UTC is at 0°10′ Sagittarius or so.
        let sun = try #require(outer.first { $0["name"] as? String == "Sun" }?["longitude"] as? Double)
        #expect(abs(sun - 240.17) < 0.1, "\(sun)")
        // An offset and `now` are moments too; a birth given by flags has a place, so its transits have a Part of Fortune.
        let offset = try WheelCommand.run(["layout", Self.newYork, "--transits", "2026-11-22T17:30+05:30"])
        #expect(offset.stdout == result.stdout, "17:30 at +05:30 is 12:00 UTC")
        let now = try WheelCommand.run(["layout", "--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York", "--lat", "40.7128",
                                        "--lon", "-74.006", "--transits", "now"])
        #expect(now.status == 0, "\(now.stderr)")
        #expect(now.stdoutText.contains("\"Part of Fortune\""))
    }

    @Test(arguments: [
        (["--transits", "yesterday"], 65, "--transits: \"yesterday\" is not a moment"),
        (["--transits", "1700-01-01T00:00:00Z"], 65, "--transits:"),
        (["--outer", "/nonexistent/partner.json"], 66, "/nonexistent/partner.json"),
        (["--outer", "OTHER", "--transits", "now"], 64, "Give --outer or --transits, not both"),
        (["--outer", "OTHER", "--size", "300"], 64, "chart_size: 300 is below 450"),
    ])
    func badOuterChartsAreRefusedWithNoFile(extra: [String], code: Int32, message: String) throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("bi.svg").path
        let arguments = ["render", Self.newYork] + extra.map { $0 == "OTHER" ? Self.sydney : $0 } + ["-o", out]
        let result = try WheelCommand.run(arguments)
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aBiWheelTakesOneInnerChart() throws {
        let result = try WheelCommand.run(["render", Self.newYork, Self.sydney, "--outer", Self.sydney, "-o", try WheelCommand.scratch().path])
        #expect(result.status == 64 && result.stderr.contains("A bi-wheel takes one inner chart"), "\(result.stderr)")
    }

    @Test func theOuterRingsColoursAreItsOwn() throws {
        let result = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney, "--outer-planet-icon-color", "#aa0000",
                                           "--outer-ring-background", "#fafaf0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("fill=\"#fafaf0\"") && result.stdoutText.contains("stroke=\"#aa0000\""))
        let bad = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney, "--outer-planet-icon-color", "\"><script>"])
        #expect(bad.status == 64 && !bad.stdoutText.contains("<script>"), "\(bad.stderr)")
    }
}

/// `wheel render --sheet`: the printable page end to end.
@Suite(.serialized, .hangGuard)
struct SheetCommandTests {
    @Test func aSheetIsAPageOfA4sProportions() throws {
        let dir = try WheelCommand.scratch()
        let png = dir.appendingPathComponent("sheet.png").path
        let made = try WheelCommand.run(["render", BiWheelCommandTests.newYork, "--outer", BiWheelCommandTests.sydney, "--sheet", "-o", png])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).pngSize.map { [$0.0, $0.1] } == [1240, 1754])
        let svg = try WheelCommand.run(["render", BiWheelCommandTests.newYork, "--sheet", "--page-width", "900", "--title", "New York <1990>"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdoutText.contains("width=\"900\" height=\"1273\""))
        #expect(svg.stdoutText.contains(/<title id="[^"]+">New York &lt;1990&gt;<\/title>/) && svg.stdoutText.contains(">New York &lt;1990&gt;</text>"))
        // The wheel's description, the table's counts and the positions table's house cusps, read out.
        #expect(svg.stdoutText.contains("Sun 24°29′ Taurus, house 10") && svg.stdoutText.contains("Planets counted: 10"))
        #expect(svg.stdoutText.contains("Houses: Ascendant 2°12′ Leo; Midheaven 17°57′ Aries; house 1: 2°12′ Leo;"))
        let untitled = try WheelCommand.run(["render", BiWheelCommandTests.newYork, "--sheet"])
        #expect(!untitled.stdoutText.contains("<text"), "no font without a title: the positions table's words are our own letters too")
    }

    /// A birth's sheet says whose chart it is: the birth's date, time and zone, the place `--place` found, and
    /// the house system computed.
    @Test func aBirthsSheetHasAHeader() throws {
        let svg = try WheelCommand.run(["render", "--sheet", "--date", "1990-05-15", "--time", "10:30", "--place", "Ulm, DE",
                                        "--house-system", "koch"])
        #expect(svg.status == 0, "\(svg.stderr)")
        let texts = svg.stdoutText.matches(of: /<text [^>]*>([^<]*)<\/text>/).map { String($0.1) }
        #expect(Array(texts.prefix(3)) == ["15 May 1990 10:30 Europe/Berlin (UTC+02:00)", "Ulm, Baden-Wuerttemberg, Germany (48°24′ N, 9°59′ E)", "Houses: Koch"],
                "\(texts)")
    }

    @Test func theIDPrefixIsTheUsers() throws {
        let svg = try WheelCommand.run(["render", BiWheelCommandTests.newYork, "--id-prefix", "ny_natal"])
        #expect(svg.status == 0 && svg.stdoutText.contains("<title id=\"ny_natal-title\">"), "\(svg.stderr)")
        let bad = try WheelCommand.run(["render", BiWheelCommandTests.newYork, "--id-prefix", "x\"><script>"])
        #expect(bad.status == 64 && bad.stdoutText.isEmpty, "\(bad.status)")
        #expect(bad.stderr.contains("id_prefix: \"x\\\"><script>\" holds characters other than letters, digits, _ and -"), "\(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test(arguments: [
        (["--sheet", "--page-width", "500"], "--page-width: 500 is outside 800...4000"),
        (["--page-width", "1000"], "--page-width is the width of a --sheet"),
        (["--sheet", BiWheelCommandTests.sydney], "A sheet takes one chart"),
    ])
    func badSheetsAreUsageErrors(extra: [String], message: String) throws {
        let out = try WheelCommand.scratch().appendingPathComponent("sheet.svg").path
        let result = try WheelCommand.run(["render", BiWheelCommandTests.newYork] + extra + ["-o", out])
        #expect(result.status == 64 && result.stderr.contains(message), "\(result.status): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
