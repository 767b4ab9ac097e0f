import ChartModel

/// Chart JSON in the OpenAPI document: the three shapes `ChartDecoder` reads, each field with the bounds the decoder
/// checks. What JSON Schema cannot state, a relation between entries, is in the description: cusps in zodiac order,
/// each body and house once, an aspect between two bodies.
extension OpenAPIDocument {
    static var chartSchemas: [(String, JSONText)] {
        [
            ("Chart", [
                "description": """
                    Chart JSON: NatalChart (`wheel chart`'s), AstrologyAPI's western_chart_data, or FreeAstrologyAPI's three \
                    responses bundled as {planets, houses, aspects}; docs/Formats.md has each shape's fields. Beyond what the \
                    schema says, the server refuses (422) cusps not in zodiac order, a body, an angle or a house given twice, \
                    no known body, an aspect of a body with itself, and with strict an unknown body or aspect.
                    """,
                "anyOf": [ref("NatalChart"), ref("AstrologyAPIChart"), ref("FreeAstrologyAPIChart")],
            ]),
            ("NatalChart", [
                "type": "object", "required": ["bodies", "cusps"],
                "properties": [
                    "bodies": ["type": "array", "minItems": 1, "items": bodyEntry(name: "id", longitude: "longitude", speed: "speed",
                                                                                   retrograde: "retrograde", latitude: "latitude")],
                    "cusps": ["type": "array", "minItems": 12, "maxItems": 12, "items": decimal(longitudeValue, pattern: longitudeText)],
                    "ascendant": nullable(decimal(longitudeValue, pattern: longitudeText)),
                    "midheaven": nullable(decimal(longitudeValue, pattern: longitudeText)),
                    "aspects": nullable(aspectList(first: "first", second: "second", kind: "kind", orb: "orb")),
                    "house_system": nullable(shownName), "house_system_requested": nullable(shownName), "zodiac": nullable(shownName),
                    "place": nullable(ref("ChartPlace")),
                ],
            ]),
            ("ChartPlace", [
                "type": "object", "required": ["latitude", "longitude", "zone", "source"],
                "description": "The place the chart's birth took from the gazetteer: by its name, or the zone its coordinates lie in (at sea, the nautical zone of the longitude). Coordinates rounded to 1e-4°.",
                "properties": [
                    "name": nullable(placeText), "admin1": nullable(placeText), "country": nullable(placeText),
                    "country_code": nullable(placeText), "zone": placeText,
                    "geonames_id": nullable(decimal(["type": "integer", "minimum": 0, "maximum": 999_999_999], pattern: geonamesIDText)),
                    "latitude": decimal(["type": "number", "minimum": -90, "maximum": 90], pattern: latitudeText),
                    "longitude": decimal(["type": "number", "minimum": -180, "maximum": 180], pattern: signedLongitudeText),
                    "source": ["type": "string", "enum": ["name", "coordinates", "sea"]],
                ],
            ]),
            ("AstrologyAPIChart", [
                "type": "object", "required": ["planets", "houses"], "not": ["required": ["bodies"]],
                "properties": [
                    "planets": ["type": "array", "minItems": 1, "items": bodyEntry(name: "name", longitude: "full_degree", speed: "speed",
                                                                                    retrograde: "is_retro")],
                    "houses": houseList(number: "house_id", degree: "start_degree"),
                    "ascendant": nullable(decimal(longitudeValue, pattern: longitudeText)),
                    "midheaven": nullable(decimal(longitudeValue, pattern: longitudeText)),
                    "aspects": nullable(aspectList(first: "aspecting_planet", second: "aspected_planet", kind: "type", orb: "orb")),
                ],
            ]),
            ("FreeAstrologyAPIChart", [
                "type": "object", "required": ["planets", "houses"], "not": ["required": ["bodies"]],
                "properties": [
                    "planets": response("planets", ["type": "array", "minItems": 1, "items": bodyEntry(
                        name: "name", longitude: "full_degree", speed: "speed", retrograde: "is_retrograde")]),
                    "houses": response("houses", houseList(number: "house_num", degree: "degree")),
                    "aspects": nullable(response("aspects", aspectList(first: "planet1_name", second: "planet2_name", kind: "aspect_name", orb: "orb_degree"))),
                ],
            ]),
        ]
    }

    // MARK: Entries

    /// A body or angle: a name (one the reader does not know is skipped, with a warning) and its checked fields.
    private static func bodyEntry(name: String, longitude: String, speed: String, retrograde: String, latitude: String? = nil) -> JSONText {
        var properties: [(String, JSONText)] = [
            (name, ["type": "string"]),
            (longitude, decimal(longitudeValue, pattern: longitudeText)),
            (speed, nullable(decimal(["type": "number"], pattern: anyDecimal))),
            (retrograde, nullable(flag(padding: padding))),
            ("house", nullable(decimal(["type": "integer", "minimum": 1, "maximum": 12], pattern: houseText))),
        ]
        if let latitude { properties.append((latitude, nullable(decimal(["type": "number", "minimum": -90, "maximum": 90], pattern: latitudeText)))) }
        return ["type": "object", "required": [.string(name), .string(longitude)], "properties": .object(properties)]
    }

