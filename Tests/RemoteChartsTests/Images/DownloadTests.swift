import ChartModel
import Foundation
import RemoteCharts
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// The API's image against a real server on 127.0.0.1: what is used, what falls back, and why.
@Suite(.serialized, .hangGuard)
struct DownloadTests {
    let chart = try! Fixtures.chart()
    let options = RenderOptions()

    private func fetch(_ service: ChartImageService, _ url: String, _ format: RenderOptions.ImageType = .png) async throws -> ChartImage {
        try await service.image(response: Fixtures.response(url), chart: chart, options: options, format: format)
    }

    @Test func a200WithPNGIsUsed() async throws {
        try await withService(["/c.png": { _ in .respond(status: 200, headers: [("Content-Type", "image/png")], body: Fixtures.png) }]) { server, service in
            let image = try await fetch(service, server.url("/c.png"))
            #expect(image.source == .api && image.reason == nil)
            #expect(image.data == Fixtures.png)
            #expect(image.sourceLine == "source: api")
        }
    }

    @Test func a200WithSVGIsRasterizedAsPNGOrInsideOurSVG() async throws {
        try await withService(["/c.svg": { _ in .respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Fixtures.svg) }]) { server, service in
            let svg = try await fetch(service, server.url("/c.svg"), .svg)
            let inside = try #require(HostileSVGTests.pixels(of: svg.data, format: .svg), "the minimal SVG with a PNG inside")
            #expect(svg.source == .api && inside.width == 600 && inside.pixel(x: 300, y: 300) == (0x11, 0x88, 0x99, 0xff))
            let png = try await fetch(service, server.url("/c.svg"), .png)
            let pixels = try Rasterizer.decodePNG(png.data)
            #expect(png.source == .api && pixels.width == 600)
            #expect(pixels.pixel(x: 300, y: 300) == (0x11, 0x88, 0x99, 0xff))
        }
    }

    @Test func aPNGAskedAsSVGComesWrappedInAnSVG() async throws {
        try await withService(["/c.png": { _ in .respond(status: 200, body: Fixtures.png) }]) { server, service in
            let image = try await fetch(service, server.url("/c.png"), .svg)
            let text = String(decoding: image.data, as: UTF8.self)
            #expect(image.source == .api && text.hasPrefix("<svg") && text.contains("data:image/png;base64,"))
        }
    }

    @Test func a404FallsBackAndSaysSo() async throws {
        try await withService([:]) { server, service in
            let image = try await fetch(service, server.url("/gone.png"))
            #expect(image.source == .fallback)
            #expect(image.sourceLine == "source: fallback (HTTP 404)")
            #expect(image.data == (try WheelRenderer.png(.wheel(chart))), "the local render of the same chart")
            #expect(server.hits("/gone.png") == 1, "a 404 is not retried")
        }
    }

    @Test func serverErrorsAreRetriedWithBackoff() async throws {
        try await withService(["/flaky.png": { hit in hit < 3 ? .respond(status: 500) : .respond(status: 200, body: Fixtures.png) }]) { server, service in
            let image = try await fetch(service, server.url("/flaky.png"))
            #expect(image.source == .api)
            #expect(server.hits("/flaky.png") == 3)
        }
    }

    @Test func persistentServerErrorsFallBackAfterTheLastTry() async throws {
        let clock = ManualClock()
        var settings = Fixtures.settings(clock: clock)
        settings.maximumAttempts = 4
        try await withService(["/down.png": { _ in .respond(status: 503) }], settings: settings) { server, service in
            // The backoffs pass on the clock at once; the 30 s budget holds.
            let image = try await clock.skippingWaits(within: .seconds(1)) { try await fetch(service, server.url("/down.png")) }
            #expect(image.reason == "HTTP 503 after 4 tries")
            #expect(server.hits("/down.png") == 4, "as many tries as the settings allow")
        }
    }

    @Test func a429IsRetriedAfterRetryAfterWhenItFitsTheBudget() async throws {
        let clock = ManualClock()
        let busy: TestServer.Route = { hit in hit == 1 ? .respond(status: 429, headers: [("Retry-After", "1")]) : .respond(status: 200, body: Fixtures.png) }
        try await withService(["/busy.png": busy], settings: Fixtures.settings(clock: clock)) { server, service in
            let url = server.url("/busy.png")
            let call = Task { try await fetch(service, url) }
            // It waits the second the server asked for, on the clock, before trying again.
            #expect(await clock.nextWake(within: .seconds(2)) == .seconds(1))
            #expect(server.hits("/busy.png") == 1)
            clock.advance(by: .seconds(1))
            let image = try await call.value
            #expect(image.source == .api)
            #expect(server.hits("/busy.png") == 2)
        }
    }

    // Only the short waits pass on the clock (a backoff, should a busy machine make a try time out): a wait for
    // the Retry-After's minute would hang (and hit the time limit) rather than pass.
    @Test func a429WhoseRetryAfterExceedsTheBudgetFallsBackAtOnce() async throws {
        let clock = ManualClock()
        try await withService(["/busy.png": { _ in .respond(status: 429, headers: [("Retry-After", "60")]) }], settings: Fixtures.settings(budget: .seconds(30), clock: clock)) { server, service in
            let url = server.url("/busy.png")
            let image = try await clock.skippingWaits(within: .milliseconds(500)) { try await fetch(service, url) }
            #expect(image.source == .fallback)
            #expect(image.reason == "HTTP 429, Retry-After 60.0 s does not fit the budget", "\(image.sourceLine)")
            #expect(image.failure == .retryAfterBeyondBudget(.http(status: 429), wait: .seconds(60)))
            #expect(image.failure?.httpStatus == 429)
            #expect(clock.now.offset < .seconds(5), "no pointless wait")
            #expect(server.hits("/busy.png") == 1)
        }
    }

    @Test func aBodyThatTricklesPastTheBudgetTimesOut() async throws {
        let clock = ManualClock()
        // A chunk every 0.1 s for over two hours (within the size cap): only the budget's clock can end it.
        let slow: TestServer.Route = { _ in .trickle(chunk: Data(repeating: 0x89, count: 64), count: 80_000, interval: 0.1) }
        try await withService(["/slow.png": slow], settings: Fixtures.settings(budget: .seconds(1.5), clock: clock)) { server, service in
            let url = server.url("/slow.png")
            let call = Task { try await fetch(service, url) }
            // The request is out, so its deadline is set: the clock passes it while the body trickles.
            await server.untilHit("/slow.png")
            clock.advance(by: .seconds(1.5))
            let image = try await call.value
            #expect(image.sourceLine == "source: fallback (timeout after 1.5 s)")
            #expect(image.failure == .outOfTime(budget: .seconds(1.5)))
        }
    }

    @Test func anHTMLErrorPageIsNotAnImage() async throws {
        let page = Data("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8)
        try await withService(["/c.png": { _ in .respond(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: page) }]) { server, service in
            let fetched1 = try await fetch(service, server.url("/c.png"))
            #expect(fetched1.sourceLine == "source: fallback (not an image: text/html)")
        }
    }

    @Test func emptyAndJSONBodiesAreNotImages() async throws {
        try await withService(["/empty": { _ in .respond(status: 200) }, "/json": { _ in .respond(status: 200, body: Data("{\"error\": 1}".utf8)) }]) { server, service in
            let fetched2 = try await fetch(service, server.url("/empty"))
            #expect(fetched2.reason == "not an image: empty body")
            let fetched3 = try await fetch(service, server.url("/json"))
            #expect(fetched3.reason == "not an image: application/json")
        }
    }

    @Test func anOversizedBodyIsCutOff() async throws {
        var settings = Fixtures.settings()
        settings.maximumImageBytes = 100_000
        let big = Data(repeating: 0x89, count: 300_000)
        try await withService(["/declared": { _ in .respond(status: 200, body: big) },
                               "/streamed": { _ in .respond(status: 200, body: big, chunked: true) }], settings: settings) { server, service in
            let fetched4 = try await fetch(service, server.url("/declared"))
            #expect(fetched4.reason?.contains("over the 0.1 MB limit") == true)
            let fetched5 = try await fetch(service, server.url("/streamed"))
            #expect(fetched5.reason == "body over the 0.1 MB limit")
        }
    }

    @Test func redirectsAreFollowedUpToTheLimitAndLoopsStop() async throws {
        let to = { (path: String) -> TestServer.Route in { _ in .respond(status: 302, headers: [("Location", path)]) } }
        try await withService(["/a": to("/b"), "/b": to("/a"), "/r1": to("/r2"), "/r2": to("/r3"), "/r3": to("/r4"), "/r4": to("/ok"),
                               "/one": to("/ok"), "/ok": { _ in .respond(status: 200, body: Fixtures.png) }]) { server, service in
            let fetched6 = try await fetch(service, server.url("/one"))
            #expect(fetched6.source == .api)
            let fetched7 = try await fetch(service, server.url("/a"))
            #expect(fetched7.reason == "redirect loop")
            let fetched8 = try await fetch(service, server.url("/r1"))
            #expect(fetched8.reason == "more than 3 redirects")
        }
    }

    @Test func aClosedPortFallsBackWithinTheBudget() async throws {
        let port = try await TestServer.closedPort()
        // A refused connection fails at once (the client's pool does not retry it until the connect timeout).
        let clock = ManualClock()
        let settings = Fixtures.settings(clock: clock)
        try await withService([:], settings: settings) { _, service in
            // The backoff between tries passes on the clock at once; the budget's 3 s would not.
            let image = try await clock.skippingWaits(within: .seconds(1)) { try await fetch(service, "http://127.0.0.1:\(port)/c.png") }
            #expect(image.source == .fallback)
            #expect(image.failure?.underlying == .connectionRefused, "told by the error's type: \(image.sourceLine)")
            #expect(image.failure?.reachedServer == false)
            #expect(image.reason == "connection failed: connection refused after \(RemoteSettings().maximumAttempts) tries")
        }
    }

    @Test func anSVGIsRasterizedOrRefused() async throws {
        let route: TestServer.Route = { _ in .respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Fixtures.scriptSVG) }
        try await withService(["/evil.svg": route]) { server, service in
            let image = try await fetch(service, server.url("/evil.svg"), .svg)
            let text = String(decoding: image.data, as: UTF8.self)
            #expect(image.source == .api)
            #expect(!text.contains("<script") && !text.contains("onclick") && text.contains("data:image/png;base64,"), "defused into pixels")
        }
        var refusing = Fixtures.settings()
        refusing.unsafeSVG = .refuse
        try await withService(["/evil.svg": route], settings: refusing) { server, service in
            let image = try await fetch(service, server.url("/evil.svg"), .svg)
            #expect(image.sourceLine == "source: fallback (an SVG image, and SVG images are refused)")
            #expect(server.hits("/evil.svg") == 1)
        }
    }

    @Test func cssCustomPropertiesAreResolvedSoLibrsvgPaintsTheRightColours() async throws {
        // Without resolving, librsvg paints this chart black.
        let unresolved = try Rasterizer.image(svg: Fixtures.cssVariableSVG)
        #expect(unresolved.pixel(x: 5, y: 5) == (0, 0, 0, 255))
        try await withService(["/vars.svg": { _ in .respond(status: 200, body: Fixtures.cssVariableSVG) }]) { server, service in
            let png = try Rasterizer.decodePNG(try await fetch(service, server.url("/vars.svg"), .png).data)
            #expect(png.pixel(x: 10, y: 10) == (0xf0, 0xe6, 0xd2, 0xff), "the paper colour")
            #expect(png.pixel(x: 300, y: 300) == (0x2a, 0x6f, 0x97, 0xff), "a variable defined through another")
        }
    }

    @Test(arguments: [
        (#"{"status": false, "msg": "Invalid API key"}"#, "API status false: Invalid API key"),
        (#"{"status": true, "msg": "ok"}"#, "API response has no chart URL"),
        (#"{"statusCode": 500, "output": "error"}"#, "API statusCode 500"),
        (#"{"status": true, "chart_url": "ftp://example.invalid/c.png"}"#, "chart URL is not http or https: ftp://example.invalid/c.png"),
        ("<html>", "API response is not a JSON object"),
    ])
    func aResponseWithoutAUsableURLFallsBackAtOnce(response: String, reason: String) async throws {
        try await withService([:]) { server, service in
            let image = try await service.image(response: Data(response.utf8), chart: chart, options: options, format: .png)
            #expect(image.source == .fallback)
            #expect(image.reason == reason)
        }
    }

    @Test func freeAstrologyAPIResponseShapesAreRead() throws {
        let url = "http://127.0.0.1:1/c.svg"
        #expect(try ChartImageResponse.imageURL(from: Data(#"{"status": "success", "data": {"chart_url": "\#(url)"}}"#.utf8)).absoluteString == url)
        #expect(try ChartImageResponse.imageURL(from: Data(#"{"statusCode": 200, "output": "\#(url)"}"#.utf8)).absoluteString == url)
    }
}
