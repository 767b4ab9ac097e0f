@testable import ChartServer
import ChartModel
import Ephemeris
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport
import WheelRender

/// The chart settings on the server: our routes take `ayanamsa`, `topocentric`, `elevation` and `asteroids` (the
/// birth's fields, `/v1/chart`'s query, the figures' options); the drop-ins answer as the services do, their
/// zodiac and observer from `config`, Chiron and the asteroids in FreeAstrologyAPI's planets unless excluded.
@Suite(.hangGuard) struct ChartSettingsRouteTests {
    static let birth = #"{"date":"1962-02-05","time":"00:00","zone":"Asia/Kolkata","latitude":28.6139,"longitude":77.209"#

    static func serve(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: ChartServer(testing: TestKeys.configuration()).router()).test(.router, body)
    }

    static func post(_ client: any TestClientProtocol, _ uri: String, _ body: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func local(_ settings: ChartSettings) throws -> NatalChart {
        let birth = try Birth(date: "1962-02-05", time: "00:00", zone: "Asia/Kolkata", latitude: 28.6139, longitude: 77.209)
        return try ChartCalculator.chart(for: birth, settings: settings).chart
    }

    static let freeKey: HTTPFields = [.init("x-api-key")!: TestKeys.freeKey]

    @Test func ourChartRouteTakesTheSettingsInTheBirthAndTheQuery() async throws {
        let sidereal = try Self.local(ChartSettings(zodiac: .sidereal(.lahiri), asteroids: true))
        try await Self.serve { client in
            let inBody = try await Self.post(client, "/v1/chart", Self.birth + #","ayanamsa":"lahiri","asteroids":true}"#)
            #expect(inBody.status == .ok)
            #expect(inBody.data == sidereal.jsonData(compact: true))
            let inQuery = try await Self.post(client, "/v1/chart?ayanamsa=lahiri&asteroids=true", Self.birth + "}")
            #expect(inQuery.data == sidereal.jsonData(compact: true))
            #expect(try ChartDecoder.decode(inQuery.data).chart.zodiac == "Sidereal, Lahiri")
            let bad = try await Self.post(client, "/v1/chart?ayanamsa=lahri", Self.birth + "}")
            #expect(bad.status == .unprocessableContent)
            let problem = try #require(bad.json)
            #expect(problem["field"] as? String == "ayanamsa")
            #expect((problem["detail"] as? String)?.hasPrefix(#"ayanamsa: "lahri" is not a known zodiac (did you mean "lahiri"?); known: tropical"#) == true, "\(problem)")
        }
    }

    /// The sky at a moment in a zodiac: with a place, the chart of that moment there; without, the bodies alone
    /// (and no observer on the surface to see them from).
    @Test func theSkyTakesTheSettingsInItsQuery() async throws {
        try await Self.serve { client in
            let there = try await client.execute(uri: "/v1/sky?at=1962-02-04T18:30:00Z&lat=28.6139&lon=77.209&ayanamsa=lahiri", method: .get)
            #expect(there.status == .ok)
            let chart = try ChartDecoder.decode(there.data).chart
            #expect(chart.zodiac == "Sidereal, Lahiri")
            let expected = try #require(try Self.local(ChartSettings(zodiac: .sidereal(.lahiri))).body(.sun)).longitude
            #expect(abs((chart.body(.sun)?.longitude ?? 0) - expected) < 1e-9)
            // Each parameter valid alone, not together (the document cannot say so of a query): 409.
            let nowhere = try await client.execute(uri: "/v1/sky?at=2026-11-22T12:00:00Z&topocentric=true", method: .get)
            #expect(nowhere.status == .conflict)
            #expect(nowhere.json?["field"] as? String == "topocentric")
        }
    }

    @Test func figureRoutesTakeTheSettingsAsOptionsAndRefuseThemForChartJSON() async throws {
        try await Self.serve { client in
            let wheel = try await Self.post(client, "/v1/wheel", #"{"birth":\#(Self.birth)},"options":{"ayanamsa":"lahiri","topocentric":true,"elevation":216}}"#)
            #expect(wheel.status == .ok, "\(String(decoding: wheel.data, as: UTF8.self))")
            let expected = try Self.local(ChartSettings(zodiac: .sidereal(.lahiri), observer: .topocentric(elevation: 216)))
            let same = wheel.data == WheelRenderer.svg(.wheel(expected), options: RenderOptions())
            #expect(same, "the wheel of the Lahiri, topocentric chart")
            #expect(String(decoding: wheel.data, as: UTF8.self).contains("Sidereal, Lahiri</text>"))
            let chart = String(decoding: try Self.local(ChartSettings()).jsonData(), as: UTF8.self)
            let refused = try await Self.post(client, "/v1/wheel", #"{"chart":\#(chart),"options":{"ayanamsa":"lahiri"}}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.json?["field"] as? String == "options.ayanamsa")
            let lonely = try await Self.post(client, "/v1/grid", #"{"birth":\#(Self.birth)},"options":{"elevation":100}}"#)
            #expect(lonely.status == .conflict)
            #expect((lonely.json?["detail"] as? String)?.hasPrefix("options.elevation: applies to a topocentric chart") == true, "\(lonely.json ?? [:])")
        }
    }

    static func freeBody(config: String) -> String {
        #"{"year":1962,"month":2,"date":5,"hours":0,"minutes":0,"seconds":0,"latitude":28.6139,"longitude":77.209,"timezone":5.5,"config":{\#(config)}}"#
    }

    /// FreeAstrologyAPI's planets: Chiron, Lilith, Ceres, Vesta, Juno and Pallas after the planets and nodes, in
    /// that order, less `exclude_planets`, in the zodiac `ayanamsha` names. (Their positions wait for the merge.)
    @Test func freeAstrologyAPIsPlanetsListTheServicesBodies() async throws {
        try await Self.serve { client in
            let all = try await Self.post(client, "/western/planets", Self.freeBody(config: #""ayanamsha":"tropical""#), headers: Self.freeKey)
            #expect(all.status == .ok)
            let names = ((all.json?["data"] as? [String: Any])?["planets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let extras = names.filter { ["Chiron", "Lilith", "Ceres", "Vesta", "Juno", "Pallas"].contains($0) }
            #expect(extras == ["Chiron", "Lilith", "Ceres", "Vesta", "Juno", "Pallas"], "\(names)")
            #expect(Array(names.prefix(10)) == ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"])
            #expect(names.suffix(2) == ["Ascendant", "MC"])

            let fewer = try await Self.post(client, "/western/planets", Self.freeBody(config: #""exclude_planets":["Ceres","Lilith"]"#), headers: Self.freeKey)
            let fewerNames = ((fewer.json?["data"] as? [String: Any])?["planets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(!fewerNames.contains("Ceres") && !fewerNames.contains("Lilith") && fewerNames.contains("Vesta"), "\(fewerNames)")
            let aspects = try await Self.post(client, "/western/aspects", Self.freeBody(config: #""exclude_planets":["Sun"]"#), headers: Self.freeKey)
            let pairs = ((aspects.json?["data"] as? [String: Any])?["aspects"] as? [[String: Any]] ?? [])
            #expect(!pairs.isEmpty && !pairs.contains { ($0["planet1_name"] as? String) == "Sun" || ($0["planet2_name"] as? String) == "Sun" })

            let lahiri = try await Self.post(client, "/western/planets", Self.freeBody(config: #""ayanamsha":"lahiri""#), headers: Self.freeKey)
            let sun = ((lahiri.json?["data"] as? [String: Any])?["planets"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "Sun" }
            let expected = try #require(try Self.local(ChartSettings(zodiac: .sidereal(.lahiri), asteroids: true)).body(.sun)).longitude
            #expect(sun?["full_degree"] as? Double == expected)
        }
    }

    @Test func anUnknownAyanamshaOrObservationPointIs400NamingTheField() async throws {
        try await Self.serve { client in
            for (config, message) in [(#""ayanamsha":"lahri""#, #"config.ayanamsha: "lahri" is not a known zodiac"#),
                                      (#""observation_point":"heliocentric""#, "config.observation_point: \"heliocentric\" is not an observation point; known: geocentric, topocentric")] {
                for path in ["/western/planets", "/western/natal-wheel-chart"] {
                    let response = try await Self.post(client, path, Self.freeBody(config: config), headers: Self.freeKey)
                    #expect(response.status == .badRequest, "\(path)")
                    #expect((response.json?["message"] as? String)?.hasPrefix(message) == true, "\(path): \(response.json ?? [:])")
                }
            }
        }
    }

    /// The wheel's URL draws the chart the request asked for: its zodiac and its bodies, less those excluded.
    @Test func freeAstrologyAPIsWheelDrawsTheSameBodies() async throws {
        try await Self.serve { client in
            let answer = try await Self.post(client, "/western/natal-wheel-chart",
                                             Self.freeBody(config: #""ayanamsha":"lahiri","exclude_planets":["Juno"]"#), headers: Self.freeKey)
            let url = try #require(answer.json?["output"] as? String)
            let image = try await client.execute(uri: pathOf(url), method: .get)
            #expect(image.status == .ok)
            let chart = try Self.local(ChartSettings(zodiac: .sidereal(.lahiri), asteroids: true))
            var options = RenderOptions()
            options.excludePlanets = [.juno]
            let expected = WheelRenderer.svg(.wheel(chart), options: options)
            let same = image.data == expected
            #expect(same, "the Lahiri chart with the asteroids, less Juno")
        }
    }

    /// AstrologyAPI's western_chart_data lists Chiron. (Waits for Chiron's computation.)
    @Test func astrologyAPIsChartDataListsChiron() async throws {
        let body = #"{"day":5,"month":2,"year":1962,"hour":0,"min":0,"lat":28.6139,"lon":77.209,"tzone":5.5}"#
        try await Self.serve { client in
            let response = try await Self.post(client, "/v1/western_chart_data", body, headers: [.authorization: TestKeys.basic])
            let names = (response.json?["planets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.contains("Chiron") && !names.contains("Ceres"), "\(names)")
        }
    }
}
