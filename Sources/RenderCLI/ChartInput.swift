import ArgumentParser
import ChartModel
import Ephemeris
import Foundation

/// Where the chart comes from: a file (any format, `-` for stdin), the three FreeAstrologyAPI responses, or a
/// birth, computed here. `render` takes many files at once; the other commands take one.
struct ChartInput: ParsableArguments {
    @Argument(help: "Chart JSON: AstrologyAPI western_chart_data, FreeAstrologyAPI bundle, or NatalChart. '-' reads stdin.")
    var inputs: [String] = []

    var input: String? { inputs.first }

    @Option(help: "FreeAstrologyAPI /western/planets response (with --houses, instead of INPUT).")
    var planets: String?

    @Option(help: "FreeAstrologyAPI /western/houses response.")
    var houses: String?

    @Option(help: "FreeAstrologyAPI /western/aspects response (optional).")
    var aspects: String?

    @OptionGroup(title: "A birth instead of chart JSON")
    var birth: BirthFlags

    @Flag(help: "Treat unknown body or aspect names as errors instead of skipping them with a warning; for a birth, a house system undefined at its latitude as an error instead of Porphyry.")
    var strict = false

    /// Why chart JSON takes no chart settings.
    static let jsonKeepsItsSettings = "applies to a birth, computed here (--date … or --birth FILE); chart JSON is drawn as it was computed"

    /// Inputs larger than this are refused before parsing.
    static let maximumBytes = 10 * 1024 * 1024

    func validate() throws {
        if birth.isGiven {
            if input != nil || planets != nil || houses != nil { throw ValidationError("Give chart JSON or a birth, not both.") }
            return
        }
        if inputs.count > 1 && inputs.contains("-") { throw ValidationError("'-' (stdin) can only be the one input.") }
        switch (input, planets, houses) {
        case (nil, nil, _): throw ValidationError("Give a chart file (or '-' for stdin), --planets and --houses, or a birth (--date, --time, --zone, --lat, --lon).")
        case (.some, .some, _), (.some, _, .some): throw ValidationError("Give either INPUT or --planets/--houses, not both.")
        case (nil, .some, nil): throw ValidationError("--planets needs --houses.")
        default: if input != nil && aspects != nil { throw ValidationError("--aspects goes with --planets and --houses.") }
        }
    }

    /// Refuses more than one input, for the commands that take one.
    func requireOne() throws {
        if inputs.count > 1 { throw ValidationError("Give one chart file; only 'render' takes many.") }
    }

    /// The decoded chart; warnings go to stderr. Errors and warnings start with the input file's name (`stdin`
    /// for `-`); those of the three responses start with the response's role (`houses: data.houses[3].degree`).
    /// A birth's chart is computed in `houseSystem` (a name, as the options give it) when given, with `settings`
    /// over the birth's own; chart JSON, drawn as it was computed, refuses `settings` (exit 64).
    func load(houseSystem: String? = nil, settings: ChartSettingsChoices = ChartSettingsChoices()) throws -> NatalChart {
        if birth.isGiven { return try BirthFlags.compute(try birth.request(), houseSystem: houseSystem, settings: settings, strict: strict).chart }
        try RenderFlags.refuseChartSettings(settings, Self.jsonKeepsItsSettings)
        if let input { return try Self.load(file: input, strict: strict) }
        return try Self.decode(naming: nil) {
            try ChartDecoder.decode(planets: try Self.read(planets!), houses: try Self.read(houses!),
                                    aspects: try aspects.map { try Self.read($0) }, strict: strict)
        }
    }

    /// The settings the inner chart is computed with: `choices` over the birth's own; the default for chart JSON.
    func settings(_ choices: ChartSettingsChoices) throws -> ChartSettings {
        guard birth.isGiven else { return ChartSettings() }
        do {
            return try ChartSettings(choices, over: try birth.request().settings)
        } catch let error as ChartError {
            throw Failure(code: Failure.dataError, message: error.description)
        }
    }

    /// The birthplace when the chart is a birth's: where a bi-wheel's transits are computed for.
    func place() throws -> (latitude: Double, longitude: Double)? {
        guard birth.isGiven else { return nil }
        let request = try birth.request()
        return (request.birth.latitude, request.birth.longitude)
    }

    /// The chart in the file at `path` (`-`: stdin); errors and warnings start with its name.
    static func load(file path: String, strict: Bool) throws -> NatalChart {
        try decode(naming: path == "-" ? "stdin" : path) { try ChartDecoder.decode(try read(path), strict: strict) }
    }

    private static func decode(naming name: String?, _ body: () throws -> DecodedChart) throws -> NatalChart {
        let prefix = name.map { "\($0): " } ?? ""
        let decoded: DecodedChart
        do {
            decoded = try body()
        } catch let error as ChartError {
            throw Failure(code: Failure.dataError, message: prefix + error.description)
        }
        for warning in decoded.warnings { printError("wheel: warning: " + prefix + warning) }
        return decoded.chart
    }

    /// A file's bytes, or stdin's for `-`, refusing more than `limit` bytes.
    static func read(_ path: String, limit: Int = maximumBytes) throws -> Data {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(code: Failure.noInput, message: "\(path): no such file")
            }
            guard !isDirectory.boolValue, let file = FileHandle(forReadingAtPath: path) else {
                throw Failure(code: Failure.noInput, message: "\(path): cannot be read")
            }
            handle = file
        }
        defer { if path != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw Failure(code: Failure.noInput, message: "\(path): cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else {
            throw Failure(code: Failure.dataError, message: "\(path == "-" ? "stdin" : path): larger than \(limit / 1024 / 1024) MB")
        }
        return data
    }
}
