import ChartModel
import Foundation
@testable import RemoteCharts
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// What an API's image may cost is bounded before it is spent, and what it says is bounded when echoed.
@Suite(.serialized, .hangGuard)
struct DownloadLimitsTests {
    let chart = try! Fixtures.chart()

    private func fetch(_ body: Data, contentType: String = "image/png", format: RenderOptions.ImageType = .png) async throws -> ChartImage {
        try await withService(["/c": { _ in .respond(status: 200, headers: [("Content-Type", contentType)], body: body) }]) { server, service in
            try await service.image(response: Fixtures.response(server.url("/c")), chart: chart, options: RenderOptions(), format: format)
        }
    }

    @Test func aPNGThatDeclaresAHugeImageFallsBackUndecoded() async throws {
        let bomb = PNGHeader.declaring(width: 12000, height: 12000, in: Fixtures.png)
        let image = try await fetch(bomb)
        #expect(image.sourceLine == "source: fallback (unusable PNG: an image of 12000×12000 pixels is over the limit (16384 a side, 16777216 pixels in all))")
    }

    /// Only pixels go on: a PNG's text chunks (which could hold markup) and bytes after its end stay behind.
    @Test func anAPIPNGIsEncodedAgainFromItsPixels() async throws {
        var png = Fixtures.png
        let end = png.count - 12  // the IEND chunk
        png.insert(contentsOf: PNGHeader.chunk("tEXt", Data("Comment\0<script>x</script>".utf8)), at: end)
        png.append(Data("<html><script>trailing</script>".utf8))
        let image = try await fetch(png)
        #expect(image.source == .api)
        #expect(image.data == Fixtures.png, "the same pixels, in our own encoding")
    }

    /// Each level quadruples the text: twelve would make 16 million copies of the colour. The growth cap stops
    /// the expansion as soon as it passes 1 MB, so its work is bounded by the cap, not by the document.
    @Test func exponentiallyNestedCustomPropertiesAreStoppedByTheGrowthCap() async throws {
        let levels = (0..<12).map { "--v\($0): var(--v\($0 + 1)) var(--v\($0 + 1)) var(--v\($0 + 1)) var(--v\($0 + 1));" }.joined()
        let svg = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>:root { \(levels) --v12: #118899; }</style>\
            <rect width="100" height="100" style="fill: var(--v0)"/></svg>
            """.utf8)
        let image = try await fetch(svg, contentType: "image/svg+xml")
        #expect(image.reason == "CSS custom properties expand the SVG by more than 1 MB")
        #expect(image.failure == .cssExpandsTooMuch(bytes: 1 << 20), "stopped by the growth cap, so its work is bounded")
    }

    @Test func customPropertiesNestedTooDeeplyOrInACycleAreRefused() throws {
        let chain = (0..<20).map { "--c\($0): var(--c\($0 + 1));" }.joined() + "--c20: red;"
        #expect(throws: FetchFailure.cssNestsTooDeep(levels: 16)) {
            try CSSVariables.resolve("<style>:root { \(chain) }</style><rect style=\"fill: var(--c0)\"/>")
        }
        #expect(throws: FetchFailure.cssNestsTooDeep(levels: 16)) {
            try CSSVariables.resolve("<style>:root { --a: var(--b); --b: var(--a); }</style><rect style=\"fill: var(--a)\"/>")
        }
        let shallow = try CSSVariables.resolve("<style>:root { --a: var(--b); --b: #123456; }</style><rect style=\"fill: var(--a); stroke: var(--none)\"/>")
        #expect(shallow.contains("fill: #123456; stroke: var(--none)"), "resolved, and the unknown one left")
    }

    @Test func echoedValuesAreShortAndPrintable() async throws {
        let message = "\u{1B}[2J" + String(repeating: "spam ", count: 2000)
        let response = try JSONSerialization.data(withJSONObject: ["status": false, "msg": message])
        let image = try await withService([:]) { _, service in
            try await service.image(response: response, chart: chart, options: RenderOptions(), format: .png)
        }
        let reason = try #require(image.reason)
        #expect(reason.hasPrefix("API status false: \\u{1B}[2Jspam") && reason.hasSuffix("…"), "\(reason)")
        #expect(reason.unicodeScalars.count < 160)

        let html = try await fetch(Data("<html>".utf8), contentType: "text/" + String(repeating: "x", count: 5000))
        let kind = try #require(html.reason)
        #expect(kind.hasPrefix("not an image: text/xxx") && kind.hasSuffix("…") && kind.unicodeScalars.count < 100, "\(kind)")
    }
}
