@testable import ChartServer
import ChartModel
import Ephemeris
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// AstrologyAPI's and FreeAstrologyAPI's endpoints on our server: their answers' shapes, their auth, their errors.
@Suite(.hangGuard) struct DropInTests {
    static let dataRoutes: [(path: String, service: DropInService)] = [
        ("/v1/western_chart_data", .astrologyAPI), ("/v1/natal_wheel_chart", .astrologyAPI),
        ("/western/planets", .freeAstrologyAPI), ("/western/houses", .freeAstrologyAPI), ("/western/aspects", .freeAstrologyAPI),
        ("/western/natal-wheel-chart", .freeAstrologyAPI),
    ]

    private func app(_ configuration: ServerConfiguration = TestKeys.configuration(), logger: LogRecord = LogRecord()) -> some ApplicationProtocol {
        Application(router: ChartServer(testing: configuration, logger: logger.logger).router())
    }

    private func post(_ client: some TestClientProtocol, _ path: String, _ body: Data, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    private static func keys(for service: DropInService) -> HTTPFields {
        service == .astrologyAPI ? [.authorization: TestKeys.basic] : [.init("x-api-key")!: TestKeys.freeKey]
    }

    // MARK: Shapes

    /// Each member's keys, the union over a list's entries.
    private static func keys(of list: Any?) -> Set<String> {
        Set(((list as? [[String: Any]]) ?? []).flatMap(\.keys))
    }

    @Test(arguments: SampleCharts.ids)
    func westernChartDataHasTheSamplesShapeAndPositions(id: String) async throws {
        let birth = try SampleBirth(id)
        let sampleData = try SampleCharts.data(id, shape: "astrologyapi")
        try await app().test(.router) { client in
            let sample = sampleData.jsonObject as! [String: Any]
            let response = try await post(client, "/v1/western_chart_data", birth.astrologyAPIBody(), headers: Self.keys(for: .astrologyAPI))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            let answer = try #require(response.json)
            #expect(Set(answer.keys) == Set(sample.keys))
            #expect(Self.keys(of: answer["planets"]) == Self.keys(of: sample["planets"]))
            #expect(Self.keys(of: answer["houses"]) == Self.keys(of: sample["houses"]))
            #expect(Self.keys(of: answer["aspects"]) == Self.keys(of: sample["aspects"]))
            let housePlanets = { (object: [String: Any]) in ((object["houses"] as? [[String: Any]]) ?? []).flatMap { ($0["planets"] as? [[String: Any]]) ?? [] } }
            #expect(Self.keys(of: housePlanets(answer)) == Self.keys(of: housePlanets(sample)))
            // The strings the service writes as strings, the numbers as numbers.
            let planets = answer["planets"] as! [[String: Any]]
            #expect(planets.allSatisfy { ["true", "false"].contains($0["is_retro"] as? String) })
            #expect(housePlanets(answer).count == planets.count, "every body listed in its house")
            // Every planet of the sample is there, in the same sign and house, its longitude within a minute of arc.
            for expected in sample["planets"] as! [[String: Any]] {
                let name = expected["name"] as! String
                let planet = try #require(planets.first { $0["name"] as? String == name }, "\(name)")
                #expect(abs((planet["full_degree"] as! Double) - (expected["full_degree"] as! Double)) < 1.0 / 60, "\(id) \(name)")
                #expect(planet["is_retro"] as? String == expected["is_retro"] as? String, "\(id) \(name)")
                #expect(planet["sign"] as? String == expected["sign"] as? String, "\(id) \(name)")
                #expect(planet["house"] as? Int == expected["house"] as? Int, "\(id) \(name)")
            }
            let cusps = (answer["houses"] as! [[String: Any]]).map { $0["start_degree"] as! Double }
            let sampleCusps = (sample["houses"] as! [[String: Any]]).map { $0["start_degree"] as! Double }
            #expect(zip(cusps, sampleCusps).allSatisfy { abs(remainder($0 - $1, 360)) < 1.0 / 60 }, "\(id): \(cusps) \(sampleCusps)")
            // Our decoder reads it as the sample: the same aspects between the sample's planets.
            let ours = try ChartDecoder.decode(response.data).chart
            let theirs = try SampleCharts.chart(id, shape: "astrologyapi")
            // The sample's aspects are between the ten planets.
            let sampleIDs: Set<BodyID> = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto]
            let kinds = { (chart: NatalChart) in Set((chart.aspects ?? []).filter { sampleIDs.contains($0.first) && sampleIDs.contains($0.second) && abs(($0.orb ?? 0) - $0.kind.defaultOrb) > 0.05 }.map { "\($0.first.rawValue)-\($0.second.rawValue)-\($0.kind.rawValue)" }) }
            #expect(kinds(ours) == kinds(theirs), "\(id)")
        }
    }

