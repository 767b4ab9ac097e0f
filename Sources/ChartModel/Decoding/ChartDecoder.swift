import Foundation
import Support

/// The shape a chart came in.
public enum InputFormat: String, Sendable {
    /// AstrologyAPI.com `western_chart_data`.
    case astrologyAPI
    /// FreeAstrologyAPI.com `/western/planets`, `/western/houses`, `/western/aspects`, bundled or as three files.
    case freeAstrologyAPI
    /// This project's own `NatalChart` JSON, as `NatalChart.jsonData()` writes it.
    case natalChart
}

/// A decoded chart, the format it was recognised as, and what was skipped on the way
/// (`planets[12].name: unknown body "Ceres", skipped`).
public struct DecodedChart: Sendable {
    /// The chart, validated.
    public var chart: NatalChart
    /// The format the input was recognised as.
    public var format: InputFormat
    /// What was skipped or replaced, one line each (`planets[12].name: unknown body "Ceres", skipped`).
    public var warnings: [String]

    /// A decoded `chart` in `format`, with its warnings.
    public init(chart: NatalChart, format: InputFormat, warnings: [String] = []) {
        self.chart = chart
        self.format = format
        self.warnings = warnings
    }
}

/// Reads chart JSON in any of the supported formats. Every rejection is a `ChartError` whose `path` is the
/// offending field in the input's own terms (`planets.data.planets[3].full_degree`).
public enum ChartDecoder {
    /// Decodes one document, recognising its format by its shape. With `strict`, what would otherwise be
    /// skipped with a warning (an unknown body or aspect type) is an error.
    public static func decode(_ data: Data, strict: Bool = false) throws(ChartError) -> DecodedChart {
        try JSONDocument.parse(data) { (root) throws(ChartError) in
            var reader = ChartAssembler(strict: strict)
            guard root.kind == .object else { throw unrecognised(root) }
            let object = try root.object()
            let chart: NatalChart
            let format: InputFormat
            if object.has("bodies") {
                format = .natalChart
                chart = try reader.readNatalChart(object)
            } else if object.optional("planets")?.kind == .array {
                format = .astrologyAPI
                chart = try reader.readAstrologyAPI(object)
            } else if object.optional("planets")?.kind == .object {
                format = .freeAstrologyAPI
                chart = try reader.readFreeAstrologyAPI(
                    planets: try object.required("planets"), houses: try object.required("houses"),
                    aspects: object.optional("aspects"))
            } else {
                throw unrecognised(root)
            }
            return DecodedChart(chart: chart, format: format, warnings: reader.warnings)
        }
    }

    /// Decodes FreeAstrologyAPI's three responses given as three files. Error paths start with the file's role:
    /// `houses: data.houses[3].degree`.
    public static func decode(planets: Data, houses: Data, aspects: Data?, strict: Bool = false) throws(ChartError) -> DecodedChart {
        // All three are parsed before any is read, so that a file that is not JSON is reported first.
        try parseFile(planets, role: "planets") { (planets) throws(ChartError) in
            try parseFile(houses, role: "houses") { (houses) throws(ChartError) in
                func read(aspects: JSONNode?) throws(ChartError) -> DecodedChart {
                    var reader = ChartAssembler(strict: strict)
                    let chart = try reader.readFreeAstrologyAPI(planets: planets, houses: houses, aspects: aspects)
                    return DecodedChart(chart: chart, format: .freeAstrologyAPI, warnings: reader.warnings)
                }
                guard let aspects else { return try read(aspects: nil) }
                return try parseFile(aspects, role: "aspects") { (aspects) throws(ChartError) in try read(aspects: aspects) }
            }
        }
    }

    private static func parseFile<Value>(
        _ data: Data, role: String, _ body: (JSONNode) throws(ChartError) -> Value
    ) throws(ChartError) -> Value {
        var parsed = false
        do {
            return try JSONDocument.parse(data, at: JSONPath(file: role)) { (root) throws(ChartError) in
                parsed = true
                return try body(root)
            }
        } catch where !parsed {
            throw ChartError(role, error.message)
        }
    }

    private static func unrecognised(_ root: JSONNode) -> ChartError {
        let expected = """
            unrecognised chart format: expected an AstrologyAPI western_chart_data object ("planets" and "houses" \
            lists), a FreeAstrologyAPI bundle ("planets", "houses" and "aspects" responses, each with "data"), \
            or a NatalChart ("bodies", "cusps")
            """
        guard let object = try? root.object() else { return root.error(expected + "; got \(root.quoted)") }
        let keys = object.keys.prefix(6).map { quote($0) }.joined(separator: ", ") + (object.count > 6 ? ", …" : "")
        var got = object.count == 0 ? "; got an empty object" : "; got an object with keys \(keys)"
        if object.has("data") {
            got += " (a single FreeAstrologyAPI response? give planets, houses and aspects together)"
        }
        return root.error(expected + got)
    }
}

// MARK: - The three formats

/// Field names of a body entry in one format.
struct BodyFields {
    var name: StaticString, longitude: StaticString, speed: StaticString, retrograde: StaticString, house: StaticString
    /// Only this project's own format carries the latitude.
    var latitude: StaticString? = nil

    static let astrologyAPI = BodyFields(name: "name", longitude: "full_degree", speed: "speed", retrograde: "is_retro", house: "house")
    static let freeAstrologyAPI = BodyFields(name: "name", longitude: "full_degree", speed: "speed", retrograde: "is_retrograde", house: "house")
    static let natalChart = BodyFields(name: "id", longitude: "longitude", speed: "speed", retrograde: "retrograde", house: "house", latitude: "latitude")
}

