import ArgumentParser
import ChartModel
import Ephemeris
import Foundation

extension Wheel {
    struct Chart: ParsableCommand, TakesChartSettings {
        static let configuration = CommandConfiguration(
            abstract: "Compute a chart from a birth, offline: bodies, houses, aspects, as NatalChart JSON.",
            discussion: """
                One birth from the flags or --birth FILE gives one chart. --births FILE reads one birth object a line \
                (JSON Lines; AstrologyAPI and FreeAstrologyAPI request bodies too) and writes one chart a line, in \
                order, on all cores; a bad line gives {"line": N, "error": "…"} and the others go on (exit 65 at the end). \
                Warnings go to stderr. --ayanamsa, --topocentric (--elevation) and --asteroids set how each chart is \
                computed, over what each birth asks for.
                """)

        @OptionGroup var birth: BirthFlags

        @Option(name: .customLong("births"), help: "A JSON Lines file of births ('-' reads stdin): one chart a line out.")
        var birthsFile: String?

        @Option(name: .customLong("house-system"), help: "placidus, koch, regiomontanus, campanus, porphyry, equal or whole-sign (default: placidus, or what the birth asks for).")
        var houseSystem: String?

        @Flag(help: "A house system undefined at the birthplace (Placidus and Koch inside the polar circles) is an error instead of Porphyry with a warning.")
        var strict = false

        @OptionGroup var file: OutputFile

        func validate() throws {
            if birthsFile != nil && birth.isGiven { throw ValidationError("Give one birth or --births FILE, not both.") }
            if birthsFile == nil && !birth.isGiven { throw ValidationError("Give a birth (--date, --time, --zone, --lat, --lon, or --birth FILE), or --births FILE.") }
        }

        func run() throws {
            try reportingFailures {
                let settings = try RenderFlags.chartSettingFlags()
                if let birthsFile {
                    try BirthBatch(input: birthsFile, houseSystem: try BirthFlags.houseSystem(houseSystem), settings: settings, strict: strict)
                        .run(to: file.output)
                    return
                }
                let computed = try BirthFlags.compute(try birth.request(), houseSystem: houseSystem, settings: settings, strict: strict)
                try Output.write(computed.chart.jsonData(), to: file.output)
            }
        }
    }
}
