import ChartModel
import Ephemeris
import Foundation
import WheelRender

/// The OpenAPI 3.1 document of every route, served at `/openapi.json`. The rendering options' schema comes from
/// their one declaration (`RenderOption.all`), so the document cannot drift from what the server reads; a test
/// holds its paths to the routes both ways.
enum OpenAPIDocument {
    static let json: Data = document.data

    /// The document as a server with `keys` enforces it: an API without keys is open, so its operations name no
    /// security scheme (a scheme named would promise a 401 the server does not give).
    static func json(for keys: APIKeys) -> Data {
        var open: Set<String> = []
        if keys.v1.isEmpty { open.insert("bearer") }
        if keys.astrologyAPI.isEmpty { open.formUnion(["astrologyBasic", "astrologyKey"]) }
        if keys.freeAstrologyAPI.isEmpty { open.insert("freeKey") }
        guard !open.isEmpty else { return json }
        var document = document
        document["paths"] = document["paths"]!.mapMembers { path in
            path.mapMembers { operation in
                guard case .array(let security)? = operation["security"] else { return operation }
                var operation = operation
                let kept = security.filter { requirement in
                    guard case .object(let schemes) = requirement else { return true }
                    return !schemes.contains { open.contains($0.0) }
                }
                operation["security"] = kept.isEmpty ? nil : .array(kept)
                return operation
            }
        }
        return document.data
    }

