import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The sample charts read as the model's tests need them, and their Swiss Ephemeris reference numbers.
enum Samples {
    /// `folder` is `astrologyapi`, `freeastrologyapi` or `reference`.
    static func data(_ folder: String, _ id: String) throws -> Data {
        try SampleCharts.data(id, shape: folder)
    }

    static func chart(_ folder: String, _ id: String) throws -> DecodedChart {
        try ChartDecoder.decode(try data(folder, id))
    }

    /// The Swiss Ephemeris numbers of one birth.
    struct Reference {
        var longitudes: [BodyID: Double] = [:]
        var ascendant: Double
        var midheaven: Double
        var cusps: [Double]
    }

    static func reference(_ id: String) throws -> Reference {
        let json = try #require(try JSONSerialization.jsonObject(with: try data("reference", id)) as? [String: Any])
        // Chiron is null: the Moshier ephemeris has none.
        let bodies = try #require(json["bodies"] as? [String: Any])
        // The sample's houses are the system its planet houses use (Porphyry where Placidus is undefined).
        let system = try #require(json["house_system_for_planet_houses"] as? String)
        let houses = try #require(json["houses"] as? [String: [String: Any]])
        var reference = Reference(
            ascendant: try #require(json["ascendant"] as? Double),
            midheaven: try #require(json["mc"] as? Double),
            cusps: try #require(houses[system]?["cusps"] as? [Double]))
        for (name, body) in bodies {
            if let id = BodyID(serviceName: name), let longitude = (body as? [String: Any])?["longitude"] as? Double {
                reference.longitudes[id] = longitude
            }
        }
        return reference
    }
}

/// Decodes inline JSON text.
func decode(_ json: String, strict: Bool = false) throws(ChartError) -> DecodedChart {
    try ChartDecoder.decode(Data(json.utf8), strict: strict)
}

/// Aspects as unordered pair and kind, the way two sources that list them in different orders agree.
func aspectSet(_ aspects: [Aspect]?) -> Set<String> {
    Set((aspects ?? []).map { aspect in
        let pair = [aspect.first, aspect.second].sorted()
        return "\(pair[0].rawValue)-\(pair[1].rawValue) \(aspect.kind.rawValue)"
    })
}

// MARK: - Building small AstrologyAPI inputs

/// Twelve AstrologyAPI house entries 30° apart, starting at `first`.
func astrologyHouses(count: Int = 12, first: Double = 0) -> String {
    (0..<count).map { #"{"house_id": \#($0 + 1), "start_degree": \#(first + Double($0) * 30)}"# }.joined(separator: ", ")
}

/// A small AstrologyAPI `western_chart_data` document; the pieces are JSON text.
func astrologyChart(
    planets: String = #"{"name": "Sun", "full_degree": 10, "is_retro": "false"}, {"name": "Moon", "full_degree": 100, "is_retro": "false"}"#,
    houses: String = astrologyHouses(), extra: String = ""
) -> String {
    #"{"planets": [\#(planets)], "houses": [\#(houses)]\#(extra.isEmpty ? "" : ", " + extra)}"#
}

/// One FreeAstrologyAPI response, `{status, data: {key: [list]}}`.
func freeResponse(_ key: String, _ list: String) -> String {
    #"{"status": "success", "data": {"\#(key)": [\#(list)]}}"#
}

/// Twelve FreeAstrologyAPI house entries 30° apart.
let freeHouses = (0..<12).map { #"{"house_num": \#($0 + 1), "degree": \#(Double($0) * 30)}"# }.joined(separator: ", ")
