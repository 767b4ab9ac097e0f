import Foundation
import Testing

/// `wheel grid`, `wheel table` and `wheel positions` end to end: the formats, the chart inputs, the options that
/// apply, exit codes, and no partial file.
@Suite(.serialized, .hangGuard)
struct FigureCommandTests {
    static let newYork = WheelCommand.sample("astrologyapi", "b_1990_newyork")
    static let sydney = WheelCommand.sample("astrologyapi", "h_1994_sydney")

    @Test func theGridIsAPNGAsWideAsAskedAndSquare() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("grid.png").path
        let result = try WheelCommand.run(["grid", Self.newYork, "-o", out, "--size", "400"])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try Data(contentsOf: URL(fileURLWithPath: out)).pngSize
        #expect(size?.0 == 400 && size?.1 == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["grid.png"], "no temporary file left behind")
    }

    @Test func theGridToStdoutIsSVGReadingItsAspects() throws {
        let result = try WheelCommand.run(["grid", Self.newYork, "--theme", "dark"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("<svg "))
        #expect(result.stdoutText.contains(/<title id="chart-[0-9a-f]{12}-title">Aspect grid<\/title>/))
        #expect(result.stdoutText.contains("Sun trine Saturn (orb 0°45′)"))
        #expect(result.stdoutText.contains("fill=\"#15171c\""), "dark background")
        #expect(!result.stdoutText.contains("<text"))
    }

    /// The outer chart comes as `render --outer` and `--transits` take it, and the cross-aspects are the bi-wheel's:
    /// every one with `--all-cross-aspects`, by default those its centre draws, each of them the grid's.
    @Test func twoChartsFromAFileOrTheSkyAtAMoment() throws {
        let synastry = try WheelCommand.run(["grid", Self.newYork, "--outer", Self.sydney])
        #expect(synastry.status == 0, "\(synastry.stderr)")
        #expect(synastry.stdoutText.contains("Cross-aspects: Sun trine outer Mercury (orb 1°40′);"))
        func crossAspects(_ result: WheelCommand.Result) throws -> String {
            try #require(result.stdoutText.components(separatedBy: "Cross-aspects: ").last?.components(separatedBy: "</desc>").first)
        }
        let every = try crossAspects(try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney, "--all-cross-aspects"]))
        #expect(synastry.stdoutText.contains("Cross-aspects: " + every), "the grid and the bi-wheel agree")
        let centre = try crossAspects(try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney]))
        let clauses = centre.dropLast().components(separatedBy: "; ")
        #expect(clauses.count < every.components(separatedBy: "; ").count && clauses.allSatisfy { every.contains($0) }, "\(clauses)")

        let transits = try WheelCommand.run(["grid", Self.newYork, "--transits", "2026-11-22T12:00:00Z", "--outer-orb-values", "Conjunction=3"])
        #expect(transits.status == 0, "\(transits.stderr)")
        #expect(transits.stdoutText.contains("Outer chart: Sun, Moon"))
        let both = try WheelCommand.run(["grid", Self.newYork, "--transits", "now", "--outer", Self.sydney])
        #expect(both.status == 64)
    }

    @Test func aBirthInsteadOfAFile() throws {
        let result = try WheelCommand.run(["table", "--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York",
                                           "--lat", "40.7128", "--lon", "-74.006"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("Fire 1: Venus; Earth 6: Sun, Moon, Mercury, Saturn, Uranus, Neptune; Air 0; Water 3: Mars, Jupiter, Pluto."))
    }

    @Test func theTableReadsTheCountsAndLeavesOutExcludedPlanets() throws {
        let dir = try WheelCommand.scratch()
        let svg = dir.appendingPathComponent("table.svg").path
        let result = try WheelCommand.run(["table", Self.newYork, "-o", svg, "--exclude-planets", "Sun"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(/<title id="chart-[0-9a-f]{12}-title">Elements and modalities<\/title>/))
        #expect(text.contains("Earth 5: Moon, Mercury, Saturn, Uranus, Neptune"))
        #expect(text.contains("Planets counted: 9"))
        let png = try WheelCommand.run(["table", Self.newYork, "--image-type", "png", "--size", "800"])
        #expect(png.status == 0 && png.stdout.pngSize?.0 == 800, "\(png.stderr)")
    }

    /// Each command offers what applies to it: the tables have no aspects, none has a title or a legend.
    @Test func eachCommandTakesOnlyTheOptionsThatApply() throws {
        for (command, flag) in [("table", ["--allowed-aspects", "Trine"]), ("grid", ["--sign-background", "red"]), ("grid", ["--title", "Ada"]),
                                ("table", ["--legend", "true"]), ("grid", ["--outer-ring-background", "red"]), ("positions", ["--title", "Ada"]),
                                ("positions", ["--orb-values", "Trine=2"]), ("positions", ["--sign-background", "red"])] {
            let result = try WheelCommand.run([command, Self.newYork] + flag)
            #expect(result.status == 64, "\(command) \(flag): \(result.stderr)")
        }
        let colours = try WheelCommand.run(["grid", Self.newYork, "--aspect-line-colors", "Trine=#0a6cae", "--allowed-aspects", "Trine,Square"])
        #expect(colours.status == 0, "\(colours.stderr)")
        #expect(colours.stdoutText.contains("stroke=\"#0a6cae\""))
        #expect(!colours.stdoutText.contains("sextile"), "only the aspects allowed")
        // An options file made for render serves too: what does not apply is ignored.
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"title": "Ada", "legend": true, "chart_size": 300, "theme": "dark"}"#.utf8).write(to: options)
        let fromFile = try WheelCommand.run(["table", Self.newYork, "--options", options.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdoutText.contains("width=\"300\"") && !fromFile.stdoutText.contains("<text"))
    }

    @Test func thePositionsTableIsAPNGAsWideAsAskedOrSVGReadingEveryRow() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("positions.png").path
        let png = try WheelCommand.run(["positions", Self.newYork, "-o", out, "--size", "400"])
        #expect(png.status == 0, "\(png.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).pngSize?.0 == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["positions.png"], "no temporary file left behind")

        let svg = try WheelCommand.run(["positions", Self.newYork, "--theme", "dark", "--exclude-planets", "Moon"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdoutText.contains(/<title id="chart-[0-9a-f]{12}-title">Positions and houses<\/title>/))
        #expect(svg.stdoutText.contains("Bodies: Sun 24°29′ Taurus, house 10; Mercury 8°00′ Taurus, retrograde, house 10;"))
        #expect(svg.stdoutText.contains("Houses: Ascendant 2°12′ Leo; Midheaven 17°57′ Aries; house 1: 2°12′ Leo;"))
        #expect(svg.stdoutText.contains("fill=\"#15171c\"") && !svg.stdoutText.contains("<text"), "dark, and no font in English")
    }

    /// The outer chart as `grid` takes it; its bodies read as the bi-wheel reads them, in the inner chart's houses.
    @Test func thePositionsOfTwoChartsFromAFileOrTheSkyAtAMoment() throws {
        let synastry = try WheelCommand.run(["positions", Self.newYork, "--outer", Self.sydney])
        #expect(synastry.status == 0, "\(synastry.stderr)")
        let wheel = try WheelCommand.run(["render", Self.newYork, "--outer", Self.sydney])
        let outer = try #require(wheel.stdoutText.components(separatedBy: "Outer chart: ").last?.components(separatedBy: ". ").first)
        #expect(synastry.stdoutText.contains("Outer chart: " + outer + ". Houses: "), "the table and the bi-wheel agree")
        let transits = try WheelCommand.run(["positions", Self.newYork, "--transits", "2026-11-22T12:00:00Z", "--outer-planet-icon-color", "#aa3377"])
        #expect(transits.status == 0, "\(transits.stderr)")
        #expect(transits.stdoutText.contains("Outer chart: Sun 0°") && transits.stdoutText.contains("stroke=\"#aa3377\""), "the Sun at 0° Sagittarius")
        let both = try WheelCommand.run(["positions", Self.newYork, "--transits", "now", "--outer", Self.sydney])
        #expect(both.status == 64)
    }

    /// A birth's houses in the system asked for: the house system applies to the positions table, as to the wheel.
    @Test func aBirthsPositionsInTheHouseSystemAskedFor() throws {
        let birth = ["--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York", "--lat", "40.7128", "--lon", "-74.006"]
        let placidus = try WheelCommand.run(["positions"] + birth)
        let whole = try WheelCommand.run(["positions"] + birth + ["--house-system", "whole-sign", "--language", "de"])
        #expect(placidus.status == 0 && whole.status == 0, "\(placidus.stderr) \(whole.stderr)")
        #expect(placidus.stdoutText.contains("Sun 24°29′ Taurus, house 10"))
        #expect(whole.stdoutText.contains("Haus 1: 0°00′ Löwe") && whole.stdoutText.contains("<text"), "whole signs, in German, in a font")
    }

    @Test(arguments: ["grid", "table", "positions"])
    func badDataExits65NamingTheFieldAndLeavesNoFile(command: String) throws {
        let dir = try WheelCommand.scratch()
        let input = dir.appendingPathComponent("in.json"), out = dir.appendingPathComponent("out.png")
        try Data(#"{"planets": [{"name": "Sun", "sign": "Aries", "full_degree": 400, "is_retro": "false"}], "houses": [], "aspects": []}"#.utf8).write(to: input)
        let result = try WheelCommand.run([command, input.path, "-o", out.path])
        #expect(result.status == 65)
        #expect(result.stderr == "wheel: \(input.path): planets[0].full_degree: 400 is outside 0..<360\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.json"], "no output, whole or partial")
    }

    @Test(arguments: ["grid", "table", "positions"])
    func exitCodesAsTheRestOfTheCommand(command: String) throws {
        let missing = try WheelCommand.run([command, "/nonexistent/chart.json"])
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/chart.json"))
        let unwritable = try WheelCommand.run([command, Self.newYork, "-o", "/nonexistent/dir/out.svg"])
        #expect(unwritable.status == 73 && unwritable.stderr.contains("/nonexistent/dir/out.svg"))
        let dir = try WheelCommand.scratch()
        let jpeg = try WheelCommand.run([command, Self.newYork, "-o", dir.appendingPathComponent("out.jpg").path])
        #expect(jpeg.status == 64 && jpeg.stderr.contains("name it .svg or .png"))
        let small = try WheelCommand.run([command, Self.newYork, "--size", "249", "-o", dir.appendingPathComponent("out.svg").path])
        #expect(small.status == 64 && small.stderr.contains("249 is below 250"))
        let two = try WheelCommand.run([command, Self.newYork, Self.sydney])
        #expect(two.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let full = try WheelCommand.run([command, Self.newYork], shell: "exec \"$0\" \"$@\" > /dev/full")
        #expect(full.status == 74)
        let terminal = try WheelCommand.run([command, Self.newYork, "--image-type", "png"], onTerminal: true)
        #expect(terminal.status == 64 && terminal.stdout.isEmpty)
    }
}