    @Test(arguments: SampleCharts.ids)
    func freeAstrologyAPIAnswersHaveTheSamplesShapes(id: String) async throws {
        let birth = try SampleBirth(id)
        let sampleData = try SampleCharts.data(id, shape: "freeastrologyapi")
        try await app().test(.router) { client in
            let sample = sampleData.jsonObject as! [String: Any]
            var answers: [String: Data] = [:]
            for part in ["planets", "houses", "aspects"] {
                let response = try await post(client, "/western/\(part)", birth.freeAstrologyAPIBody(), headers: Self.keys(for: .freeAstrologyAPI))
                #expect(response.status == .ok, "\(part)")
                answers[part] = response.data
                let answer = try #require(response.json)
                let expected = sample[part] as! [String: Any]
                #expect(Set(answer.keys) == Set(expected.keys), "\(part)")
                #expect(answer["status"] as? String == "success")
                let data = try #require(answer["data"] as? [String: Any])
                #expect(Set(data.keys) == Set((expected["data"] as! [String: Any]).keys), "\(part)")
                #expect(Self.keys(of: data[part]) == Self.keys(of: (expected["data"] as! [String: Any])[part]), "\(part)")
            }
            let planets = (answers["planets"]!.jsonObject as! [String: Any])["data"] as! [String: Any]
            let names = ((planets["planets"] as! [[String: Any]]).map { $0["name"] as! String })
            let sampleNames = (((sample["planets"] as! [String: Any])["data"] as! [String: Any])["planets"] as! [[String: Any]]).map { $0["name"] as! String }
            #expect(Set(sampleNames).isSubset(of: Set(names)), "\(names)")
            // The three read back as one chart whose bodies sit where the sample's do.
            let ours = try ChartDecoder.decode(planets: answers["planets"]!, houses: answers["houses"]!, aspects: answers["aspects"]!).chart
            let theirs = try SampleCharts.chart(id, shape: "freeastrologyapi")
            for body in theirs.bodies {
                let mine = try #require(ours.body(body.id))
                #expect(abs(remainder(mine.longitude - body.longitude, 360)) < 1.0 / 60, "\(id) \(body.id)")
                #expect(mine.retrograde == body.retrograde)
            }
            #expect(abs(remainder(ours.ascendant - theirs.ascendant, 360)) < 1.0 / 60)
        }
    }

    // MARK: Auth

    @Test(arguments: DropInTests.dataRoutes.map(\.path))
    func theRightKeyOpensTheWrongOrNoneIsRefusedInTheServicesShape(path: String) async throws {
        let service = Self.dataRoutes.first { $0.path == path }!.service
        let birth = try SampleBirth("b_1990_newyork")
        let body = service == .astrologyAPI ? birth.astrologyAPIBody() : birth.freeAstrologyAPIBody()
        let wrong: [HTTPFields] = service == .astrologyAPI
            ? [[.authorization: "Basic " + Data("\(TestKeys.userID):wrong-key".utf8).base64EncodedString()],
               [.authorization: "Basic " + Data("someone-else:\(TestKeys.apiKey)".utf8).base64EncodedString()],
               [.authorization: "Bearer \(TestKeys.apiKey)"],
               [.init("x-astrologyapi-key")!: "wrong-key"],
               [.init("x-api-key")!: TestKeys.apiKey], [:]]
            : [[.init("x-api-key")!: "wrong-key"], [.init("x-api-key")!: String(TestKeys.freeKey.dropLast())],
               [.authorization: TestKeys.basic], [:]]
        let right: [HTTPFields] = service == .astrologyAPI
            ? [[.authorization: TestKeys.basic], [.init("x-astrologyapi-key")!: TestKeys.apiKey]]
            : [[.init("x-api-key")!: TestKeys.freeKey]]
        try await app().test(.router) { client in
            for headers in right {
                let response = try await post(client, path, body, headers: headers)
                #expect(response.status == .ok, "\(headers)")
            }
            for headers in wrong {
                let response = try await post(client, path, body, headers: headers)
                let answer = try #require(response.json)
                if service == .astrologyAPI {
                    #expect(response.status == .unauthorized, "\(headers)")
                    #expect(answer["status"] as? Bool == false)
                    #expect((answer["msg"] as? String)?.contains("not authorized") == true)
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
                } else {
                    #expect(response.status == .forbidden, "\(headers)")
                    #expect((answer["message"] as? String)?.hasPrefix("Forbidden") == true)
                }
                #expect(!String(decoding: response.data, as: UTF8.self).contains(TestKeys.apiKey))
            }
        }
    }

