import Foundation
import Testing

/// The rendering options on the command line, read from their one declaration: misspellings are usage errors
/// naming the nearest flag (never an input), yes/no options are flags, options a command does not use are refused.
@Suite(.hangGuard)
struct OptionFlagsTests {
    static let chart = WheelCommand.sample("astrologyapi")
    static let birth = ["--date", "1990-01-01", "--time", "12:00", "--zone", "UTC", "--lat", "40.7", "--lon", "-74.006"]

    /// A language not among the ten is a usage error that lists them, and nothing is written; a known one in any
    /// case draws the figure in it.
    @Test func anUnknownLanguageIsAUsageErrorListingTheCodes() throws {
        let output = try WheelCommand.scratch().appendingPathComponent("wheel.svg")
        let result = try WheelCommand.run(["render", Self.chart, "--language", "xx", "-o", output.path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "wheel: language: \"xx\" is not one of en, es, pt, fr, de, it, ru, tr, hi, zh\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let russian = try WheelCommand.run(["render", Self.chart, "--language", "RU"])
        #expect(russian.status == 0 && russian.stdoutText.contains("<title id=\"chart-"), "\(russian.stderr)")
        #expect(russian.stdoutText.contains("Натальная карта</title>"))
    }

    /// A sheet's width is valid to 4,000 as SVG; as PNG, librsvg's whole surface for its text has a pixel limit.
    @Test func aSheetWithTextTooWideForAPNGIsAUsageErrorAndWritesNothing() throws {
        let output = try WheelCommand.scratch().appendingPathComponent("sheet.png")
        let result = try WheelCommand.run(["render", Self.chart, "--sheet", "--page-width", "3445", "--title", "Wide", "-o", output.path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wheel: --page-width: as PNG, an image of 3445×4872 pixels is over the limit"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(arguments: [
        (["render", chart, "--them", "dark"], "Unknown option '--them'. Did you mean '--theme'?"),
        (["render"] + birth + ["--colour-theme", "dark"], "Unknown option '--colour-theme'. Did you mean '--theme'?"),
        (["grid", chart, "--sise", "800"], "Unknown option '--sise'. Did you mean '--size'?"),
        (["chart"] + birth + ["--hous-system", "koch"], "Unknown option '--hous-system'. Did you mean '--house-system'?"),
        (["layout", chart, "--theme", "dark"], "--theme does not apply to wheel layout"),
        (["render", chart, "--sheet", "--size", "800"], "--size does not apply to a sheet: its width is --page-width"),
        (["render", chart, "--inner-aspects"], "--inner-aspects applies to a bi-wheel: give --outer or --transits"),
        (["table", chart, "--legend"], "--legend does not apply to the element table"),
        (["positions", chart, "--aspect-line-colors", "Trine=red"], "--aspect-line-colors does not apply to the positions table"),
        (["render", chart, "--title"], "Missing value for '--title"),
    ])
    func aFlagTheCommandDoesNotTakeIsAUsageErrorAndWritesNothing(arguments: [String], message: String) throws {
        let output = try WheelCommand.scratch().appendingPathComponent("w.svg")
        let result = try WheelCommand.run([arguments[0], "-o", output.path] + arguments.dropFirst())
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wheel: " + message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func yesNoOptionsAreFlagsAndTheOldSpellingStillWorks() throws {
        func svg(_ extra: [String]) throws -> Data {
            let result = try WheelCommand.run(["render", Self.chart] + extra)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            return result.stdout
        }
        let plain = try svg([]), legend = try svg(["--legend"])
        #expect(legend != plain)
        #expect(try svg(["--legend", "true"]) == legend)
        #expect(try svg(["--legend=true"]) == legend)
        #expect(try svg(["--legend", "--no-legend"]) == plain)
        #expect(try svg(["--legend", "false"]) == plain)
    }

    @Test func negativeNumbersStayValues() throws {
        let result = try WheelCommand.run(["chart"] + Self.birth)
        #expect(result.status == 0, "\(result.stderr)")
        let west = try WheelCommand.run(["render"] + Self.birth + ["--size", "400", "--title", "-x"])
        #expect(west.status == 0, "\(west.stderr)")
    }

    @Test func anOptionsFileKeyACommandDoesNotUseIsWarnedAbout() throws {
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"theme": "dark", "legend": true}"#.utf8).write(to: options)
        let result = try WheelCommand.run(["table", Self.chart, "--options", options.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: \(options.path): legend does not apply to the element table; ignored"), "\(result.stderr)")
        #expect(!result.stderr.contains("theme"), "theme applies to the table: \(result.stderr)")
    }

    @Test func anOuterBirthFileWithAMistakeGetsTheBirthsErrors() throws {
        let file = try WheelCommand.scratch().appendingPathComponent("partner.json")
        try Data(#"{"date": "1985-03-04", "time": "08:15", "zone": "Europe/Paris", "latitud": 48.85, "longitude": 2.35}"#.utf8).write(to: file)
        let asOuter = try WheelCommand.run(["render", Self.chart, "--outer", file.path])
        let asBirth = try WheelCommand.run(["chart", "--birth", file.path])
        #expect(asOuter.status == 65 && asBirth.status == 65)
        #expect(asOuter.stderr.contains(#"unknown field "latitud" (did you mean "latitude"?)"#), "\(asOuter.stderr)")
        #expect(asOuter.stderr == asBirth.stderr)
    }

    @Test func versionIsPrinted() throws {
        let result = try WheelCommand.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdoutText)")
    }

    @Test func helpListsTheOptionsFromTheirDeclarations() throws {
        let render = try WheelCommand.run(["render", "--help"]).stdoutText
        #expect(render.contains("--legend, --no-legend"))
        #expect(render.contains("--outer-ring-background <colour>"))
        let table = try WheelCommand.run(["table", "--help"]).stdoutText
        #expect(table.contains("--sign-background <colour>"))
        #expect(!table.contains("--legend"))
    }
}
