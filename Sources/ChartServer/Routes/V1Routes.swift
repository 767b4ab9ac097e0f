import ChartModel
import Ephemeris
import Foundation
import HTTPTypes
import Hummingbird
import Places
import Support
import WheelRender

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// Our own API: a birth to its chart; a chart or a birth to a wheel, bi-wheel, grid, table, positions or sheet; the sky at
    /// a moment; places by name; the zone at coordinates. With `v1` keys configured, each wants `Authorization:
    /// Bearer KEY`.
    func addV1Routes(to router: Router<BasicRequestContext>) {
        router.post("/v1/chart") { request, _ -> Response in
            try authorizeV1(request)
            let body = try await body(of: request)
            let query = request.uri.queryParameters
            let strict = try Self.flag(query["strict"].map(String.init), named: "strict") ?? false
            let computed = try FigureRequest.computeBirth(body, houseSystem: query["house_system"].map(String.init),
                                                          settings: try Self.chartSettings(query), strict: strict, at: "")
            return jsonResponse(computed.chart.jsonData(compact: true), extra: Self.warningHeaders(computed.warnings))
        }
        for (path, figure) in [("/v1/wheel", FigureKind.wheel), ("/v1/grid", .grid), ("/v1/table", .table), ("/v1/positions", .positions), ("/v1/sheet", .sheet)] {
            router.post(RouterPath(path)) { request, _ -> Response in
                try authorizeV1(request)
                let body = try await body(of: request)
                let drawing = try FigureRequest(body, drawing: figure, accept: request.headers[.accept], language: Self.preferredLanguage(request))
                let data = try await render(drawing.figure(figure), as: drawing.format, options: drawing.options)
                return imageResponse(data, as: drawing.format,
                                     extra: Self.warningHeaders(drawing.warnings) + Self.languageHeaders(drawing.options.language, vary: Self.figureVary))
            }
        }
        router.get("/v1/sky") { request, _ -> Response in
            try authorizeV1(request)
            let query = request.uri.queryParameters
            let moment = try Self.moment(query["at"].map(String.init))
            let place = try Self.coordinates(query)
            let choices = try Self.chartSettings(query)
            let settings: ChartSettings
            do throws(ChartError) {
                settings = try ChartSettings(choices)
            } catch {
                throw Problem(error)
            }
            // Read with a place or without: a value the document refuses is refused either way.
            let system = try Self.houseSystem(query["house_system"].map(String.init))
            if let place {
                let computed = try Self.chart(at: moment, place: place, houseSystem: system, settings: settings)
                return jsonResponse(computed.chart.jsonData(compact: true), extra: Self.warningHeaders(computed.warnings))
            }
            // Without a place there is no one on the Earth's surface to see the sky from.
            if case .topocentric = settings.observer {
                throw Problem(.conflict, "topocentric: needs a place; give lat and lon", field: "topocentric")
            }
            let sky = try Self.unwrap("at") { () throws(ChartError) in try ChartCalculator.transits(at: moment, place: nil, settings: settings) }
            return jsonResponse(Self.positions(sky.chart, at: moment))
        }
        router.get("/v1/places") { request, _ -> Response in
            try authorizeV1(request)
            let query = request.uri.queryParameters
            guard let text = query["q"].map(String.init) else {
                throw Problem(.unprocessableContent, "q: give a place name, as \"Ulm, DE\" or \"Paris, TX\"", field: "q")
            }
            let limit = try Self.whole(query["limit"].map(String.init), named: "limit", in: 1...100) ?? 10
            let matches: [PlaceMatch]
            do {
                matches = try Gazetteer.search(text, limit: limit)
            } catch {
                // A blank name, or one of no letter or digit, is well formed and matches nothing.
                throw Problem((error as? PlaceError)?.namesNothing == true ? .notFound : .unprocessableContent, "q: \(error)", field: "q")
            }
            guard !matches.isEmpty else {
                let suggestions = Gazetteer.suggestions(for: text).map(\.label)
                throw Problem(.notFound, "no place matches the name" + (suggestions.isEmpty ? "" : "; nearest names: " + suggestions.joined(separator: "; ")), field: "q")
            }
            return jsonResponse(Data(Place.json(matches.map(\.place)).utf8))
        }
        router.get("/v1/zone") { request, _ -> Response in
            try authorizeV1(request)
            let query = request.uri.queryParameters
            guard let place = try Self.coordinates(query) else {
                throw Problem(.unprocessableContent, "lat and lon: give both, in degrees (north and east positive)", field: "lat")
            }
            let moment = try Self.moment(query["at"].map(String.init))
            guard let finding = Gazetteer.zone(latitude: place.latitude, longitude: place.longitude) else {
                throw Problem(.unprocessableContent, "lat and lon: \(place.latitude), \(place.longitude) are not on the globe", field: "lat")
            }
            let offset = TimeZone(identifier: finding.zone)?.secondsFromGMT(for: moment) ?? 0
            let nearby = Gazetteer.nearest(latitude: place.latitude, longitude: place.longitude)
            let object: [String: JSONText] = [
                "zone": .string(finding.zone), "offset": .string(formatOffset(offset)), "offset_seconds": .int(offset),
                "at": .string(Self.iso8601(moment)), "at_sea": .bool(finding.isAtSea),
                "neighbours": .array(finding.neighbours.map {
                    JSONText.sorted(["zone": .string($0.zone), "kilometres": .compact(($0.kilometres * 10).rounded() / 10)])
                }),
                "place": nearby.map { .string($0.place.label) } ?? .null,
                "kilometres": nearby.map { .compact(($0.kilometres * 10).rounded() / 10) } ?? .null,
            ]
            return jsonResponse(JSONText.sorted(object).data)
        }
    }

    /// With `v1` keys configured, a request without `Authorization: Bearer` and one of them is 401.
    func authorizeV1(_ request: Request) throws {
        let keys = configuration.apiKeys.v1
        guard !keys.isEmpty else { return }
        let given = request.headers[.authorization].flatMap { value -> Substring? in
            value.lowercased().hasPrefix("bearer ") ? value.dropFirst(7) : nil
        }
        guard let given, keys.contains(where: { Self.sameBytes($0.utf8, given.utf8) }) else {
            throw Problem(.unauthorized, given == nil ? "this route wants Authorization: Bearer and a key" : "the bearer key is not one of this server's",
                          headers: [.wwwAuthenticate: "Bearer"])
        }
    }

    /// Equal bytes, compared in a time that does not tell where they differ.
    static func sameBytes(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The warnings of a request as `Wheel-Warning` headers, one each, non-ASCII escaped as `\u00fc`.
    static func warningHeaders(_ warnings: [String]) -> HTTPFields {
        var fields = HTTPFields()
        for warning in warnings.prefix(20) {
            let safe = warning.prefix(400).unicodeScalars.map { scalar in
                (0x20..<0x7f).contains(scalar.value) ? String(scalar) : String(format: "\\u%04x", min(scalar.value, 0xffff))
            }.joined()
            fields.append(HTTPField(name: .wheelWarning, value: safe))
        }
        return fields
    }

    // MARK: Query values, worded as the CLI words its flags' problems.

    static func moment(_ text: String?) throws -> Date {
        guard let text else { return Date() }
        // In a query a space may have been a `+` (an offset's) before the URL was written: only `T` parts day and time.
        guard !text.contains(" ") else {
            throw Problem(.unprocessableContent, "at: \(quote(text)) is not a moment: give 2026-11-22T12:00:00Z, 2026-11-22T17:30+05:30 or now "
                          + "(in a query a T between the day and the time, and + written %2B)", field: "at")
        }
        return try unwrap("at") { () throws(ChartError) in try ChartCalculator.moment(text) }
    }

    static func coordinates(_ query: Parameters) throws -> (latitude: Double, longitude: Double)? {
        let latitude = try number(query["lat"].map(String.init), named: "lat", in: -90...90)
        let longitude = try number(query["lon"].map(String.init), named: "lon", in: -180...180)
        switch (latitude, longitude) {
        case let (.some(latitude), .some(longitude)): return (latitude, longitude)
        case (nil, nil): return nil
        default: throw Problem(.conflict, "lat and lon: give both, or neither", field: latitude == nil ? "lat" : "lon")
        }
    }

    /// The chart settings in a query (`?ayanamsa=lahiri&topocentric=true`), each read by its option's declaration.
    static func chartSettings(_ query: Parameters) throws -> ChartSettingsChoices {
        var options = RenderOptions()
        for option in RenderOption.chartSettings {
            guard let text = query[Substring(option.name)].map(String.init) else { continue }
            do {
                try options.set(option, text)
            } catch {
                throw Problem(error)
            }
        }
        return options.chartSettings
    }

    static func houseSystem(_ name: String?) throws -> HouseSystem {
        guard let name else { return .placidus }
        do throws(ChartError) {
            return try HouseSystem(name: name)  // its error names the field
        } catch {
            throw Problem(error)
        }
    }

    static func number(_ text: String?, named name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text else { return nil }
        guard let value = decimalNumber(text), value.isFinite else { throw Problem(.unprocessableContent, "\(name): \(quote(text)) is not a number", field: name) }
        guard range.contains(value) else {
            throw Problem(.unprocessableContent, "\(name): \(text) is outside \(Int(range.lowerBound))…\(Int(range.upperBound))", field: name)
        }
        return value
    }

    static func whole(_ text: String?, named name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Problem(.unprocessableContent, "\(name): \(quote(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound)", field: name)
        }
        return value
    }

    static func flag(_ text: String?, named name: String) throws -> Bool? {
        guard let text else { return nil }
        switch text.lowercased() {
        case "true", "1", "": return true
        case "false", "0": return false
        default: throw Problem(.unprocessableContent, "\(name): \(quote(text)) is not true or false", field: name)
        }
    }

    /// `body`'s value; its `ChartError` a problem about `field`.
    static func unwrap<T>(_ field: String, _ body: () throws(ChartError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw Problem(error, in: field + ".")
        }
    }

    /// The chart of the sky at `moment` seen from `place`.
    static func chart(at moment: Date, place: (latitude: Double, longitude: Double), houseSystem: HouseSystem,
                      settings: ChartSettings = ChartSettings()) throws -> ComputedChart {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moment)
        return try unwrap("at") { () throws(ChartError) in
            let birth = try Birth(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                                  second: Double(parts.second!) + Double(parts.nanosecond!) / 1e9, zone: .utc,
                                  latitude: place.latitude, longitude: place.longitude)
            return try ChartCalculator.chart(for: birth, houseSystem: houseSystem, settings: settings)
        }
    }

    /// The sky's bodies and aspects without a place: the chart's JSON less its houses and angles.
    static func positions(_ sky: NatalChart, at moment: Date) -> Data {
        // The chart's own JSON, read back with the tape and handed on as written: numbers untouched, keys in order.
        let parts = try? JSONDocument.parse(sky.jsonData(compact: true)) { root throws(ChartError) -> (bodies: JSONText, aspects: JSONText) in
            let chart = try root.object()
            let bodies = try chart.required("bodies").array().map { body throws(ChartError) -> JSONText in
                JSONText.object(try body.object().entries.filter { $0.key != "house" }.map { ($0.key, JSONText.verbatim($0.node.source)) })
            }
            return (.array(bodies), chart.optional("aspects").map { .verbatim($0.source) } ?? [])
        }
        return JSONText.sorted(["at": .string(iso8601(moment)), "bodies": parts?.bodies ?? [], "aspects": parts?.aspects ?? []]).data
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

extension HTTPField.Name {
    /// A warning about the request, one per header line: what the CLI prints to stderr as `wheel: warning: …`.
    static let wheelWarning = HTTPField.Name("Wheel-Warning")!
}
