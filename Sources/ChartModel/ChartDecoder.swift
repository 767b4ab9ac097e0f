import Foundation

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
    public var chart: NatalChart
    public var format: InputFormat
    public var warnings: [String]

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
        let root = JSONNode(value: try JSONParser.parse(Array(data)), path: JSONPath())
        var reader = ChartAssembler(strict: strict)
        guard case .object(let members) = root.value else { throw unrecognised(root) }
        let object = JSONObjectNode(members: members, path: root.path)
        let chart: NatalChart
        let format: InputFormat
        if object.has("bodies") {
            format = .natalChart
            chart = try reader.readNatalChart(object)
        } else if case .array? = object.optional("planets")?.value {
            format = .astrologyAPI
            chart = try reader.readAstrologyAPI(object)
        } else if case .object? = object.optional("planets")?.value {
            format = .freeAstrologyAPI
            chart = try reader.readFreeAstrologyAPI(
                planets: try object.required("planets"), houses: try object.required("houses"),
                aspects: object.optional("aspects"))
        } else {
            throw unrecognised(root)
        }
        return DecodedChart(chart: chart, format: format, warnings: reader.warnings)
    }

    /// Decodes FreeAstrologyAPI's three responses given as three files. Error paths start with the file's role:
    /// `houses: data.houses[3].degree`.
    public static func decode(planets: Data, houses: Data, aspects: Data?, strict: Bool = false) throws(ChartError) -> DecodedChart {
        var reader = ChartAssembler(strict: strict)
        let chart = try reader.readFreeAstrologyAPI(
            planets: try parseFile(planets, role: "planets"), houses: try parseFile(houses, role: "houses"),
            aspects: try aspects.map { (data) throws(ChartError) in try parseFile(data, role: "aspects") })
        return DecodedChart(chart: chart, format: .freeAstrologyAPI, warnings: reader.warnings)
    }

    private static func parseFile(_ data: Data, role: String) throws(ChartError) -> JSONNode {
        do {
            return JSONNode(value: try JSONParser.parse(Array(data)), path: JSONPath(file: role))
        } catch {
            throw ChartError(role, error.message)
        }
    }

    private static func unrecognised(_ root: JSONNode) -> ChartError {
        let expected = """
            unrecognised chart format: expected an AstrologyAPI western_chart_data object ("planets" and "houses" \
            lists), a FreeAstrologyAPI bundle ("planets", "houses" and "aspects" responses, each with "data"), \
            or a NatalChart ("bodies", "cusps")
            """
        guard case .object(let members) = root.value else { return root.error(expected + "; got \(root.value.quoted)") }
        let keys = members.prefix(6).map { quote($0.key) }.joined(separator: ", ") + (members.count > 6 ? ", …" : "")
        var got = members.isEmpty ? "; got an empty object" : "; got an object with keys \(keys)"
        if members.contains(where: { $0.key == "data" }) {
            got += " (a single FreeAstrologyAPI response? give planets, houses and aspects together)"
        }
        return root.error(expected + got)
    }
}

// MARK: - The three formats

/// Field names of a body entry in one format.
struct BodyFields {
    var name: String, longitude: String, speed: String, retrograde: String, house: String

    static let astrologyAPI = BodyFields(name: "name", longitude: "full_degree", speed: "speed", retrograde: "is_retro", house: "house")
    static let freeAstrologyAPI = BodyFields(name: "name", longitude: "full_degree", speed: "speed", retrograde: "is_retrograde", house: "house")
    static let natalChart = BodyFields(name: "id", longitude: "longitude", speed: "speed", retrograde: "retrograde", house: "house")
}

/// Field names of an aspect entry in one format.
struct AspectFields {
    var first: String, second: String, kind: String, orb: String

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
        return chart(cusps: cusps, ascendant: ascendant, midheaven: midheaven, aspects: aspects)
    }

    mutating func readFreeAstrologyAPI(planets: JSONNode, houses: JSONNode, aspects: JSONNode?) throws(ChartError) -> NatalChart {
        try readBodies(try Self.responseData(planets, list: "planets"), fields: .freeAstrologyAPI)
        let cusps = try Self.readHouseList(try Self.responseData(houses, list: "houses"), numberKey: "house_num", degreeKey: "degree")
        let aspectList = try aspects.map { (response) throws(ChartError) in try Self.responseData(response, list: "aspects") }
        let decodedAspects = try aspectList.map { (list) throws(ChartError) in try readAspects(list, fields: .freeAstrologyAPI) }
        return chart(cusps: cusps, ascendant: nil, midheaven: nil, aspects: decodedAspects)
    }

    mutating func readNatalChart(_ root: JSONObjectNode) throws(ChartError) -> NatalChart {
        try readBodies(try root.required("bodies"), fields: .natalChart)
        let cusps = try Self.readCuspList(try root.required("cusps"))
        let ascendant = try root.optional("ascendant")?.longitude()
        let midheaven = try root.optional("midheaven")?.longitude()
        let aspects = try root.optional("aspects").map { (list) throws(ChartError) in try readAspects(list, fields: .natalChart) }
        return chart(cusps: cusps, ascendant: ascendant, midheaven: midheaven, aspects: aspects)
    }

    /// The list inside one FreeAstrologyAPI response, `{status, data: {planets: [...]}}`. A failed response
    /// (no `data`) is reported with its status and message, which is what the user needs to see.
    static func responseData(_ response: JSONNode, list key: String) throws(ChartError) -> JSONNode {
        let object = try response.object()
        guard let data = object.optional("data") else {
            var message = "missing \"data\""
            if let status = object.optional("status")?.value {
                message += " (the response's status is \(status.quoted)"
                if let detail = object.optional("message")?.value { message += ": \(detail.quoted)" }
                message += ")"
            }
            throw response.error(message)
        }
        return try data.object().required(key)
    }
}
