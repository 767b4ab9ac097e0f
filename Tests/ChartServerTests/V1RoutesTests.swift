import ChartModel
import ChartServer
import Ephemeris
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// Our own API, in process: each route's answer equals the library's (and so the CLI's) for the same input, and
/// each refusal is a problem naming the field with the CLI's words.
@Suite(.hangGuard) struct V1RoutesTests {
    static let birth = #"{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}"#

    static func local(houseSystem: HouseSystem = .placidus) throws -> NatalChart {
        let birth = try Birth(date: "1990-05-15", time: "10:30", zone: "America/New_York", latitude: 40.7128, longitude: -74.006)
        return try ChartCalculator.chart(for: birth, houseSystem: houseSystem).chart
    }

    static func serve(_ configuration: ServerConfiguration = ServerConfiguration(),
                      _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: ChartServer(testing: configuration).router()).test(.router, body)
    }

    static func problem(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.headers[.contentType] == "application/problem+json")
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test func aBirthsChartIsTheLibrarysByteForByte() async throws {
        let expected = try Self.local(houseSystem: .koch).jsonData(compact: true)
        try await Self.serve { client in
            try await client.execute(uri: "/v1/chart?house_system=koch", method: .post, body: ByteBuffer(string: Self.birth)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(Data(buffer: response.body) == expected)
            }
        }
    }

    /// Inside the polar circle Placidus is undefined: the chart is Porphyry's and says Placidus was asked for, the
    /// library's byte for byte, with the warning.
    @Test func aPolarChartSaysWhichSystemItsHousesReplaced() async throws {
        let body = #"{"date":"1985-01-15","time":"12:00","zone":"Europe/Oslo","latitude":69.65,"longitude":18.96}"#
        let birth = try Birth(date: "1985-01-15", time: "12:00", zone: "Europe/Oslo", latitude: 69.65, longitude: 18.96)
        let expected = try ChartCalculator.chart(for: birth).chart.jsonData(compact: true)
        try await Self.serve { client in
            try await client.execute(uri: "/v1/chart", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == expected)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(json["house_system"] as? String == "Porphyry" && json["house_system_requested"] as? String == "Placidus")
                let chart = try ChartDecoder.decode(Data(buffer: response.body)).chart
                #expect(chart.houseSystemRequested == "Placidus" && chart.jsonData(compact: true) == expected)
                #expect(response.headers[values: HTTPField.Name("Wheel-Warning")!].contains { $0.contains("Placidus is undefined") })
            }
        }
    }

    @Test func aPlaceByNameFillsTheBirthAndWarns() async throws {
        let body = #"{"date":"1879-03-14","time":"11:30","zone":"LMT","place":"Ulmm, DE"}"#
        try await Self.serve { client in
            try await client.execute(uri: "/v1/chart", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                // The gazetteer's Ulm, as the warning gives it: 48.3984 N, 9.9916 E.
                let chart = try ChartDecoder.decode(Data(buffer: response.body)).chart
                let birth = try Birth(date: "1879-03-14", time: "11:30", zone: "LMT", latitude: 48.3984, longitude: 9.9916)
                let expected = try ChartCalculator.chart(for: birth).chart
                #expect(abs(chart.midheaven - expected.midheaven) < 0.001 && abs(chart.ascendant - expected.ascendant) < 0.001)
                let warnings = response.headers[values: HTTPField.Name("Wheel-Warning")!]
                #expect(warnings.contains { $0.contains("\"Ulmm, DE\" taken as Ulm") && $0.contains("typing mistake") })
            }
        }
    }

    @Test func everyFigureEqualsTheLocalRender() async throws {
        let chart = try Self.local()
        let options = { var options = RenderOptions(); options.chartSize = 500; return options }()
        let moment = try ChartCalculator.moment("2026-11-27T12:00:00Z")
        let transits = try ChartCalculator.transits(at: moment, place: (40.7128, -74.006), showing: chart)
        let cases: [(String, String, Figure)] = [
            ("/v1/wheel", "", .wheel(chart)),
            ("/v1/wheel", #","transits":"2026-11-27T12:00:00Z""#, .wheel(chart, outer: transits)),
            ("/v1/grid", "", .aspectGrid(chart)),
            ("/v1/table", "", .elementTable(chart)),
            ("/v1/positions", "", .positionsTable(chart)),
            ("/v1/positions", #","transits":"2026-11-27T12:00:00Z""#, .positionsTable(chart, outer: transits)),
            ("/v1/sheet", #","page_width":900"#, .sheet(chart, outer: nil, width: 900)),
        ]
        try await Self.serve { client in
            for (path, extra, figure) in cases {
                let body = #"{"birth":\#(Self.birth),"options":{"chart_size":500}\#(extra)}"#
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(path) \(extra)")
                    #expect(response.headers[.contentType] == "image/svg+xml")
                    #expect(Data(buffer: response.body) == WheelRenderer.svg(figure, options: options), "\(path) \(extra)")
                }
            }
        }
    }

    @Test func theFormatComesFromTheFieldThenAcceptThenTheOptions() async throws {
        let chart = try Self.local()
        let png = try WheelRenderer.png(.wheel(chart), options: RenderOptions(), threads: 1)
        try await Self.serve { client in
            try await client.execute(uri: "/v1/wheel", method: .post, headers: [.accept: "image/png"],
                                     body: ByteBuffer(string: #"{"birth":\#(Self.birth)}"#)) { response in
                #expect(response.headers[.contentType] == "image/png")
                #expect(Data(buffer: response.body) == png)
            }
            try await client.execute(uri: "/v1/wheel", method: .post, headers: [.accept: "image/png"],
                                     body: ByteBuffer(string: #"{"birth":\#(Self.birth),"format":"svg"}"#)) { response in
                #expect(response.headers[.contentType] == "image/svg+xml")
            }
            try await client.execute(uri: "/v1/wheel", method: .post,
                                     body: ByteBuffer(string: #"{"birth":\#(Self.birth),"options":{"image_type":"png"}}"#)) { response in
                #expect(response.headers[.contentType] == "image/png")
            }
        }
    }

    @Test func aChartInAnyFormatIsDrawnAsTheCLIDrawsIt() async throws {
        let sample = try String(decoding: SampleCharts.data("b_1990_newyork", shape: "freeastrologyapi"), as: UTF8.self)
        let chart = try SampleCharts.chart("b_1990_newyork", shape: "freeastrologyapi")
        try await Self.serve { client in
            try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: #"{"chart":\#(sample)}"#)) { response in
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == WheelRenderer.svg(.wheel(chart)))
            }
        }
    }

    @Test(arguments: [
        (#"{"birth":{"date":"1990-13-15","time":"10:30","zone":"UTC","latitude":1,"longitude":2}}"#, 422, "birth.date", "is not a date"),
        (#"{"birth":{"date":"1990-05-15","time":"10:30","zone":"UTC","latitude":91,"longitude":2}}"#, 422, "birth.latitude", "outside"),
        (#"{"birth":{"date":"1990-05-15","time":"10:30","zone":"Europe/Berln","latitude":1,"longitude":2}}"#, 404, "birth.zone", "Europe/Berlin"),  // well formed, naming no zone the database holds
        (#"{"chart":{"planets":[]}}"#, 422, "chart.planets", "no bodies"),
        (#"{"birth":{},"chart":{}}"#, 422, "birth", "not both"),
        (#"{}"#, 422, "chart", "give chart"),
        (#"{"birth":\#(birth),"colour":"red"}"#, 422, "colour", "not a field"),
        (#"{"birth":\#(birth),"options":{"chart_size":"big"}}"#, 422, "options.chart_size", "big"),
        (#"{"birth":\#(birth),"transits":"yesterday"}"#, 422, "transits", "is not a moment"),
        (#"{"birth":\#(birth),"transits":"now","options":{"chart_size":300}}"#, 422, "options.chart_size", "bi-wheel stays readable"),
        (#"{"birth":\#(birth),"page_width":1000}"#, 422, "page_width", "sheet"),
        (#"{"birth":\#(birth),"format":"gif"}"#, 422, "format", "svg or png"),
        (#"{"birth": [[[[[[[[[[[["#, 400, nil, "not JSON"),
        (#"["birth"]"#, 400, nil, "expected an object"),
    ] as [(String, Int, String?, String)])
    func aRefusalNamesTheFieldWithTheCLIsWords(body: String, status: Int, field: String?, words: String) async throws {
        try await Self.serve { client in
            try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(Int(response.status.code) == status, "\(body)")
                let problem = try Self.problem(response)
                #expect(problem["field"] as? String == field, "\(body)")
                let detail = try #require(problem["detail"] as? String)
                #expect(detail.contains(words), "\(detail)")
                if let field { #expect(detail.hasPrefix(field + ": "), "\(detail)") }
            }
        }
    }

    @Test func aBirthsErrorIsWordedAsTheCLIWordsIt() async throws {
        // `wheel chart --birth FILE` says `FILE: date: …`; the server says `birth.date: …` with the same message.
        let bad = #"{"date":"1990-02-30","time":"10:30","zone":"UTC","latitude":1,"longitude":2}"#
        let message = try #require(chartError { _ = try BirthRequest.decode(Data(bad.utf8)) })
        try await Self.serve { client in
            try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: #"{"birth":\#(bad)}"#)) { response in
                let problem = try Self.problem(response)
                #expect(problem["detail"] as? String == "birth." + message.description)
            }
            try await client.execute(uri: "/v1/chart", method: .post, body: ByteBuffer(string: bad)) { response in
                let problem = try Self.problem(response)
                #expect(problem["detail"] as? String == message.description)
            }
        }
    }

    @Test func theSkyAtAMomentWithAndWithoutAPlace() async throws {
        try await Self.serve { client in
            try await client.execute(uri: "/v1/sky?at=2026-11-27T12:00:00Z&lat=48.4&lon=9.99&house_system=equal", method: .get) { response in
                #expect(response.status == .ok)
                let chart = try ChartDecoder.decode(Data(buffer: response.body)).chart
                let birth = try Birth(year: 2026, month: 11, day: 27, hour: 12, minute: 0, second: 0, zone: .utc, latitude: 48.4, longitude: 9.99)
                let expected = try ChartCalculator.chart(for: birth, houseSystem: .equal).chart
                #expect(chart.cusps == expected.cusps)
                #expect(chart.bodies.map(\.longitude) == expected.bodies.map(\.longitude))
            }
            try await client.execute(uri: "/v1/sky?at=2026-11-27T12:00:00Z", method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(object["at"] as? String == "2026-11-27T12:00:00Z")
                let bodies = try #require(object["bodies"] as? [[String: Any]])
                #expect(bodies.count >= 10 && bodies.allSatisfy { $0["house"] == nil })
                #expect(object["cusps"] == nil)
            }
            try await client.execute(uri: "/v1/sky?lat=48", method: .get) { response in
                #expect(response.status == .conflict, "each valid alone, not together")
                let problem = try Self.problem(response)
                #expect(problem["field"] as? String == "lon")
            }
            // A house system is read with a place or without: one the document refuses is refused either way.
            try await client.execute(uri: "/v1/sky?at=2026-11-27T12:00:00Z&house_system=AAA", method: .get) { response in
                #expect(response.status == .unprocessableContent)
                let problem = try Self.problem(response)
                #expect(problem["field"] as? String == "house_system")
            }
            try await client.execute(uri: "/v1/sky?at=soon", method: .get) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }

    /// A field given as null is refused, naming it: the document types none of them with null.
    @Test func aNullFieldIsRefusedNotReadAsLeftOut() async throws {
        try await Self.serve { client in
            for (path, field) in [("/v1/wheel", "strict"), ("/v1/sheet", "page_width"), ("/v1/grid", "format")] {
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: #"{"birth": \#(Self.birth), "\#(field)": null}"#)) { response in
                    #expect(response.status == .unprocessableContent, "\(path)")
                    let problem = try Self.problem(response)
                    #expect(problem["field"] as? String == field)
                }
            }
        }
    }

    @Test func placesAndZones() async throws {
        try await Self.serve { client in
            try await client.execute(uri: "/v1/places?q=Paris,%20TX", method: .get) { response in
                let places = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]])
                #expect(places.first?["zone"] as? String == "America/Chicago")
            }
            // A name that matches nothing is not found, a blank one and one of no letter too: well formed, naming nothing.
            for query in ["Xqzzyv", "%20%20", "%E2%80%94"] {
                try await client.execute(uri: "/v1/places?q=\(query)", method: .get) { response in
                    #expect(response.status == .notFound, "\(query)")
                }
            }
            // A birth's place too; one with a control character is refused, as the document's pattern says.
            for (place, status) in [("Xqzzyv", HTTPResponse.Status.notFound), ("  ", .notFound), ("Ulm\\u0007", .unprocessableContent)] {
                let body = #"{"date":"1879-03-14","time":"11:30","zone":"LMT","place":"\#(place)"}"#
                try await client.execute(uri: "/v1/chart", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == status, "\(place)")
                    if status == .unprocessableContent {
                        let problem = try Self.problem(response)
                        #expect(problem["field"] as? String == "place")
                    }
                }
            }
            try await client.execute(uri: "/v1/places?q=Ulm&limit=0", method: .get) { response in
                let problem = try Self.problem(response)
                #expect(problem["field"] as? String == "limit")
            }
            try await client.execute(uri: "/v1/zone?lat=40.71&lon=-74.0&at=2026-07-01T12:00:00Z", method: .get) { response in
                let zone = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(zone["zone"] as? String == "America/New_York")
                #expect(zone["offset"] as? String == "-04:00")
                #expect(zone["offset_seconds"] as? Int == -14400)
            }
            try await client.execute(uri: "/v1/zone?lat=40.71&lon=-74.0&at=2026-01-01T12:00:00Z", method: .get) { response in
                let zone = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(zone["offset"] as? String == "-05:00")
            }
            // At sea, the nautical zone of the longitude; near a border, the zones beyond it.
            try await client.execute(uri: "/v1/zone?lat=0&lon=-30&at=2026-01-01T12:00:00Z", method: .get) { response in
                let zone = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(zone["zone"] as? String == "Etc/GMT+2" && zone["at_sea"] as? Bool == true && zone["offset"] as? String == "-02:00")
                #expect(zone["place"] is NSNull)
            }
            try await client.execute(uri: "/v1/zone?lat=47.5596&lon=7.5886", method: .get) { response in  // Basel, by France and Germany
                let zone = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let neighbours = try #require(zone["neighbours"] as? [[String: Any]]).compactMap { $0["zone"] as? String }
                #expect(zone["zone"] as? String == "Europe/Zurich" && Set(neighbours) == ["Europe/Paris", "Europe/Berlin"], "\(zone)")
            }
            try await client.execute(uri: "/v1/zone?lat=95&lon=0", method: .get) { response in
                let problem = try Self.problem(response)
                #expect(problem["detail"] as? String == "lat: 95 is outside -90…90")
            }
        }
    }

    @Test func bearerKeysCloseOurOwnAPI() async throws {
        var configuration = ServerConfiguration()
        configuration.apiKeys.v1 = ["v1-key-0123456789"]
        try await Self.serve(configuration) { client in
            for (headers, status) in [([:], 401), ([.authorization: "Bearer wrong-key"], 401), ([.authorization: "Basic djEta2V5"], 401),
                                      ([.authorization: "Bearer v1-key-0123456789"], 200)] as [(HTTPFields, Int)] {
                try await client.execute(uri: "/v1/places?q=Ulm", method: .get, headers: headers) { response in
                    #expect(Int(response.status.code) == status)
                    if status == 401 {
                        #expect(response.headers[.wwwAuthenticate] == "Bearer")
                        #expect(!String(buffer: response.body).contains("v1-key"))
                    }
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { response in #expect(response.status == .ok) }
        }
    }
}