    @Test func withNoKeysEveryDropInIsOpenAndTheLogSaysSo() async throws {
        let log = LogRecord()
        let birth = try SampleBirth("b_1990_newyork")
        try await app(TestKeys.configuration(keys: APIKeys()), logger: log).test(.router) { client in
            for (path, service) in Self.dataRoutes {
                let body = service == .astrologyAPI ? birth.astrologyAPIBody() : birth.freeAstrologyAPIBody()
                let response = try await post(client, path, body)
                #expect(response.status == .ok, "\(path)")
            }
        }
        // The start-up line (`wheel serve` prints it) says what is open.
        let summary = ChartServer(testing: TestKeys.configuration(keys: APIKeys())).accessSummary()
        #expect(summary.contains("open to anyone who reaches") && summary.contains("AstrologyAPI's drop-ins")
                && summary.contains("FreeAstrologyAPI's drop-ins") && !summary.contains("keys guard"))
    }

    @Test func keysForOneServiceLeaveOnlyTheOtherOpen() async throws {
        let log = LogRecord()
        var keys = APIKeys()
        keys.astrologyAPI = TestKeys.apiKeys.astrologyAPI
        keys.v1 = ["a-v1-token-0123456789"]
        let birth = try SampleBirth("b_1990_newyork")
        try await app(TestKeys.configuration(keys: keys), logger: log).test(.router) { client in
            let closed = try await post(client, "/v1/western_chart_data", birth.astrologyAPIBody())
            #expect(closed.status == .unauthorized)
            let open = try await post(client, "/western/planets", birth.freeAstrologyAPIBody())
            #expect(open.status == .ok)
        }
        let summary = ChartServer(testing: TestKeys.configuration(keys: keys)).accessSummary()
        #expect(summary.contains("keys guard /v1 (1 key), AstrologyAPI's drop-ins (2 keys); open to anyone who reaches"))
        #expect(summary.contains(": FreeAstrologyAPI's drop-ins; signed wheel URLs"))
        #expect(!log.messages.joined().contains(TestKeys.apiKey))
        #expect(!log.messages.contains { $0.contains("random key") }, "a secret is configured")
    }

    // MARK: Validation

    @Test func aRejectedBirthIsA400WithTheCLIsMessageInTheServicesShape() async throws {
        let birth = try SampleBirth("b_1990_newyork")
        var astrology = birth.astrologyAPIBody().jsonObject as! [String: Any]
        astrology["lat"] = 91
        var free = birth.freeAstrologyAPIBody().jsonObject as! [String: Any]
        free["month"] = 13
        let cases: [(String, Data, DropInService)] = [
            ("/v1/western_chart_data", try JSONSerialization.data(withJSONObject: astrology), .astrologyAPI),
            ("/v1/natal_wheel_chart", try JSONSerialization.data(withJSONObject: astrology), .astrologyAPI),
            ("/western/houses", try JSONSerialization.data(withJSONObject: free), .freeAstrologyAPI),
            ("/western/natal-wheel-chart", try JSONSerialization.data(withJSONObject: free), .freeAstrologyAPI),
            ("/western/planets", Data("{\"year\": ".utf8), .freeAstrologyAPI),
        ]
        try await app().test(.router) { client in
            for (path, body, service) in cases {
                // The message the CLI prints for the same body.
                var expected = ""
                do throws(ChartError) { _ = try BirthRequest.decode(body) } catch { expected = error.description }
                #expect(!expected.isEmpty)
                let response = try await post(client, path, body, headers: Self.keys(for: service))
                #expect(response.status == .badRequest, "\(path)")
                let answer = try #require(response.json)
                if service == .astrologyAPI {
                    #expect(answer["status"] as? Bool == false)
                    #expect(answer["msg"] as? String == expected)
                } else {
                    #expect(answer["message"] as? String == expected)
                }
            }
        }
    }

    @Test func aBadWheelOptionIsNamedByTheRequestsOwnField() async throws {
        let birth = try SampleBirth("b_1990_newyork")
        try await app().test(.router) { client in
            let free = try await post(client, "/western/natal-wheel-chart",
                                      birth.freeAstrologyAPIBody(config: ["wheel_chart_colors": ["planets_icon_color": "#zz"]]),
                                      headers: Self.keys(for: .freeAstrologyAPI))
            #expect(free.status == .badRequest)
            let message = try #require(free.json?["message"] as? String)
            #expect(message.hasPrefix("config.wheel_chart_colors.planets_icon_color: "), "\(message)")
            let astrology = try await post(client, "/v1/natal_wheel_chart", birth.astrologyAPIBody(["chart_size": 20]),
                                           headers: Self.keys(for: .astrologyAPI))
            #expect(astrology.status == .badRequest)
            let msg = try #require(astrology.json?["msg"] as? String)
            #expect(msg.hasPrefix("chart_size: "), "\(msg)")
        }
    }

    @Test func aBodyOverTheCapIs413InTheServicesShape() async throws {
        var configuration = TestKeys.configuration()
        configuration.maximumBodyBytes = 1024
        let padding = String(repeating: " ", count: 2048)
        try await app(configuration).test(.router) { client in
            let response = try await post(client, "/western/planets", Data(("{" + padding + "}").utf8), headers: Self.keys(for: .freeAstrologyAPI))
            #expect(response.status == .contentTooLarge)
            #expect((response.json?["message"] as? String)?.contains("1024 bytes") == true, "\(String(decoding: response.data, as: UTF8.self))")
        }
    }
}
