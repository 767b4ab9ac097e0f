@testable import ChartServer
import ChartModel
import Ephemeris
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport
import WheelRender

/// The figures' words in the language the request asks for: `Accept-Language` on every route that draws
/// (the best of the ten, else English), an explicit `language` option winning over it, an unknown code refused 400
/// with the codes; `Content-Language` and `Vary` on the figures; a signed URL keeping the language it was made in;
/// the JSON answers' English identifiers the same whatever the header.
@Suite(.hangGuard) struct ServerLanguageTests {
    static let birth = V1RoutesTests.birth
    static let sample = try! SampleBirth("b_1990_newyork")
    static let codes = "en, es, pt, fr, de, it, ru, tr, hi, zh"

    static func serve(_ configuration: ServerConfiguration = TestKeys.configuration(keys: APIKeys()),
                      _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: ChartServer(testing: configuration).router()).test(.router, body)
    }

    /// The figure drawn here, in `language`, as a `/v1` route draws it for `V1RoutesTests.birth`.
    static func local(_ figure: (NatalChart) -> Figure, language: Language, size: Int = 500) throws -> Data {
        var options = RenderOptions()
        options.chartSize = size
        options.language = language
        return WheelRenderer.svg(figure(try V1RoutesTests.local()), options: options)
    }

    /// The text of the SVG's `<title>` or `<desc>`.
    static func element(_ name: String, in data: Data) -> String {
        let svg = String(decoding: data, as: UTF8.self)
        guard let open = svg.range(of: "<\(name) id=\""), let start = svg.range(of: "\">", range: open.upperBound..<svg.endIndex),
              let close = svg.range(of: "</\(name)>", range: start.upperBound..<svg.endIndex) else { return "" }
        return String(svg[start.upperBound..<close.lowerBound])
    }

    static func post(_ client: some TestClientProtocol, _ path: String, _ body: String, acceptLanguage: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static let figures: [(path: String, figure: @Sendable (NatalChart) -> Figure)] = [
        ("/v1/wheel", { .wheel($0) }), ("/v1/grid", { .aspectGrid($0) }), ("/v1/table", { .elementTable($0) }),
        ("/v1/positions", { .positionsTable($0) }), ("/v1/sheet", { .sheet($0, outer: nil, width: 900) }),
    ]

    // MARK: Our own API

    @Test func acceptLanguageGivesEveryFiguresWords() async throws {
        try await Self.serve { client in
            for (path, figure) in Self.figures {
                let extra = path == "/v1/sheet" ? #","page_width":900"# : ""
                let body = #"{"birth":\#(Self.birth),"options":{"chart_size":500}\#(extra)}"#
                let response = try await Self.post(client, path, body, acceptLanguage: "de-DE,de;q=0.9,en;q=0.8")
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentLanguage] == "de", "\(path)")
                #expect(response.headers[.vary] == "Accept, Accept-Language", "\(path)")
                #expect(response.data == (try Self.local(figure, language: .de)), "\(path): the library's German render")
            }
            // The wheel's own words: the title, and the description's bodies, signs, houses and aspects.
            let wheel = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth)}"#, acceptLanguage: "de")
            #expect(Self.element("title", in: wheel.data) == "Geburtshoroskop")
            let description = Self.element("desc", in: wheel.data)
            for word in ["Aszendent ", "Medium Coeli ", "Sonne ", " Stier", "Haus ", "Aspekte: "] {
                #expect(description.contains(word), "\(word) in \(description)")
            }
            for word in ["Sun ", "Taurus", "house ", "Aspects"] { #expect(!description.contains(word), "\(word) in \(description)") }
        }
    }

    @Test func anExplicitOptionWinsOverTheHeader() async throws {
        try await Self.serve { client in
            let french = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth),"options":{"chart_size":500,"language":"fr"}}"#,
                                             acceptLanguage: "de")
            #expect(french.status == .ok)
            #expect(french.headers[.contentLanguage] == "fr")
            #expect(french.headers[.vary] == "Accept, Accept-Language")
            #expect(french.data == (try Self.local({ .wheel($0) }, language: .fr)))
            // In any case, as every choice is read.
            let upper = try await Self.post(client, "/v1/grid", #"{"birth":\#(Self.birth),"options":{"language":"RU"}}"#, acceptLanguage: "de")
            #expect(upper.headers[.contentLanguage] == "ru")
            // null puts the option back to its default, English, as in an options file: still the request's own choice.
            let null = try await Self.post(client, "/v1/table", #"{"birth":\#(Self.birth),"options":{"language":null}}"#, acceptLanguage: "de")
            #expect(null.status == .ok)
            #expect(null.headers[.contentLanguage] == "en")
        }
    }

    @Test func noneOfTheTenIsEnglishAndNoError() async throws {
        try await Self.serve { client in
            let english = try Self.local({ .wheel($0) }, language: .en)
            let body = #"{"birth":\#(Self.birth),"options":{"chart_size":500}}"#
            for header in [nil, "*", "ja, ko;q=0.5", "zh-TW", "zh-Hant", "", "x;;q=2, de;q=1.5", "en", "en-GB,en;q=0.9", "de;q=0, *;q=0.5"] as [String?] {
                let response = try await Self.post(client, "/v1/wheel", body, acceptLanguage: header)
                #expect(response.status == .ok, "\(header ?? "no header")")
                #expect(response.headers[.contentLanguage] == "en", "\(header ?? "no header")")
                #expect(response.headers[.vary] == "Accept, Accept-Language", "\(header ?? "no header")")
                #expect(response.data == english, "\(header ?? "no header")")
            }
        }
    }

    @Test func theWeightsChooseAndEveryLineCounts() async throws {
        let cases: [(String, String)] = [
            ("en;q=0.5, de;q=0.8", "de"), ("fr;q=0, es", "es"), ("en;q=0, *", "es"), ("ja, pt-BR;q=0.3, it;q=0.2", "pt"),
            ("de;q=0.9, ru", "ru"), ("zh-TW, zh;q=0.8", "zh"), ("zh-CN", "zh"), ("hi-IN;q=1.000, tr;q=0.999", "hi"), ("TR", "tr"),
        ]
        try await Self.serve { client in
            for (header, code) in cases {
                let response = try await Self.post(client, "/v1/table", #"{"birth":\#(Self.birth)}"#, acceptLanguage: header)
                #expect(response.status == .ok, "\(header)")
                #expect(response.headers[.contentLanguage] == code, "\(header)")
            }
            // Two header lines are one list (RFC 9110 §5.3).
            var headers = HTTPFields()
            headers.append(HTTPField(name: .acceptLanguage, value: "ja"))
            headers.append(HTTPField(name: .acceptLanguage, value: "it;q=0.5"))
            let response = try await client.execute(uri: "/v1/grid", method: .post, headers: headers, body: ByteBuffer(string: #"{"birth":\#(Self.birth)}"#))
            #expect(response.headers[.contentLanguage] == "it")
        }
    }

    @Test func anUnknownLanguageIs400ListingTheCodes() async throws {
        try await Self.serve { client in
            for (path, _) in Self.figures {
                let response = try await Self.post(client, path, #"{"birth":\#(Self.birth),"options":{"language":"xx"}}"#, acceptLanguage: "de")
                #expect(response.status == .badRequest, "\(path)")
                let problem = try V1RoutesTests.problem(response)
                #expect(problem["detail"] as? String == "options.language: \"xx\" is not one of \(Self.codes)", "\(path)")
                #expect(problem["field"] as? String == "options.language")
                #expect(problem["status"] as? Int == 400)
                #expect(response.headers[.contentLanguage] == nil)
            }
            // Any value that is not one of the ten: a tag of another language, a region's, a number.
            for value in [#""ja""#, #""zh-TW""#, #""""#, "5", "true"] {
                let response = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth),"options":{"language":\#(value)}}"#)
                #expect(response.status == .badRequest, "\(value)")
                #expect(try V1RoutesTests.problem(response)["field"] as? String == "options.language")
            }
            // Other options' refusals keep their status.
            let size = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth),"options":{"chart_size":"big"}}"#)
            #expect(size.status == .unprocessableContent)
            let theme = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth),"options":{"theme":"xx"}}"#)
            #expect(theme.status == .unprocessableContent)
        }
    }

    // MARK: The drop-ins and signed URLs

    /// The wheel a signed URL should draw for `body` (a drop-in's), in `language`.
    static func localWheel(_ body: Data, language: Language) throws -> Data {
        let request = try BirthRequest.decode(body)
        let chart = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem ?? .placidus, settings: request.settings).chart
        var options = RenderOptions()
        options.language = language
        return WheelRenderer.svg(.wheel(chart), options: options)
    }

    /// A FreeAstrologyAPI body with `config.language` as given, or without one.
    static func freeBody(language: String?) throws -> Data {
        var body = try #require(sample.freeAstrologyAPIBody().jsonObject as? [String: Any])
        var config = try #require(body["config"] as? [String: Any])
        config["language"] = language
        body["config"] = config
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// The chart URL a drop-in's wheel endpoint answers `body` with, asked with `acceptLanguage`.
    static func chartURL(_ client: some TestClientProtocol, _ path: String, _ body: Data, acceptLanguage: String?) async throws -> String {
        var headers: HTTPFields = [:]
        if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
        let response = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
        #expect(response.status == .ok, "\(String(decoding: response.data, as: UTF8.self))")
        #expect(response.headers[.vary] == "Accept-Language", "the URL depends on the header")
        #expect(response.headers[.contentLanguage] == nil, "JSON of identifiers, in no language")
        let answer = try #require(response.json)
        return try #require((answer["chart_url"] ?? answer["output"]) as? String)
    }

    /// The options a signed URL carries: its payload's last line.
    static func carriedOptions(_ url: String) throws -> [String: Any] {
        let token = String(try #require(url.split(separator: "/").last))
        let payload = try #require(WheelURLSigner.decodeBase64URL(String(token.split(separator: ".")[0])))
        let lines = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        return try #require(Data(lines[3]).jsonObject as? [String: Any])
    }

    /// `url` fetched by callers who prefer other languages: the same picture, in `language`, every time.
    static func expectSameWheel(_ client: some TestClientProtocol, _ url: String, _ expected: Data, language: Language) async throws {
        for header in [nil, "en", "fr", "zh-CN, de;q=0.5", "*"] as [String?] {
            var headers: HTTPFields = [:]
            if let header { headers[.acceptLanguage] = header }
            let response = try await client.execute(uri: pathOf(url), method: .get, headers: headers)
            #expect(response.status == .ok)
            #expect(response.headers[.contentLanguage] == language.rawValue, "fetched with \(header ?? "no header")")
            #expect(response.headers[.vary] == nil, "the URL alone says the language")
            #expect(response.data == expected, "fetched with \(header ?? "no header")")
        }
        let head = try await client.execute(uri: pathOf(url), method: .head, headers: [.acceptLanguage: "ru"])
        #expect(head.status == .ok)
        #expect(head.headers[.contentLanguage] == language.rawValue)
    }

    @Test func anAstrologyAPIWheelURLKeepsTheLanguageOfTheRequest() async throws {
        let body = Self.sample.astrologyAPIBody()
        try await Self.serve { client in
            let german = try await Self.chartURL(client, "/v1/natal_wheel_chart", body, acceptLanguage: "de-CH, fr;q=0.9")
            #expect(try Self.carriedOptions(german)["language"] as? String == "de", "the URL carries, and signs, the language")
            try await Self.expectSameWheel(client, german, try Self.localWheel(body, language: .de), language: .de)
            // Made without a preference, or preferring none of the ten: English, whoever fetches it.
            for header in [nil, "ja", "*"] as [String?] {
                let english = try await Self.chartURL(client, "/v1/natal_wheel_chart", body, acceptLanguage: header)
                #expect(try Self.carriedOptions(english)["language"] == nil, "English, the default, goes without saying")
                try await Self.expectSameWheel(client, english, try Self.localWheel(body, language: .en), language: .en)
            }
            // Our own option's name at AstrologyAPI's top level wins over the header.
            let explicit = try await Self.chartURL(client, "/v1/natal_wheel_chart", Self.sample.astrologyAPIBody(["language": "tr"]), acceptLanguage: "de")
            try await Self.expectSameWheel(client, explicit, try Self.localWheel(body, language: .tr), language: .tr)
        }
    }

    @Test func aFreeAstrologyAPIWheelTakesConfigLanguageOverTheHeader() async throws {
        try await Self.serve { client in
            let spanish = try Self.freeBody(language: "es")
            let url = try await Self.chartURL(client, "/western/natal-wheel-chart", spanish, acceptLanguage: "de")
            #expect(try Self.carriedOptions(url)["language"] as? String == "es")
            try await Self.expectSameWheel(client, url, try Self.localWheel(spanish, language: .es), language: .es)
            // The service's usual `"language": "en"` is a choice too: English, whatever the header.
            let english = try Self.freeBody(language: "en")
            let englishURL = try await Self.chartURL(client, "/western/natal-wheel-chart", english, acceptLanguage: "de")
            try await Self.expectSameWheel(client, englishURL, try Self.localWheel(english, language: .en), language: .en)
            // Without config.language, the header's.
            let none = try Self.freeBody(language: nil)
            let headerURL = try await Self.chartURL(client, "/western/natal-wheel-chart", none, acceptLanguage: "hi;q=0.4, ja")
            try await Self.expectSameWheel(client, headerURL, try Self.localWheel(none, language: .hi), language: .hi)
        }
    }

    @Test func aDropInsUnknownLanguageIs400InTheServicesShape() async throws {
        try await Self.serve { client in
            let free = try await client.execute(uri: "/western/natal-wheel-chart", method: .post, headers: [.acceptLanguage: "de"],
                                                body: ByteBuffer(bytes: try Self.freeBody(language: "xx")))
            #expect(free.status == .badRequest)
            #expect(free.json?["message"] as? String == "config.language: \"xx\" is not one of \(Self.codes)")
            let astrology = try await client.execute(uri: "/v1/natal_wheel_chart", method: .post,
                                                     body: ByteBuffer(bytes: Self.sample.astrologyAPIBody(["language": "xx"])))
            #expect(astrology.status == .badRequest)
            #expect(astrology.json?["msg"] as? String == "language: \"xx\" is not one of \(Self.codes)")
        }
    }

    // MARK: JSON stays as it is

    @Test func jsonAnswersAreByteForByteTheSameWhateverTheLanguage() async throws {
        let astrology = Self.sample.astrologyAPIBody()
        let free = try Self.freeBody(language: "en")
        let freeGerman = try Self.freeBody(language: "de")
        let requests: [(String, Data, Data)] = [
            ("/v1/western_chart_data", astrology, astrology),
            ("/western/planets", free, freeGerman), ("/western/houses", free, freeGerman), ("/western/aspects", free, freeGerman),
            ("/v1/chart", Data(Self.birth.utf8), Data(Self.birth.utf8)),
        ]
        try await Self.serve { client in
            for (path, plain, asked) in requests {
                let without = try await client.execute(uri: path, method: .post, body: ByteBuffer(bytes: plain))
                let with = try await client.execute(uri: path, method: .post, headers: [.acceptLanguage: "de"], body: ByteBuffer(bytes: asked))
                #expect(without.status == .ok && with.status == .ok, "\(path)")
                #expect(with.data == without.data, "\(path): the same bytes with Accept-Language: de (and config.language de)")
                #expect(Array(with.headers.filter { $0.name != .date }) == Array(without.headers.filter { $0.name != .date }),
                        "\(path): the same headers")
                #expect(with.headers[.contentLanguage] == nil && with.headers[.vary] == nil, "\(path)")
                // English identifiers, as the services write them.
                let text = String(decoding: with.data, as: UTF8.self)
                #expect((ZodiacSign.allCases.map(\.name) + ["Sun"]).contains { text.lowercased().contains($0.lowercased()) }, "\(path)")
                #expect(!text.contains("Stier") && !text.contains("Sonne"), "\(path)")
            }
        }
    }

    // MARK: The document

    @Test func theDocumentSaysWhichRoutesReadAcceptLanguage() async throws {
        let document = try await OpenAPITests.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let reading: Set<String> = ["/v1/wheel", "/v1/grid", "/v1/table", "/v1/positions", "/v1/sheet", "/v1/natal_wheel_chart",
                                    "/western/natal-wheel-chart"]
        for (path, operations) in paths {
            for (method, operation) in operations {
                let operation = try #require(operation as? [String: Any])
                let parameters = operation["parameters"] as? [[String: Any]] ?? []
                let header = parameters.first { $0["name"] as? String == "Accept-Language" }
                #expect((header != nil) == reading.contains(path), "\(method) \(path)")
                guard reading.contains(path) else { continue }
                #expect(header?["in"] as? String == "header")
                let responses = try #require(operation["responses"] as? [String: Any])
                #expect(responses["400"] != nil, "\(method) \(path) documents the 400 of an unknown language")
                let ok = try #require(responses["200"] as? [String: Any])
                let headers = ok["headers"] as? [String: Any] ?? [:]
                #expect(headers["Vary"] != nil, "\(path)")
                let drawsHere = path.hasPrefix("/v1/") && path != "/v1/natal_wheel_chart"
                #expect((headers["Content-Language"] != nil) == drawsHere, "\(path): a figure says its language; a URL's JSON is in none")
            }
        }
        let signed = try #require(paths["/v1/wheel/signed/{token}"]?["get"] as? [String: Any])
        let signedOK = try #require((signed["responses"] as? [String: Any])?["200"] as? [String: Any])
        #expect((signedOK["headers"] as? [String: Any])?["Content-Language"] != nil)
    }
}
