import ChartModel
import Foundation
@testable import RemoteCharts
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// An API's SVG never reaches the user as markup: only its pixels do, as a PNG or inside a minimal SVG of ours.
@Suite(.serialized, .hangGuard)
struct HostileSVGTests {
    let chart = try! Fixtures.chart()
    let options: RenderOptions = {
        var options = RenderOptions()
        options.chartSize = 250
        return options
    }()

    /// These do not render at all in librsvg (an entity it will not load or expand): the local wheel stands in.
    static let unrendered: Set<String> = ["external entity", "billion laughs"]

    @Test func noHostilePayloadReachesTheOutput() async throws {
        #expect(HostileSVG.corpus.count >= 50)
        #expect(Set(HostileSVG.corpus.map(\.marker)).count == HostileSVG.corpus.count)
        var routes: [String: TestServer.Route] = [:]
        for (index, payload) in HostileSVG.corpus.enumerated() {
            routes["/\(index).svg"] = { _ in .respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: payload.svg) }
        }
        try await withService(routes) { server, service in
            for (index, payload) in HostileSVG.corpus.enumerated() {
                for format in RenderOptions.ImageType.allCases {
                    let image = try await service.image(response: Fixtures.response(server.url("/\(index).svg")), chart: chart,
                                                        options: options, format: format)
                    #expect(!image.data.contains(Data(payload.marker.utf8)), "\(payload.name) as \(format): the marker came through")
                    guard let pixels = Self.pixels(of: image.data, format: format) else {
                        Issue.record("\(payload.name) as \(format): neither a PNG nor our minimal SVG")
                        continue
                    }
                    if Self.unrendered.contains(payload.name) {
                        #expect(image.source == .fallback, "\(payload.name): \(image.sourceLine)")
                    } else {
                        #expect(image.source == .api, "\(payload.name) as \(format): \(image.sourceLine)")
                        let middle = pixels.pixel(x: pixels.width / 2, y: pixels.height / 2)
                        #expect((middle.red, middle.green, middle.blue) == HostileSVG.teal, "\(payload.name): the picture, rasterized")
                    }
                }
            }
        }
    }

    /// The pixels of a PNG, or of the PNG inside an SVG when it is exactly the minimal SVG we write; else nil.
    static func pixels(of data: Data, format: RenderOptions.ImageType) -> RGBAImage? {
        switch format {
        case .png:
            return try? Rasterizer.decodePNG(data)
        case .svg:
            let text = String(decoding: data, as: UTF8.self)
            // The local render (a fallback) is our own SVG: drawn by librsvg, it must have pixels too.
            if !text.contains("data:image/png") { return try? Rasterizer.image(svg: data, width: 250, height: 250) }
            let pattern = #"^<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="(\d+)" height="(\d+)" viewBox="0 0 \1 \2"><image width="\1" height="\2" xlink:href="data:image/png;base64,([A-Za-z0-9+/=]+)"/></svg>\n$"#
            guard let match = text.range(of: pattern, options: .regularExpression), match == text.startIndex..<text.endIndex,
                  let start = text.range(of: "base64,")?.upperBound, let end = text.range(of: "\"/></svg>")?.lowerBound,
                  let png = Data(base64Encoded: String(text[start..<end])) else { return nil }
            return try? Rasterizer.decodePNG(png)
        }
    }

    /// librsvg gets the API's SVG as bytes with no base URL: it loads nothing from files or the network. Red
    /// pixels over the whole picture would show that it did; the same image inline shows that they would.
    @Test func externalReferencesAreNotLoaded() async throws {
        let folder = Fixtures.scratch()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = try Rasterizer.encodePNG(RGBAImage(width: 10, height: 10, pixels: [UInt8]((0..<100).flatMap { _ in [255, 0, 0, 255] as [UInt8] })))
        let redCSS = Data("rect { fill: #ff0000 !important }".utf8)
        let redSVG = Data(##"<svg xmlns="http://www.w3.org/2000/svg"><rect id="r" width="100" height="100" fill="#ff0000"/></svg>"##.utf8)
        let text = Data("MMMMMMMMMMMMMMMMMMMM".utf8)
        for (name, data) in [("red.png", red), ("red.css", redCSS), ("red.svg", redSVG), ("text.txt", text)] {
            try data.write(to: folder.appendingPathComponent(name))
        }
        let dir = folder.path
        let cover = #"width="100" height="100""#
        let references: (String) -> [String] = { base in [
            HostileSVG.document("<image href=\"\(base)/red.png\" \(cover)/>"),
            HostileSVG.document("<image xlink:href=\"\(base)/red.png\" \(cover) preserveAspectRatio=\"none\"/>"),
            HostileSVG.document("<use href=\"\(base)/red.svg#r\"/>"),
            HostileSVG.document("<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feImage href=\"\(base)/red.png\" \(cover) preserveAspectRatio=\"none\"/></filter><rect \(cover) filter=\"url(#f)\"/>"),
            HostileSVG.document("", prologue: "<?xml-stylesheet type=\"text/css\" href=\"\(base)/red.css\"?>"),
            HostileSVG.document("<style>@import url(\(base)/red.css);</style>"),
            HostileSVG.document("<text x=\"0\" y=\"90\" font-size=\"90\" fill=\"#ff0000\"><xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"\(base)/text.txt\" parse=\"text\"/></text>"),
        ] }
        let inline = HostileSVG.document("<image href=\"data:image/png;base64,\(red.base64EncodedString())\" \(cover) preserveAspectRatio=\"none\"/>")
        var routes: [String: TestServer.Route] = ["/red.png": { _ in .respond(status: 200, body: red) }, "/red.css": { _ in .respond(status: 200, body: redCSS) },
                                                  "/red.svg": { _ in .respond(status: 200, body: redSVG) }, "/text.txt": { _ in .respond(status: 200, body: text) },
                                                  "/inline.svg": { _ in .respond(status: 200, body: Data(inline.utf8)) }]
        let cases = references("file://\(dir)") + references(dir)
        for (index, svg) in cases.enumerated() { routes["/file\(index).svg"] = { _ in .respond(status: 200, body: Data(svg.utf8)) } }
        try await withService(routes) { server, service in
            let shown = try await rasterized(service, server.url("/inline.svg"))
            #expect(Self.isRed(shown), "the check sees a red image when one is drawn")
            for index in cases.indices {
                let image = try await rasterized(service, server.url("/file\(index).svg"))
                #expect(!Self.isRed(image) && Self.isTeal(image), "\(cases[index])")
            }
            // The same references to the server that holds the files, given to the validator directly.
            for svg in references(server.url("")) {
                let image = try ImageValidator(unsafeSVG: .rasterize).accept(Data(svg.utf8), contentType: nil, as: .png, size: 250)
                #expect(Self.isTeal(try Rasterizer.decodePNG(image)), "\(svg)")
            }
            for path in ["/red.png", "/red.css", "/red.svg", "/text.txt"] {
                #expect(server.hits(path) == 0, "librsvg fetched \(path)")
            }
        }
    }

    private func rasterized(_ service: ChartImageService, _ url: String) async throws -> RGBAImage {
        let image = try await service.image(response: Fixtures.response(url), chart: chart, options: options, format: .png)
        #expect(image.source == .api, "\(image.sourceLine)")
        return try Rasterizer.decodePNG(image.data)
    }

    static func isRed(_ image: RGBAImage) -> Bool {
        let p = image.pixel(x: image.width / 2, y: image.height / 2)
        return p.red > 200 && p.green < 60 && p.blue < 60
    }

    static func isTeal(_ image: RGBAImage) -> Bool {
        (0..<image.height).allSatisfy { y in
            (0..<image.width).allSatisfy { x in
                let p = image.pixel(x: x, y: y)
                return (p.red, p.green, p.blue) == HostileSVG.teal
            }
        }
    }
}