/// Field names of an aspect entry in one format.
struct AspectFields {
    var first: StaticString, second: StaticString, kind: StaticString, orb: StaticString

    static let astrologyAPI = AspectFields(first: "aspecting_planet", second: "aspected_planet", kind: "type", orb: "orb")
    static let freeAstrologyAPI = AspectFields(first: "planet1_name", second: "planet2_name", kind: "aspect_name", orb: "orb_degree")
    static let natalChart = AspectFields(first: "first", second: "second", kind: "kind", orb: "orb")
}

extension ChartAssembler {
    mutating func readAstrologyAPI(_ root: JSONObjectNode) throws(ChartError) -> NatalChart {
        try readBodies(try root.required("planets"), fields: .astrologyAPI)
        let cusps = try Self.readHouseList(try root.required("houses"), numberKey: "house_id", degreeKey: "start_degree")
        let ascendant = try root.optional("ascendant")?.longitude()
        let midheaven = try root.optional("midheaven")?.longitude()
        let aspects = try root.optional("aspects").map { (list) throws(ChartError) in try readAspects(list, fields: .astrologyAPI) }
        return try chart(cusps: cusps, ascendant: ascendant, midheaven: midheaven, aspects: aspects)
    }

    mutating func readFreeAstrologyAPI(planets: JSONNode, houses: JSONNode, aspects: JSONNode?) throws(ChartError) -> NatalChart {
        try readBodies(try Self.responseData(planets, list: "planets"), fields: .freeAstrologyAPI)
        let cusps = try Self.readHouseList(try Self.responseData(houses, list: "houses"), numberKey: "house_num", degreeKey: "degree")
        let aspectList = try aspects.map { (response) throws(ChartError) in try Self.responseData(response, list: "aspects") }
        let decodedAspects = try aspectList.map { (list) throws(ChartError) in try readAspects(list, fields: .freeAstrologyAPI) }
        return try chart(cusps: cusps, ascendant: nil, midheaven: nil, aspects: decodedAspects)
    }

    mutating func readNatalChart(_ root: JSONObjectNode) throws(ChartError) -> NatalChart {
        try readBodies(try root.required("bodies"), fields: .natalChart)
        let cusps = try Self.readCuspList(try root.required("cusps"))
        let ascendant = try root.optional("ascendant")?.longitude()
        let midheaven = try root.optional("midheaven")?.longitude()
        let aspects = try root.optional("aspects").map { (list) throws(ChartError) in try readAspects(list, fields: .natalChart) }
        let houseSystemNode = root.optional("house_system")
        let houseSystem = try houseSystemNode?.string()
        if let houseSystemNode, let houseSystem,
           let problem = ChartLimits.textProblem(houseSystem, limit: ChartLimits.maxHouseSystemScalars) {
            throw houseSystemNode.error(problem)
        }
        var natal = try chart(cusps: cusps, ascendant: ascendant, midheaven: midheaven, aspects: aspects, houseSystem: houseSystem)
        if let requestedNode = root.optional("house_system_requested") {
            let requested = try requestedNode.string()
            if let problem = ChartLimits.textProblem(requested, limit: ChartLimits.maxHouseSystemScalars) { throw requestedNode.error(problem) }
            natal.houseSystemRequested = requested
        }
        if let zodiacNode = root.optional("zodiac"), !zodiacNode.isNull {
            let zodiac = try zodiacNode.string()
            if let problem = ChartLimits.textProblem(zodiac, limit: ChartLimits.maxHouseSystemScalars) { throw zodiacNode.error(problem) }
            natal.zodiac = zodiac
        }
        if let placeNode = root.optional("place"), !placeNode.isNull { natal.place = try Self.readPlace(placeNode) }
        return natal
    }

    /// A chart's `place` (`ChartPlace`), each field checked at its path.
    static func readPlace(_ node: JSONNode) throws(ChartError) -> ChartPlace {
        let object = try node.object()
        func text(_ key: StaticString) throws(ChartError) -> String? {
            guard let field = object.optional(key), !field.isNull else { return nil }
            return try field.string()
        }
        let sourceNode = try object.required("source")
        guard let source = ChartPlace.Source(rawValue: try sourceNode.string()) else {
            throw sourceNode.error("\(sourceNode.quoted) is not one of name, coordinates, sea")
        }
        let idNode = object.optional("geonames_id").flatMap { $0.isNull ? nil : $0 }
        let id = try idNode.map { (field) throws(ChartError) in try field.number() }
        if let id, let idNode, id != id.rounded() || !(0...999_999_999).contains(id) {
            throw idNode.error("\(id) is not a GeoNames id (a whole number, 0 to 999999999)")
        }
        let place = ChartPlace(name: try text("name"), division: try text("admin1"), country: try text("country"),
                               countryCode: try text("country_code"), geonamesID: id.map { Int($0) },
                               latitude: try object.required("latitude").number(), longitude: try object.required("longitude").number(),
                               zone: try object.required("zone").string(), source: source)
        if let (field, problem) = place.problem() { throw ChartError("place.\(field)", problem) }
        return place
    }

    /// The list inside one FreeAstrologyAPI response, `{status, data: {planets: [...]}}`. A failed response
    /// (no `data`) is reported with its status and message, which is what the user needs to see.
    static func responseData(_ response: JSONNode, list key: StaticString) throws(ChartError) -> JSONNode {
        let object = try response.object()
        guard let data = object.optional("data") else {
            var message = "missing \"data\""
            if let status = object.optional("status") {
                message += " (the response's status is \(status.quoted)"
                if let detail = object.optional("message") { message += ": \(detail.quoted)" }
                message += ")"
            }
            throw response.error(message)
        }
        return try data.object().required(key)
    }
}
