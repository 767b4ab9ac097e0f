import ArgumentParser
import BirthPlaces
import ChartModel
import Ephemeris
import Foundation
import Support

/// A birth instead of chart JSON: the chart is computed here, offline (`chart`, and `render` and `layout`).
/// Each value is taken as it comes (`parsing: .unconditional`), so that `--lon -74.006` and `--zone -4` are
/// values, not flags.
struct BirthFlags: ParsableArguments {
    @Option(parsing: .unconditional, help: "Birth date, YYYY-MM-DD (1800-01-01 to 2100-12-31).")
    var date: String?

    @Option(parsing: .unconditional, help: "Local time of birth, HH:MM, HH:MM:SS or HH:MM:SS.fff (24-hour clock).")
    var time: String?

    @Option(parsing: .unconditional, help: "The zone of the birth's local time: an IANA name (America/New_York), an offset (+05:30, -4), UTC, or LMT (the birthplace's local mean time).")
    var zone: String?

    @Option(name: .customLong("lat"), parsing: .unconditional, help: "Latitude of the birthplace, degrees, north positive (-90...90).")
    var latitude: String?

    @Option(name: .customLong("lon"), parsing: .unconditional, help: "Longitude of the birthplace, degrees, east positive (-180...180).")
    var longitude: String?

    @Option(parsing: .unconditional, help: "The birthplace by name, as \"Ulm, DE\" or \"Paris, TX\": fills --lat, --lon and --zone (those given win). See 'wheel place'.")
    var place: String?

    @Option(parsing: .unconditional, help: "earlier or later: which of the two occurrences of a wall time that a clock change repeated (default: earlier, with a warning).")
    var fold: String?

    @Option(name: .customLong("delta-t"), parsing: .unconditional, help: "TT − UT in seconds, instead of the model's value.")
    var deltaT: String?

    @Option(name: .customLong("birth"), parsing: .unconditional, help: "A file with one birth object (date, time, zone, latitude, longitude, …) or an AstrologyAPI or FreeAstrologyAPI request body.")
    var birthFile: String?

    var isGiven: Bool { flags.contains { $0.value != nil } || birthFile != nil }

    private var flags: [(name: String, value: String?)] {
        [("date", date), ("time", time), ("zone", zone), ("lat", latitude), ("lon", longitude), ("fold", fold), ("delta-t", deltaT),
         ("place", place)]
    }

    func validate() throws {
        if birthFile != nil, let given = flags.first(where: { $0.value != nil }) {
            throw ValidationError("Give the birth as --birth FILE or as flags, not both (--\(given.name) with --birth).")
        }
        if birthFile == nil, isGiven {
            // --place stands for --lat, --lon and --zone; coordinates without a zone take the zone whose border holds them.
            let needed = place != nil ? flags.prefix(2) : flags.prefix(5).filter { $0.name != "zone" }
            let missing = needed.filter { $0.value == nil }.map { "--\($0.name)" }
            if !missing.isEmpty { throw ValidationError("A birth needs --date, --time, and --place or --lat and --lon (and --zone); missing \(missing.joined(separator: ", ")).") }
        }
    }

    /// The birth and the house system it asks for: from `--birth`, else from the flags. Errors are exit 65 with
    /// the field and the value.
    func request() throws -> BirthRequest {
        if let birthFile { return try Self.request(file: birthFile, data: try ChartInput.read(birthFile)) }
        do {
            let (latitude, longitude, zone, record, note, warnings) = try BirthPlaceResolver().coordinates(place: place, latitude: latitude, longitude: longitude, zone: zone)
            let birth = try Birth(date: date!, time: time!, zone: zone,
                                  latitude: latitude,
                                  longitude: longitude,
                                  fold: try fold.map { try Fold(parsing: $0) } ?? .earlier,
                                  deltaT: try deltaT.map { try Self.number($0, field: "delta_t") })
            var request = BirthRequest(birth: birth, warnings: warnings)
            request.place = record
            request.placeNote = note
            return request
        } catch let error as ChartError {
            throw Failure(code: Failure.dataError, message: error.description)
        }
    }

    /// The birth in a file's `data` (`--birth`, and `--outer` with a birth): errors are exit 65, after the file's name.
    static func request(file: String, data: Data) throws -> BirthRequest {
        do {
            return try BirthRequest.decode(data, places: BirthPlaceResolver())
        } catch {
            throw Failure(code: Failure.dataError, message: "\(file == "-" ? "stdin" : file): \(error)")
        }
    }

    /// Computes the chart, the warnings to stderr. `houseSystem`: the flag's or options file's name, which wins
    /// over the request's, as `settings` (`--ayanamsa`, `--topocentric`, …) win over the birth's own; `strict`:
    /// an undefined house system is an error. A bad name or value is exit 65.
    static func compute(_ request: BirthRequest, houseSystem name: String?, settings choices: ChartSettingsChoices = ChartSettingsChoices(),
                        strict: Bool) throws -> ComputedChart {
        let system = try houseSystem(name) ?? request.houseSystem ?? .placidus
        do {
            let settings = try ChartSettings(choices, over: request.settings)
            var computed = try ChartCalculator.chart(for: request.birth, houseSystem: system, strict: strict, settings: settings)
            computed.chart.take(request.place)
            if let note = request.placeNote { printError("wheel: \(note)") }
            for warning in request.warnings + computed.warnings { printError("wheel: warning: \(warning)") }
            return computed
        } catch {
            throw Failure(code: Failure.dataError, message: error.description)
        }
    }

    /// The house system a flag or an options file names; an unknown name is exit 65 with suggestions.
    static func houseSystem(_ name: String?) throws -> HouseSystem? {
        guard let name else { return nil }
        do {
            return try HouseSystem(name: name)
        } catch {
            throw Failure(code: Failure.dataError, message: error.description)
        }
    }

    static func number(_ text: String, field: String) throws -> Double {
        guard let value = decimalNumber(text), value.isFinite else {
            throw ChartError(field, "\(quote(text)) is not a number")
        }
        return value
    }
}
