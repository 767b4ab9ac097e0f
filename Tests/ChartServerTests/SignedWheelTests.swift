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

/// The chart URLs the wheel endpoints answer with: self-contained, signed, expiring, cacheable.
@Suite(.hangGuard) struct SignedWheelTests {
    private static let birth = try! SampleBirth("b_1990_newyork")

    private func server(secret: [UInt8]? = TestKeys.urlSecret, logger: LogRecord = LogRecord()) -> ChartServer {
        ChartServer(testing: TestKeys.configuration(keys: APIKeys(), secret: secret), logger: logger.logger)
    }

    /// The chart URL the AstrologyAPI wheel endpoint answers `body` with.
    private func chartURL(_ client: some TestClientProtocol, _ body: Data = birth.astrologyAPIBody()) async throws -> String {
        let response = try await client.execute(uri: "/v1/natal_wheel_chart", method: .post, body: ByteBuffer(bytes: body))
        #expect(response.status == .ok)
        let answer = try #require(response.json)
        #expect(answer["status"] as? Bool == true)
        #expect(answer["msg"] as? String == "Chart created successfully!")
        return try #require(answer["chart_url"] as? String)
    }

    private func get(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: headers)
    }

    /// The local render of a sample birth's wheel, as the server should give it.
    /// The wheel drawn here of `birth`; `asteroids` as FreeAstrologyAPI's wheel, which draws them.
    private static func localWheel(_ birth: SampleBirth, options: RenderOptions = RenderOptions(), as format: RenderOptions.ImageType = .svg,
                                   asteroids: Bool = false) throws -> Data {
        let request = try BirthRequest.decode(birth.astrologyAPIBody())
        let chart = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem ?? .placidus,
                                              settings: ChartSettings(asteroids: asteroids)).chart
        return try WheelRenderer.render(.wheel(chart), as: format, options: options)
    }

    @Test func aChartURLRendersTheWheelWithAStrongETagAndCacheHeaders() async throws {
        try await Application(router: server().router()).test(.router) { client in
            let url = try await chartURL(client)
            // The address the caller reached, by its Host (the test client says `localhost`).
            #expect(url.hasPrefix("http://localhost/v1/wheel/signed/"), "\(url)")
            #expect(url.hasSuffix(".svg"))
            #expect(url.utf8.count < 1024, "\(url.utf8.count) bytes")
            let first = try await get(client, pathOf(url))
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/svg+xml")
            #expect(first.data == (try Self.localWheel(Self.birth)), "the wheel the URL carries, as rendered here")
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
            let cache = try #require(first.headers[.cacheControl])
            #expect(cache.hasPrefix("public, max-age=") && cache.hasSuffix(", immutable"))
            let maxAge = Int(cache.dropFirst("public, max-age=".count).prefix { $0.isNumber })!
            #expect((WheelURLSigner.maximumCacheSeconds - 60...WheelURLSigner.maximumCacheSeconds).contains(maxAge), "capped at a day: \(cache)")
            // The same URL, the same tag; a cache holding it is answered 304 without a body.
            let second = try await get(client, pathOf(url))
            #expect(second.headers[.eTag] == tag)
            for condition in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let revalidated = try await get(client, pathOf(url), headers: [.ifNoneMatch: condition])
                #expect(revalidated.status == .notModified, "\(condition)")
                #expect(revalidated.body.readableBytes == 0)
                #expect(revalidated.headers[.eTag] == tag)
                #expect(revalidated.headers[.cacheControl]?.hasSuffix("immutable") == true)
            }
            let changed = try await get(client, pathOf(url), headers: [.ifNoneMatch: "\"something-else\""])
            #expect(changed.status == .ok)
            // HEAD: the same headers, no body.
            let head = try await client.execute(uri: pathOf(url), method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.eTag] == tag)
            #expect(head.headers[.contentType] == "image/svg+xml")
            #expect(head.body.readableBytes == 0)
            let forged = try await client.execute(uri: pathOf(url).replacingOccurrences(of: ".svg", with: ".png"), method: .head)
            #expect(forged.status == .forbidden)
        }
    }

    @Test func aPublicURLIsTheChartURLsBase() async throws {
        var configuration = TestKeys.configuration(keys: APIKeys())
        configuration.publicURL = "https://charts.example.com/"
        try await Application(router: ChartServer(testing: configuration).router()).test(.router) { client in
            let url = try await chartURL(client)
            #expect(url.hasPrefix("https://charts.example.com/v1/wheel/signed/"), "\(url)")
        }
    }

    @Test func theCacheIsToldNoLongerThanTheURLLives() async throws {
        let server = server()
        let signer = WheelURLSigner(secret: TestKeys.urlSecret)
        let request = try SignedWheelRequest(birth: BirthRequest.decode(Self.birth.astrologyAPIBody()), optionsJSON: Data("{}".utf8), format: .svg)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try signer.token(for: request, expiry: 1_800_000_000 + 90)
        let response = try await server.signedWheel(token: token, ifNoneMatch: nil, signer: signer, now: now)
        #expect(response.headers[.cacheControl] == "public, max-age=90, immutable")
    }

    @Test func aURLChangedInAnyPartIs403AndNeverRendered() async throws {
        try await Application(router: server().router()).test(.router) { client in
            let url = try await chartURL(client)
            let other = try await chartURL(client, Self.birth.astrologyAPIBody(["chart_size": 500]))
            let token = String(url.split(separator: "/").last!)
            let otherToken = String(other.split(separator: "/").last!)
            let parts = token.split(separator: ".").map(String.init)
            let otherParts = otherToken.split(separator: ".").map(String.init)
            #expect(parts.count == 4)
            func flip(_ text: String, at index: Int) -> String {
                var characters = Array(text)
                characters[index] = characters[index] == "A" ? "B" : "A"
                return String(characters)
            }
            let tampered: [(String, String)] = [
                ("payload", [flip(parts[0], at: 10), parts[1], parts[2], parts[3]].joined(separator: ".")),
                ("payload's end", [flip(parts[0], at: parts[0].count - 1), parts[1], parts[2], parts[3]].joined(separator: ".")),
                ("another payload", [otherParts[0], parts[1], parts[2], parts[3]].joined(separator: ".")),
                ("expiry", [parts[0], String(Int(parts[1])! + 3600), parts[2], parts[3]].joined(separator: ".")),
                ("expiry's leading zero", [parts[0], "0" + parts[1], parts[2], parts[3]].joined(separator: ".")),
                ("MAC", [parts[0], parts[1], flip(parts[2], at: 5), parts[3]].joined(separator: ".")),
                ("no MAC", [parts[0], parts[1], "", parts[3]].joined(separator: ".")),
                ("format", [parts[0], parts[1], parts[2], "png"].joined(separator: ".")),
                ("missing part", [parts[0], parts[1], parts[3]].joined(separator: ".")),
                ("too long", String(repeating: "A", count: WheelURLSigner.maximumTokenLength + 1) + "." + parts[1...].joined(separator: ".")),
            ]
            for (what, token) in tampered {
                let response = try await get(client, "/v1/wheel/signed/" + token)
                #expect(response.status == .forbidden, "\(what)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(what)")
                #expect(response.headers[.eTag] == nil, "\(what)")
                #expect((response.json?["detail"] as? String)?.contains("not made by this service") == true, "\(what)")
            }
        }
    }

    @Test func anExpiredURLIs410AndATamperedExpiredOne403() async throws {
        let signer = WheelURLSigner(secret: TestKeys.urlSecret)
        let request = try SignedWheelRequest(birth: BirthRequest.decode(Self.birth.astrologyAPIBody()), optionsJSON: Data("{}".utf8), format: .png)
        let expiry = 1_800_000_000
        let token = try signer.token(for: request, expiry: expiry)
        // The clock as a parameter: valid up to the second before the expiry, gone from it on.
        #expect(throws: Never.self) { try signer.verify(token, now: Date(timeIntervalSince1970: Double(expiry - 1))) }
        #expect(throws: WheelURLSigner.Refusal.expired(at: expiry)) { try signer.verify(token, now: Date(timeIntervalSince1970: Double(expiry))) }
        let expired = try signer.token(for: request, expiry: Int(Date().timeIntervalSince1970) - 60)
        let parts = expired.split(separator: ".").map(String.init)
        let stretched = [parts[0], String(Int(parts[1])! + 7200), parts[2], parts[3]].joined(separator: ".")
        try await Application(router: server().router()).test(.router) { client in
            let gone = try await get(client, "/v1/wheel/signed/" + expired)
            #expect(gone.status == .gone)
            #expect(gone.headers[.contentType] == "application/problem+json")
            #expect((gone.json?["detail"] as? String)?.contains("expired at") == true)
            let revalidated = try await get(client, "/v1/wheel/signed/" + expired, headers: [.ifNoneMatch: "*"])
            #expect(revalidated.status == .gone, "an expired URL is never 304")
            let forged = try await get(client, "/v1/wheel/signed/" + stretched)
            #expect(forged.status == .forbidden)
        }
    }

    @Test func anyReplicaWithTheSecretRendersAnothersURLAndARandomKeyOnlyItsOwn() async throws {
        let maker = server()
        let url = try await Application(router: maker.router()).test(.router) { client in try await chartURL(client) }
        let sibling = try await Application(router: server().router()).test(.router) { client in try await get(client, pathOf(url)) }
        #expect(sibling.status == .ok)

        let log = LogRecord()
        let lonely = server(secret: nil, logger: log)
        let (own, ownStatus) = try await Application(router: lonely.router()).test(.router) { client in
            let url = try await chartURL(client)
            return (url, try await get(client, pathOf(url)).status)
        }
        #expect(ownStatus == .ok)
        #expect(log.messages.filter { $0.contains("work on this replica only") }.count == 1)
        let stranger = try await Application(router: server(secret: nil).router()).test(.router) { client in try await get(client, pathOf(own)) }
        #expect(stranger.status == .forbidden)
    }

    @Test func theRequestTravelsWholeInTheURL() throws {
        let signer = WheelURLSigner(secret: TestKeys.urlSecret)
        let text = #"{"date": "1879-03-14", "time": "11:30:15.25", "zone": "LMT", "latitude": 48.4011, "longitude": 9.9876, "house_system": "koch", "fold": "later", "delta_t": 12.5}"#
        let birth = try BirthRequest.decode(Data(text.utf8))
        let options = Data(#"{"exclude_planets":["Chiron"],"title":"Ulm \"1879\""}"#.utf8)
        for zone in ["LMT", "America/New_York", "+05:30", "-03:25:30", "UTC"] {
            var request = SignedWheelRequest(birth: birth, optionsJSON: options, format: .png)
            request.birth.birth.zone = try BirthZone(zone)
            let verified = try signer.verify(try signer.token(for: request, expiry: 2_000_000_000), now: Date(timeIntervalSince1970: 1_900_000_000))
            #expect(verified.request.birth.birth == request.birth.birth, "\(zone)")
            #expect(verified.request.birth.houseSystem == .koch)
            #expect(verified.request.optionsJSON == options)
            #expect(verified.request.format == .png)
        }
    }

    @Test func optionsTooLongForAURLAreRefusedAtTheWheelEndpoint() async throws {
        try await Application(router: server().router()).test(.router) { client in
            // Each body once would fit; five hundred times the same one does not.
            let body = Self.birth.freeAstrologyAPIBody(config: ["exclude_planets": Array(repeating: "Chiron", count: 500)])
            let response = try await client.execute(uri: "/western/natal-wheel-chart", method: .post, body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect((response.json?["message"] as? String)?.contains("more than the 2048 a chart URL carries") == true)
            // The longest title there is still fits.
            let title = String(repeating: "\u{1F30C}", count: 200)
            let long = try await client.execute(uri: "/western/natal-wheel-chart", method: .post,
                                                body: ByteBuffer(bytes: Self.birth.freeAstrologyAPIBody(config: ["title": title])))
            #expect(long.status == .ok)
            let url = try #require(long.json?["output"] as? String)
            #expect(url.utf8.count < 4096, "\(url.utf8.count)")
        }
    }

    @Test func theWheelRequestsOptionsAreTheRenderedWheels() async throws {
        let birth = Self.birth
        try await Application(router: server().router()).test(.router) { client in
            // AstrologyAPI's names, at the top level.
            let astrology = try await chartURL(client, birth.astrologyAPIBody([
                "chart_size": 500, "image_type": "png", "planet_icon_color": "#112233", "inner_circle_background": "#fafafa",
                "sign_icon_color": "navy", "sign_background": "#ffeedd", "language": "en", "legend": true,
            ]))
            #expect(astrology.hasSuffix(".png"))
            var options = RenderOptions()
            options.chartSize = 500
            options.imageType = .png
            options.planetIconColor = Colour(red: 0x11, green: 0x22, blue: 0x33)
            try options.set("inner_circle_background", "#fafafa")
            try options.set("sign_icon_color", "navy")
            try options.set("sign_background", "#ffeedd")
            options.legend = true
            let png = try await get(client, pathOf(astrology))
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let expectedPNG = try Self.localWheel(birth, options: options, as: .png)
            let samePNG = png.data == expectedPNG
            #expect(samePNG, "PNG of \(png.data.count) bytes, the local render \(expectedPNG.count)")

            // FreeAstrologyAPI's, in config, and one of ours.
            let free = try await client.execute(uri: "/western/natal-wheel-chart", method: .post, body: ByteBuffer(bytes: birth.freeAstrologyAPIBody(config: [
                "exclude_planets": ["Lilith", "Mean Node"], "allowed_aspects": ["Trine", "Square", "Sextile"],
                "aspect_line_colors": ["Trine": "#00ff00"], "orb_values": ["Trine": 6.5],
                "wheel_chart_colors": ["zodiac_sign_background_color": "#eeeeee", "planets_icon_color": "#333333", "dotted_line_color": "#999999"],
                "theme": "dark",
            ])))
            let url = try #require(free.json?["output"] as? String)
            #expect(free.json?["statusCode"] as? Int == 200)
            var freeOptions = RenderOptions()
            try freeOptions.set("exclude_planets", "Lilith,Mean Node")
            try freeOptions.set("allowed_aspects", "Trine,Square,Sextile")
            try freeOptions.set("aspect_line_colors", "Trine=#00ff00")
            try freeOptions.set("orb_values", "Trine=6.5")
            try freeOptions.set("sign_background", "#eeeeee")
            try freeOptions.set("planet_icon_color", "#333333")
            try freeOptions.set("cusp_line_color", "#999999")
            try freeOptions.set("theme", "dark")
            let svg = try await get(client, pathOf(url))
            #expect(svg.headers[.contentType] == "image/svg+xml")
            let sameSVG = svg.data == (try Self.localWheel(birth, options: freeOptions, asteroids: true))
            #expect(sameSVG)
            #expect(svg.data != (try Self.localWheel(birth, asteroids: true)), "the options changed the wheel")
        }
    }
}