    /// Twelve houses, each an entry with its number and its cusp's longitude (each number once: see `Chart`).
    private static func houseList(number: String, degree: String) -> JSONText {
        ["type": "array", "minItems": 12, "maxItems": 12, "items": [
            "type": "object", "required": [.string(number), .string(degree)],
            "properties": [number: decimal(["type": "integer", "minimum": 1, "maximum": 12], pattern: houseText),
                           degree: decimal(longitudeValue, pattern: longitudeText)],
        ]]
    }

    /// Aspects between two named bodies; one naming a body the chart lacks, or a kind the reader does not know, is skipped.
    private static func aspectList(first: String, second: String, kind: String, orb: String) -> JSONText {
        ["type": "array", "items": [
            "type": "object", "required": [.string(first), .string(second), .string(kind)],
            "properties": [first: ["type": "string"], second: ["type": "string"], kind: ["type": "string"],
                           orb: nullable(decimal(["type": "number", "minimum": .compact(-ChartLimits.maxOrb), "maximum": .compact(ChartLimits.maxOrb)], pattern: orbText))],
        ]]
    }

    /// One FreeAstrologyAPI response, `{data: {key: list}}` (its status and message are not read).
    private static func response(_ key: String, _ list: JSONText) -> JSONText {
        ["type": "object", "required": ["data"], "properties": ["data": ["type": "object", "required": [.string(key)], "properties": [key: list]]]]
    }

    // MARK: Values

    /// A number as the services write it: a JSON number, or a string holding a decimal (padded, signed, without
    /// an exponent) within the same bounds, which `pattern` states.
    private static func decimal(_ number: JSONText, pattern body: String) -> JSONText {
        ["anyOf": [number, ["type": "string", "pattern": .string("^\(padding)*(\(body))\(padding)*$")]]]
    }

    /// What Swift's `Character.isWhitespace` trims (Unicode's White_Space): spelt out, since `\s` differs by engine.
    static let padding = #"[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"#
    /// The same without the controls, which a line of text (a title, a house system's name) may not hold.
    static let linePadding = #"[ \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"#
    /// The same without the space.
    static let queryPadding = #"[\t\n\u000B\f\r\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"#
    private static let anyDecimal = #"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)"#
    /// 0 to 360, 360 excluded; -0 is 0.
    private static let longitudeText = #"\+?(0*([0-9]{1,2}|[12][0-9]{2}|3[0-5][0-9])(\.[0-9]*)?|\.[0-9]+)|-(0+(\.0*)?|\.0+)"#
    private static let latitudeText = #"[+-]?(0*([0-9]|[1-8][0-9])(\.[0-9]*)?|\.[0-9]+|0*90(\.0*)?)"#
    /// -180 to 180.
    private static let signedLongitudeText = #"[+-]?(0*([0-9]{1,2}|1[0-7][0-9])(\.[0-9]*)?|\.[0-9]+|0*180(\.0*)?)"#
    /// A whole number of at most nine digits; -0 is 0.
    private static let geonamesIDText = #"\+?0*[0-9]{1,9}(\.0*)?|-(0+(\.0*)?|\.0+)"#
    private static let orbText = #"[+-]?(0*([0-9]|[12][0-9])(\.[0-9]*)?|\.[0-9]+|0*30(\.0*)?)"#
    /// A whole number from 1 to 12, "3.0" included.
    private static let houseText = #"\+?0*([1-9]|1[0-2])(\.0*)?"#
    private static var longitudeValue: JSONText { ["type": "number", "minimum": 0, "exclusiveMaximum": 360] }

    /// Yes or no as an option or a chart's entry takes it (`JSONNode.flag()`): a bool, 0 or 1, or those as text in
    /// any case, `padding` around.
    static func flag(padding: String) -> JSONText {
        ["anyOf": [["type": "boolean"], ["type": "number", "enum": [0, 1]],
                   ["type": "string", "pattern": .string("^\(padding)*(\(OpenAPINamePatterns.caseless("true"))|\(OpenAPINamePatterns.caseless("false"))|[01])\(padding)*$")]]]
    }

    /// A name to show (a house system, a zodiac).
    private static var placeText: JSONText {
        ["type": "string", "maxLength": .int(ChartPlace.maxTextScalars), "pattern": .string(showableText)]
    }

    private static var shownName: JSONText {
        ["type": "string", "maxLength": .int(ChartLimits.maxHouseSystemScalars), "pattern": .string(showableText)]
    }
}