    static var document: JSONText {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "wheel serve", "version": "1",
                "description": "Charts and chart wheels computed here: our own API under /v1, AstrologyAPI's and FreeAstrologyAPI's endpoints as drop-ins, signed wheel URLs. Errors are application/problem+json with the CLI's wording.",
            ],
            "paths": paths,
            "components": ["schemas": schemas, "securitySchemes": securitySchemes],
        ]
    }

    // MARK: Paths

    static var paths: JSONText {
        var paths: JSONText = [
            "/v1/chart": ["post": operation(
                "A birth's chart, as `wheel chart` computes it", body: ref("BirthRequest"),
                query: [parameter("house_system", "placidus, koch, regiomontanus, campanus, porphyry, equal or whole-sign", houseSystemInQuery),
                        parameter("strict", "a house system undefined at the birthplace is an error", ["type": "boolean"])]
                    + RenderOption.chartSettings.map { parameter($0.name, $0.help + " Over the birth's own.", optionSchema($0, inQuery: true)) },
                ok: ["application/json": ref("Chart")], extra: ["404", "409"], security: ["bearer"])],
            "/v1/sky": ["get": operation(
                "The sky at a moment: with lat and lon, the chart of that moment and place; without, the bodies and aspects alone",
                query: [parameter("at", "ISO 8601 (2026-11-22T12:00:00Z, +05:30: + written %2B) or now (the default)", queryMoment),
                        parameter("lat", "degrees north, -90…90", ["type": "number", "minimum": -90, "maximum": 90]),
                        parameter("lon", "degrees east, -180…180", ["type": "number", "minimum": -180, "maximum": 180]),
                        parameter("house_system", "with lat and lon", houseSystemInQuery)]
                    + RenderOption.chartSettings.map { parameter($0.name, $0.help + " topocentric and elevation with lat and lon.", optionSchema($0, inQuery: true)) },
                ok: ["application/json": ["type": "object"]], extra: ["409"], security: ["bearer"])],
            "/v1/places": ["get": operation(
                "Birthplaces by name, as `wheel place --json`: best match first",
                query: [parameter("q", "a name, optionally \", COUNTRY\" or \", DIVISION\" (a first-level division: \"Paris, TX\", \"Hyderabad, Telangana\"); one of no letter or digit matches nothing (404)", placeName, required: true),
                        parameter("limit", "1 to 100 (default 10)", ["type": "integer", "minimum": 1, "maximum": 100])],
                ok: ["application/json": ["type": "array", "items": ref("Place")]], extra: ["404"], security: ["bearer"])],
            "/v1/zone": ["get": operation(
                "The IANA zone whose border holds the coordinates (at sea the nautical zone of the longitude), the zones within 10 km beyond a border, the nearest place within 50 km, and the offset at a moment",
                query: [parameter("lat", "degrees north", ["type": "number", "minimum": -90, "maximum": 90], required: true),
                        parameter("lon", "degrees east", ["type": "number", "minimum": -180, "maximum": 180], required: true),
                        parameter("at", "ISO 8601 (+ written %2B) or now (the default)", queryMoment)],
                ok: ["application/json": ref("Zone")], extra: ["409"], security: ["bearer"])],
            "/healthz": ["get": operation("The process answers", ok: ["text/plain": ["type": "string"]], errors: [])],
            "/readyz": ["get": operation("The process takes work: not shutting down, a render place free", ok: ["text/plain": ["type": "string"]], errors: ["503"])],
            "/metrics": ["get": operation("Prometheus text", ok: ["text/plain": ["type": "string"]], errors: [])],
            "/openapi.json": ["get": operation("This document", ok: ["application/json": ["type": "object"]], errors: [])],
        ]
        for (path, summary) in [("/v1/wheel", "The wheel, or with outer or transits the bi-wheel"), ("/v1/grid", "The aspect grid"),
                                ("/v1/table", "The element table"), ("/v1/positions", "The positions table, or with outer or transits two charts' side by side"),
                                ("/v1/sheet", "The printable sheet")] {
            paths[path] = ["post": operation(summary + ", as SVG or PNG (format, else Accept, else options.image_type, else SVG), its words in options.language, else the language Accept-Language prefers, else English",
                                             body: ref(["/v1/sheet": "SheetRequest", "/v1/table": "TableRequest"][path] ?? "FigureRequest"),
                                             header: [acceptLanguage(over: "options.language")],
                                             ok: images, okHeaders: languageHeaders(vary: ChartServer.figureVary), extra: ["404", "409"], security: ["bearer"])]
        }
        paths["/v1/western_chart_data"] = ["post": operation(
            "AstrologyAPI's western_chart_data, computed here", body: ref("AstrologyAPIBirth"),
            ok: ["application/json": ["type": "object"]], errors: ["400", "401", "413", "429", "503"], errorSchema: "AstrologyAPIError",
            security: ["astrologyBasic", "astrologyKey"])]
        paths["/v1/natal_wheel_chart"] = ["post": operation(
            "AstrologyAPI's natal_wheel_chart: {status, chart_url, msg}, the URL signed and rendered by any replica", body: ref("AstrologyAPIBirth"),
            header: [acceptLanguage(over: "language (our option's name, at the top level)")],
            ok: ["application/json": ["type": "object"]], okHeaders: varyHeader, errors: ["400", "401", "413", "429", "503"], errorSchema: "AstrologyAPIError",
            security: ["astrologyBasic", "astrologyKey"])]
        for part in ["planets", "houses", "aspects"] {
            paths["/western/\(part)"] = ["post": operation(
                "FreeAstrologyAPI's /western/\(part), computed here", body: ref("FreeAstrologyAPIRequest"),
                ok: ["application/json": ["type": "object"]], errors: ["400", "403", "413", "429", "503"], errorSchema: "FreeAstrologyAPIError",
                security: ["freeKey"])]
        }
        paths["/western/natal-wheel-chart"] = ["post": operation(
            "FreeAstrologyAPI's natal-wheel-chart: {statusCode, output}, the URL signed", body: ref("FreeAstrologyAPIRequest"),
            header: [acceptLanguage(over: "config.language")],
            ok: ["application/json": ["type": "object"]], okHeaders: varyHeader, errors: ["400", "403", "413", "429", "503"], errorSchema: "FreeAstrologyAPIError",
            security: ["freeKey"])]
        let signed = operation(
            "A signed wheel URL (a drop-in's chart_url): rendered on demand by any replica sharing the secret; ETag and Cache-Control",
            path: [parameter("token", "the request, its expiry and its signature", ["type": "string", "pattern": #"^[A-Za-z0-9_-]+\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}\.(svg|png)$"#],
                             in: "path", required: true)],
            ok: images, okHeaders: languageHeaders(vary: nil), errors: ["400", "403", "410", "429", "503"], extraHeaders: true)
        paths["/v1/wheel/signed/{token}"] = ["get": signed, "head": signed]
        return paths
    }

    static var images: JSONText { ["image/svg+xml": ["type": "string"], "image/png": ["type": "string", "contentEncoding": "binary"]] }

    static func operation(_ summary: String, body: JSONText? = nil, query: [JSONText] = [], path: [JSONText] = [], header: [JSONText] = [],
                          ok: JSONText, okHeaders: JSONText? = nil, errors: [String] = ["400", "401", "413", "422", "429", "503"], extra: [String] = [],
                          errorSchema: String = "Problem", security: [String] = [], extraHeaders: Bool = false) -> JSONText {
        var responses: JSONText = ["200": ["description": "OK", "content": ok.mapMembers { ["schema": $0] }]]
        if let okHeaders { responses["200"]?["headers"] = okHeaders }
        if extraHeaders { responses["304"] = ["description": "Not modified: the ETag matched"] }
        for status in errors + extra {
            let type = errorSchema == "Problem" ? "application/problem+json" : "application/json"
            responses[status] = ["description": .string(descriptions[status] ?? "Error"), "content": .object([(type, JSONText.object([("schema", ref(errorSchema))]))])]
        }
        var operation: JSONText = ["summary": .string(summary), "responses": responses]
        if !(query + path + header).isEmpty { operation["parameters"] = .array(query + path + header) }
        if let body { operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": body]]] }
        if !security.isEmpty { operation["security"] = .array(security.map { .object([($0, JSONText.array([]))]) }) }
        return operation
    }

    static let descriptions = [
        "400": "Not JSON, or not the shape asked for; a language not among the ten (the detail lists them)", "401": "No key, or a wrong one", "403": "A wrong key, or a tampered URL",
        "404": "Nothing found: a place name that matches no place, coordinates with no place near to take a zone from",
        "409": "Fields valid alone but not together, in a way the schema cannot say: an elevation without topocentric in a query, a strict house system inside the polar circle, lat without lon", "410": "The URL has expired", "413": "The body is larger than the server reads",
        "422": "A field's value is refused: the detail says which and why", "429": "Over the key's rate; Retry-After says when",
        "503": "Busy (renders at once), past the deadline, or shutting down; Retry-After says when",
    ]

    static func parameter(_ name: String, _ description: String, _ schema: JSONText, in place: String = "query", required: Bool = false) -> JSONText {
        ["name": .string(name), "in": .string(place), "description": .string(description), "schema": schema, "required": .bool(required)]
    }

    static func ref(_ name: String) -> JSONText { ["$ref": "#/components/schemas/\(name)"] }

    /// The `Accept-Language` a figure's route reads when the request's own `option` names no language. Any text:
    /// a header naming none of the ten is English, not an error.
    static func acceptLanguage(over option: String) -> JSONText {
        parameter("Accept-Language", "The language of the figure's words when \(option) is not given: the best of "
                  + "\(Language.codesList) by the weights (RFC 9110), else English; a preference, never an error", string, in: "header")
    }

    /// A figure's `Content-Language` (one of the ten), and its `Vary` when it has one (a `/v1` figure's: `Accept,
    /// Accept-Language`).
    static func languageHeaders(vary: String?) -> JSONText {
        var headers: JSONText = ["Content-Language": [
            "description": "The language of the figure's words", "schema": ["type": "string", "enum": JSONText(Language.allCases.map(\.rawValue))],
        ]]
        if let vary {
            headers["Vary"] = ["description": "\(vary): the format follows Accept when the body names none, the words Accept-Language when the options name no language",
                               "schema": ["type": "string", "const": JSONText.string(vary)]]
        }
        return headers
    }

    /// `Vary: Accept-Language`: the answer follows the header when the request names no language.
    static var varyHeader: JSONText {
        ["Vary": ["description": "Accept-Language: the answer follows it when the request names no language",
                  "schema": ["type": "string", "const": "Accept-Language"]]]
    }

    /// `schema`, or null (an option's null puts it back to its default).
    static func nullable(_ schema: JSONText) -> JSONText { ["anyOf": [schema, ["type": "null"]]] }

    // MARK: Schemas

    static var schemas: JSONText {
        var schemas = otherSchemas
        for (name, schema) in chartSchemas { schemas[name] = schema }
        return schemas
    }

    private static var otherSchemas: JSONText {
        [
            "Birth": [
                "type": "object", "additionalProperties": false, "required": ["date", "time", "zone", "latitude", "longitude"],
                "description": "A birth, as `wheel chart --birth` reads it. `place` (a name, \"Ulm, DE\") may stand for zone, latitude and longitude (those given win), and coordinates without a zone take the zone whose border holds them (at sea, the nautical zone of the longitude), with a warning.",
                "properties": [
                    "date": ["type": "string", "pattern": .string("^(\(realDay))$"), "description": "YYYY-MM-DD, a real day from 1800-01-01 to 2100-12-31"],
                    "time": ["type": "string", "pattern": #"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"#, "description": "HH:MM, HH:MM:SS or HH:MM:SS.fff"],
                    "zone": ["type": "string", "pattern": .string(OpenAPINamePatterns.zone),
                             "description": "an IANA name (America/New_York; one the server's time-zone database does not know is 404), a UTC offset (+05:30, -4, +5.5, UTC+05:30), UTC or LMT"],
                    "latitude": ["type": "number", "minimum": -90, "maximum": 90, "description": "Placidus and Koch are undefined inside the polar circles, beyond about ±66.5° (Porphyry then, with a warning; with strict, 409)"],
                    "longitude": ["type": "number", "minimum": -180, "maximum": 180],
                    "place": placeName,
                    "fold": ["type": "string", "enum": ["earlier", "later"]],
                    "delta_t": ["type": "number", "minimum": -3600, "maximum": 3600],
                    "house_system": serviceHouseSystem,
                    "ayanamsa": optionSchema(RenderOption.ayanamsa), "topocentric": optionSchema(RenderOption.topocentric),
                    "elevation": optionSchema(RenderOption.elevation), "asteroids": optionSchema(RenderOption.asteroids),
                ],
                "if": ["required": ["elevation"]], "then": ["properties": ["topocentric": ["not": ["const": false]]]],
            ],
            "AstrologyAPIBirth": [
                "type": "object", "required": ["day", "month", "year", "hour", "min", "lat", "lon", "tzone"],
                "allOf": realDayRules(day: "day"),
                "properties": ["day": whole(1, 31), "month": whole(1, 12), "year": whole(1800, 2100), "hour": whole(0, 23), "min": whole(0, 59),
                               "lat": number(-90, 90), "lon": number(-180, 180), "tzone": number(-14, 14),
                               "house_type": serviceHouseSystem],
            ],
            "FreeAstrologyAPIBirth": [
                "type": "object", "required": ["year", "month", "date", "hours", "minutes", "latitude", "longitude", "timezone"],
                "allOf": realDayRules(day: "date"),
                "properties": ["year": whole(1800, 2100), "month": whole(1, 12), "date": whole(1, 31), "hours": whole(0, 23), "minutes": whole(0, 59),
                               "seconds": whole(0, 59), "latitude": number(-90, 90), "longitude": number(-180, 180), "timezone": number(-14, 14),
                               "config": [
                                   "type": "object",
                                   "description": "house_system; ayanamsha (tropical, sayana, or a sidereal zodiac's ayanamsa: lahiri, …) and observation_point (geocentric, topocentric), honoured; the wheel's options",
                                   "properties": [
                                       "ayanamsha": ["type": "string", "enum": JSONText(Zodiac.names)],
                                       "observation_point": ["type": "string", "enum": ["geocentric", "topocentric"]],
                                       "house_system": serviceHouseSystem,
                                   ],
                               ]],
            ],
            // The drop-ins also read config's exclude_planets (and, for the wheel, its options); /v1 reads the birth alone.
            "FreeAstrologyAPIRequest": ["allOf": [ref("FreeAstrologyAPIBirth"), [
                "properties": ["config": ["properties": ["exclude_planets": nullable(optionSchema(RenderOption.excludePlanets))]]],
            ]]],
            "BirthRequest": ["anyOf": [ref("Birth"), ref("AstrologyAPIBirth"), ref("FreeAstrologyAPIBirth")]],
            "FigureRequest": figureRequest(.wheel),
            "TableRequest": figureRequest(.table),
            "SheetRequest": figureRequest(.sheet),
            "RenderOptions": [
                "type": "object", "additionalProperties": false,
                "description": "The rendering options by their names in options files; see docs/Options.md. null puts an option back to its default.",
                "properties": .sorted(Dictionary(uniqueKeysWithValues: RenderOption.all.map { ($0.name, nullable(optionSchema($0))) })),
                // An elevation is a topocentric chart's: never with topocentric false (409; without topocentric here
                // or in the birth, 409 too).
                "if": ["required": ["elevation"], "properties": ["elevation": ["type": "number"]]],
                "then": ["properties": ["topocentric": ["not": ["const": false]]]],
            ],
            "Place": [
                "type": "object",
                "properties": ["name": string, "country": string, "country_code": string, "admin1": string, "latitude": ["type": "number"],
                               "longitude": ["type": "number"], "zone": string, "population": int, "id": int, "label": string],
            ],
            "Zone": [
                "type": "object",
                "required": ["zone", "offset", "offset_seconds", "at", "at_sea", "neighbours", "place", "kilometres"],
                "properties": ["zone": string, "offset": string, "offset_seconds": int, "at": string, "at_sea": ["type": "boolean"],
                               "neighbours": ["type": "array", "items": ["type": "object", "required": ["zone", "kilometres"],
                                                                        "properties": ["zone": string, "kilometres": ["type": "number"]]]],
                               "place": nullable(string), "kilometres": nullable(["type": "number"])],
            ],
            "AstrologyAPIError": ["type": "object", "required": ["status", "msg"], "properties": ["status": ["type": "boolean"], "msg": string]],
            "FreeAstrologyAPIError": ["type": "object", "required": ["message"], "properties": ["message": string]],
            "Problem": [
                "type": "object", "required": ["type", "title", "status", "detail"],
                "properties": ["type": string, "title": string, "status": int, "detail": string, "field": string],
            ],
        ]
    }

    static var int: JSONText { ["type": "integer"] }
    static func whole(_ low: Int, _ high: Int) -> JSONText { ["type": "integer", "minimum": .int(low), "maximum": .int(high)] }
    static func number(_ low: Double, _ high: Double) -> JSONText { ["type": "number", "minimum": .compact(low), "maximum": .compact(high)] }
    static var houseSystems: [String] { HouseSystem.allCases.map(\.rawValue) }
    /// A house system as a query names it (no space: a form-encoded query sends it as `+`; ASCII padding and no
    /// Kelvin sign, which schemathesis cannot draw from in a query, though the server takes them), and as a birth or
    /// the services' bodies name it: the readers' every form (`OpenAPINamePatterns`), the canonical names listed.
    static var houseSystemInQuery: JSONText {
        ["type": "string", "pattern": .string("^" + OpenAPINamePatterns.houseSystem(padding: #"[\t\n\u000B\f\r]"#, spaces: false, kelvin: false) + "$"),
         "description": .string(houseSystemForms)]
    }
    static var serviceHouseSystem: JSONText {
        ["type": "string", "pattern": .string(OpenAPINamePatterns.serviceHouseSystem),
         "description": .string(houseSystemForms + "; also the services' Whole Signs, whole_signs, poryphry and a name with _house, _houses, house or houses after it")]
    }
    private static var houseSystemForms: String {
        houseSystems.joined(separator: ", ") + " in any case, with - or _ between words or none, or the one-letter code ("
            + HouseSystem.allCases.map { String($0.letter) }.joined(separator: ", ") + ")"
    }

    /// A drawing's request: chart or birth (exactly one), outer or transits (at most one), the options; a sheet's
    /// also its page width.
    static func figureRequest(_ figure: FigureKind) -> JSONText {
        var properties: JSONText = [
            "chart": ref("Chart"), "birth": ref("BirthRequest"),
            "outer": ["anyOf": [ref("Chart"), ref("BirthRequest")]],
            "transits": moment(described: "a moment: ISO 8601 (2026-11-22T12:00:00Z, +05:30) or now"),
            "options": ref("RenderOptions"),
            "format": ["type": "string", "enum": ["svg", "png"]],
            "strict": ["type": "boolean"],
        ]
        if figure == .sheet {
            properties["page_width"] = whole(800, 4000)
            properties["page_width"]?["description"] = "The page's width; its height is √2 times that. As PNG, a page with text (a birth's header, a title) past the pixel limit of librsvg's whole surface (16,777,216 pixels: wider than 3,444) is 409."
        }
        // The element table draws one chart.
        if figure == .table { properties["outer"] = nil; properties["transits"] = nil }
        return [
            "type": "object", "additionalProperties": false, "properties": properties,
            "description": .string(figure == .table ? "chart or birth: the table draws one chart." : "chart or birth; outer (a chart or a birth) or transits (a moment) for two charts."),
            "oneOf": [["required": ["chart"], "not": ["required": ["birth"]]], ["required": ["birth"], "not": ["required": ["chart"]]]],
            "not": ["required": ["outer", "transits"]],
            "allOf": [
                // For chart JSON options.house_system is a name to show; for a birth, the system to compute.
                ["if": ["required": ["birth"]],
                 "then": ["properties": ["options": ["properties": ["house_system": ["anyOf": [
                     ["type": "string", "pattern": .string("^(\(linePadding)*|\(OpenAPINamePatterns.houseSystem(padding: linePadding, spaces: true)))$")],
                     ["type": "null"]]]]]]]],
                // Chart JSON is drawn as it was computed: the settings of a computation are a birth's alone.
                ["if": ["required": ["chart"]],
                 "then": ["properties": ["options": ["properties": .object(RenderOption.chartSettings.map { ($0.name, ["type": "null"]) })]]]],
            ],
        ]
    }
    static var string: JSONText { ["type": "string"] }

    /// A moment: ISO 8601 to the minute or the second (a fraction too), with `Z`, an offset or neither (UTC), `T` or a
    /// space between day and time, on a real day of 1800 to 2100; or now, in any case.
    /// A moment in a query: `T` between the day and the time (a space there may have been a `+`).
    static var queryMoment: JSONText { moment(described: nil, separators: "T") }

    static func moment(described description: String?, separators: String = "T ") -> JSONText {
        var schema: JSONText = ["type": "string", "pattern": .string(#"^([Nn][Oo][Ww]|("# + realDay
            + ")[" + separators + #"]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]+)?)?(Z|[+-](0[0-9]|1[0-4]):?[0-5][0-9])?)$"#)]
        if let description { schema["description"] = .string(description) }
        return schema
    }

    /// A real day from 1800-01-01 to 2100-12-31 as `YYYY-MM-DD`: each month's own days, the 29th of February in
    /// leap years only (none in 1800, 1900 and 2100).
    static let realDay = #"((18[0-9]{2}|19[0-9]{2}|20[0-9]{2}|2100)-((0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31)"#
        + #"|((18|19)(0[48]|[2468][048]|[13579][26])|20([02468][048]|[13579][26]))-02-29)"#

    /// The services' day, month and year fields as a real day: 30 days in April, June, September and November, 28
    /// in February but for leap years' 29th (`day` is the day field's name: `day`, or FreeAstrologyAPI's `date`).
    static func realDayRules(day: String) -> JSONText {
        let dayAtMost = { (days: Int) -> JSONText in
            let most: JSONText = ["maximum": .int(days)]
            return ["properties": .object([(day, most)])]
        }
        let notCentury: JSONText = ["multipleOf": 4, "not": ["multipleOf": 100]]
        let leapYear: JSONText = ["anyOf": [["multipleOf": 400], notCentury]]
        let thirtyDays: JSONText = ["properties": ["month": ["enum": [4, 6, 9, 11]]], "required": ["month"]]
        let february: JSONText = ["properties": ["month": ["const": 2]], "required": ["month"]]
        let twentyNinth: JSONText = ["const": 29]
        let leapDay: JSONText = ["properties": .object([("month", ["const": 2]), (day, twentyNinth)]), "required": .array(["month", .string(day)])]
        let rules: [JSONText] = [
            ["if": thirtyDays, "then": dayAtMost(30)],
            ["if": february, "then": dayAtMost(29)],
            ["if": leapDay, "then": ["properties": ["year": leapYear]]],
        ]
        return .array(rules)
    }

    /// A place's name as the gazetteer takes it: at most 200 characters, no control character. One of no letter or
    /// digit is well formed and matches nothing (404).
    static var placeName: JSONText {
        ["type": "string", "minLength": 1, "maxLength": 200, "pattern": #"^[^\u0000-\u001F\u007F-\u009F]*$"#,
         "description": "A place by name, \"Ulm, DE\", \"Paris, TX\""]
    }

    /// Text to show: no control character and no noncharacter (`ChartLimits.textProblem`). The pattern names the
    /// Basic Multilingual Plane's; the other planes' last two code points are refused too, which a pattern both
    /// JavaScript's and Python's regular expressions read cannot name.
    static let showableText = #"^[^\u0000-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]*$"#

    /// `#rgb` or `#rrggbb` (the names too are read: `red`, `navy`; see docs/Options.md).
    static let colourPattern = "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
    static var aspectNames: [String] { AspectKind.allCases.map(\.displayName) }

    /// An option's schema from its declaration: its kind of value, its range or words, its help. In a query, a
    /// flag's padding holds no space: a form-encoded query writes one as `+`, which is itself here.
    static func optionSchema(_ option: RenderOption, inQuery: Bool = false) -> JSONText {
        var schema: JSONText
        switch option.value {
        case .wholeNumber(let range): schema = ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
        case .boolean: schema = flag(padding: inQuery ? queryPadding : padding)
        case .choice(let words): schema = ["type": "string", "enum": JSONText(words)]
        case .colour: schema = ["type": "string", "pattern": .string(colourPattern)]
        case .colourOrNone: schema = ["type": "string", "pattern": "^(none|\(colourPattern.dropFirst().dropLast()))$"]
        case .text(let limit): schema = ["type": "string", "maxLength": .int(limit), "pattern": .string(showableText)]
        case .identifier(let limit): schema = ["type": "string", "maxLength": .int(limit), "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"]
        case .bodies: schema = ["type": "array", "items": ["type": "string", "enum": JSONText(BodyID.allCases.map(\.displayName))], "description": "or a string, the names separated by commas"]
        case .aspects: schema = ["type": "array", "items": ["type": "string", "enum": JSONText(aspectNames)], "description": "or a string, the names separated by commas"]
        case .aspectColours:
            schema = ["type": "object", "propertyNames": ["enum": JSONText(aspectNames)], "additionalProperties": ["type": "string", "pattern": .string(colourPattern)]]
        case .orbs: schema = ["type": "object", "propertyNames": ["enum": JSONText(aspectNames)], "additionalProperties": ["type": "number", "exclusiveMinimum": 0, "maximum": 15]]
        case .group:
            schema = ["type": "object", "additionalProperties": false,
                      "properties": .sorted(Dictionary(uniqueKeysWithValues: RenderOption.groupedColours.compactMap { member in
                          member.freeAstrologyAPIName.map { ($0, nullable(optionSchema(member))) }
                      }))]
        case .number(let range, _): schema = ["type": "number", "minimum": .compact(range.lowerBound), "maximum": .compact(range.upperBound)]
        case .name: schema = option.name == RenderOption.ayanamsa.name ? ["type": "string", "enum": JSONText(Zodiac.names)] : ["type": "string", "maxLength": 40]
        }
        schema["description"] = .string(option.help + " Default: \(option.defaultText).")
        return schema
    }

    static var securitySchemes: JSONText { [
        "bearer": ["type": "http", "scheme": "bearer", "description": "Our own API, when v1 keys are configured"],
        "astrologyBasic": ["type": "http", "scheme": "basic", "description": "AstrologyAPI's user_id:api_key"],
        "astrologyKey": ["type": "apiKey", "in": "header", "name": "x-astrologyapi-key"],
        "freeKey": ["type": "apiKey", "in": "header", "name": "x-api-key"],
    ] }
}
