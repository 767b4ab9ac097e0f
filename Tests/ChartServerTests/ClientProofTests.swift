import ChartModel
@testable import ChartServer
import Ephemeris
import Foundation
import Hummingbird
import HummingbirdTesting
import RemoteCharts
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// The proof the issue asks: our own clients of AstrologyAPI and FreeAstrologyAPI, pointed at a live `wheel serve`
/// by its base URL alone, get the chart computed here and the wheel drawn here.
@Suite(.hangGuard) struct ClientProofTests {
    static let births: [(String, Birth, HouseSystem)] = [
        ("New York", try! Birth(date: "1990-05-15", time: "10:30", zone: "America/New_York", latitude: 40.7128, longitude: -74.0060), .placidus),
        ("Ulm, local mean time, Koch", try! Birth(date: "1879-03-14", time: "11:30", zone: "LMT", latitude: 48.4011, longitude: 9.9876), .koch),
        ("Sydney, whole signs", try! Birth(date: "1994-01-10", time: "04:05:30", zone: "Australia/Sydney", latitude: -33.8688, longitude: 151.2093), .wholeSign),
    ]

    /// The local chart as the services' shapes can carry it: neither carries a latitude or the house system's
    /// name, and both write a speed the chart lacks (the Part of Fortune's) as 0.
    /// `chart` with its bodies in `BodyID` order: FreeAstrologyAPI lists Lilith before the asteroids, in an order of
    /// its own, which the client keeps.
    static func inOrder(_ chart: NatalChart) -> NatalChart {
        var chart = chart
        chart.bodies.sort { $0.id < $1.id }
        return chart
    }

    static func carried(_ chart: NatalChart) -> NatalChart {
        var chart = chart
        chart.houseSystem = nil
        chart.bodies = chart.bodies.map { body in
            var body = body
            body.latitude = nil
            body.speed = body.speed ?? 0
            return body
        }
        return chart
    }

    /// A `ChartService` of `provider` with the test keys, pointed at `port` on loopback.
    static func settings(_ provider: ChartProvider, port: Int, folder: URL) -> RemoteSettings {
        let credentials: ServiceCredentials = provider == .astrologyAPI
            ? .basic(userID: TestKeys.userID, apiKey: TestKeys.apiKey) : .apiKey(TestKeys.freeKey)
        var settings = RemoteSettings(
            provider: ProviderSettings(provider: provider, credentials: credentials, baseURL: URL(string: "http://127.0.0.1:\(port)")!,
                                       limits: ServiceLimits(requests: 1000, window: .seconds(60), monthlyCredits: 100_000)),
            stateDirectory: folder)
        settings.budget = .seconds(60)
        settings.allowLocal = false  // nothing may come from anywhere but the server
        return settings
    }

    @Test(arguments: [ChartProvider.astrologyAPI, .freeAstrologyAPI])
    func ourClientsGetTheLocalChartAndWheelFromALiveServer(provider: ChartProvider) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-proof-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = ChartServer(testing: TestKeys.configuration())
        try await Application(router: server.router()).test(.live) { client in
            let port = try #require(client.port)
            for (name, birth, system) in Self.births {
                var options = RenderOptions()
                options.planetIconColor = Colour(red: 0x11, green: 0x22, blue: 0x33)
                options.imageType = .png  // AstrologyAPI's `image_type`; FreeAstrologyAPI's wheels are SVG
                let result = try await ChartService.withService(Self.settings(provider, port: port, folder: folder)) { service in
                    try await service.natal(NatalRequest(birth: birth, houseSystem: system, options: options, format: .png))
                }
                #expect(result.statusLine == "data: api, image: api", "\(name)")
                #expect(result.warnings.isEmpty, "\(name): \(result.warnings)")

                // The chart: byte for byte the local computation, in everything the service's shape carries.
                // FreeAstrologyAPI's planets list the asteroids, so its drop-in computes them.
                let local = try ChartCalculator.chart(for: birth, houseSystem: system,
                                                      settings: ChartSettings(asteroids: provider == .freeAstrologyAPI)).chart
                let same = Self.inOrder(result.chart).jsonData() == Self.carried(local).jsonData()
                #expect(same, "\(provider) \(name): the chart differs from the local computation")

                // The wheel: AstrologyAPI's PNG is the local render's bytes; FreeAstrologyAPI's SVG is rasterized by the
                // client (it never passes a service's SVG on), so its pixels are checked through the chart URL below.
                if provider == .astrologyAPI {
                    let localPNG = try WheelRenderer.render(.wheel(local), as: .png, options: options)
                    let samePNG = result.image == localPNG
                    #expect(samePNG, "\(name): \(result.image.count) bytes from the server, \(localPNG.count) rendered here")
                }
            }
        }
    }

    @Test(arguments: [ChartProvider.astrologyAPI, .freeAstrologyAPI])
    func theWheelEndpointsURLGivesTheLocalRender(provider: ChartProvider) async throws {
        let server = ChartServer(testing: TestKeys.configuration())
        let birth = try SampleBirth("d_1962_newdelhi")
        try await Application(router: server.router()).test(.live) { client in
            for format in RenderOptions.ImageType.allCases {
                let (path, body, headers): (String, Data, HTTPFields) = provider == .astrologyAPI
                    ? ("/v1/natal_wheel_chart", birth.astrologyAPIBody(["image_type": format.rawValue, "chart_size": 700]), [.authorization: TestKeys.basic])
                    : ("/western/natal-wheel-chart", birth.freeAstrologyAPIBody(config: ["image_type": format.rawValue, "chart_size": 700]),
                       [.init("x-api-key")!: TestKeys.freeKey])
                let answer = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
                let url = try #require((answer.json?["chart_url"] ?? answer.json?["output"]) as? String)
                #expect(URL(string: url)?.path.hasPrefix("/v1/wheel/signed/") == true, "\(url)")
                let image = try await client.execute(uri: pathOf(url), method: .get)
                #expect(image.status == .ok)
                let request = try BirthRequest.decode(body)
                let chart = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem ?? .placidus, settings: request.settings).chart
                var options = RenderOptions()
                options.chartSize = 700
                options.imageType = format
                let local = try WheelRenderer.render(.wheel(chart), as: format, options: options)
                let same = image.data == local
                #expect(same, "\(provider) \(format): \(image.data.count) bytes served, \(local.count) rendered here")
            }
        }
    }
}
