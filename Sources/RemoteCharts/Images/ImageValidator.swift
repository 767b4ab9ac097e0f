import ChartModel
import Foundation
import Support
import WheelRaster
import WheelRender

/// What to do with an SVG image from the API. Third-party SVG is never passed on as markup: scripts, event
/// handlers, animations that rewrite links, processing instructions and external references hide in too many
/// spellings for a filter over its text to catch them all.
public enum UnsafeSVGHandling: String, Sendable, CaseIterable {
    /// Draw it through librsvg at the chart's size and keep only its pixels: a PNG, or a PNG inside a minimal
    /// SVG of our own when SVG was asked for.
    case rasterize
    /// Never read it: fall back to the local render.
    case refuse
}

/// Checks what the API's image URL returned and brings it into the format asked for. Only pixels go on, in a
/// PNG we encode ourselves: an API's SVG is rasterized, and an API's PNG is decoded and encoded again, which
/// leaves its text chunks and anything after its end behind.
struct ImageValidator {
    var unsafeSVG: UnsafeSVGHandling

    /// An SVG whose estimated drawing time (`SVGDrawingCost`) is over this share of the time left is refused
    /// undrawn: the estimate is one idle core's time, and the budget is wall-clock time on a machine that may be
    /// busy (on the shared build machine, librsvg's wall-clock time ran 2 to 6 times its CPU time).
    static let costShareOfTimeLeft = 0.5

    /// The image as `format` (an SVG drawn at `size` pixels square), or why it cannot be used. An SVG is drawn
    /// on the caller's thread, with no time limit: for tests of what is drawn.
    func accept(_ body: Data, contentType: String?, as format: RenderOptions.ImageType, size: Int) throws(FetchFailure) -> Data {
        let image: RGBAImage
        switch try kind(of: body, contentType: contentType) {
        case .png: image = try decodePNG(body)
        case .svg: image = try Self.draw(svg: try resolvedSVG(body), size: size, left: { .seconds(Int64.max) }).get()
        }
        return try encode(image, as: format)
    }

    /// The image as `format`, an SVG drawn by `drawer` on a thread of its own and only when its estimated cost
    /// fits the time left before `deadline`; falls short with `svgTooCostly`, `svgDrawTimeout` (`budget` named)
    /// or `svgDrawersBusy`.
    func accept(_ body: Data, contentType: String?, as format: RenderOptions.ImageType, size: Int,
                drawer: SVGDrawer, clock: ServiceClock, deadline: ServiceClock.Instant, budget: Duration) async throws -> Data {
        let image: RGBAImage
        switch try kind(of: body, contentType: contentType) {
        case .png:
            image = try decodePNG(body)
        case .svg:
            let svg = try resolvedSVG(body)
            guard clock.now < deadline else { throw FetchFailure.svgDrawTimeout(budget: budget) }
            image = try await drawer.draw(deadline: deadline, busy: .svgDrawersBusy(running: drawer.running, budget: budget),
                                          timeout: .svgDrawTimeout(budget: budget)) {
                Self.draw(svg: svg, size: size, left: { clock.remaining(until: deadline) })
            }.get()
        }
        return try encode(image, as: format)
    }

    private enum Kind { case png, svg }

    private func kind(of body: Data, contentType: String?) throws(FetchFailure) -> Kind {
        guard !body.isEmpty else { throw .notAnImage("empty body") }
        switch try? ImageInput(data: body) {
        case .png?: return .png
        case .svg?: return .svg
        case nil:
            let kind = contentType.map { $0.split(separator: ";").first.map(String.init) ?? "" } ?? Self.sniff(body)
            throw .notAnImage(oneLine(kind.trimmingCharacters(in: .whitespaces), limit: 60))
        }
    }

    private func decodePNG(_ body: Data) throws(FetchFailure) -> RGBAImage {
        do { return try Rasterizer.decodePNG(body) } catch { throw .unusablePNG(error) }
    }

    private func encode(_ image: RGBAImage, as format: RenderOptions.ImageType) throws(FetchFailure) -> Data {
        let png: Data
        do { png = try Rasterizer.encodePNG(image) } catch { throw .cannotEncode(error) }
        return format == .png ? png : Self.svgWrapping(png: png, width: image.width, height: image.height)
    }

    /// The SVG as librsvg is to read it, or why it is not read at all.
    private func resolvedSVG(_ body: Data) throws(FetchFailure) -> Data {
        guard unsafeSVG == .rasterize else { throw .svgRefused }
        guard let text = String(data: body, encoding: .utf8) else { throw .notAnImage("SVG is not UTF-8") }
        // librsvg 2.54 would paint `var(--x)` colours black.
        return Data(try CSSVariables.resolve(text).utf8)
    }

    /// Estimates the SVG's cost, refuses it when that is over its share of the time `left()`, else draws it.
    private static func draw(svg: Data, size: Int, left: () -> Duration) -> Result<RGBAImage, FetchFailure> {
        let cost: SVGDrawingCost
        do { cost = try SVGDrawingCost.estimate(svg: svg, width: size, height: size) } catch { return .failure(.svgDoesNotRender(error)) }
        let left = left()
        guard cost.seconds <= left.seconds * costShareOfTimeLeft else { return .failure(.svgTooCostly(cost, left: left)) }
        do { return .success(try Rasterizer.image(svg: svg, width: size, height: size)) } catch { return .failure(.svgDoesNotRender(error)) }
    }

    /// The minimal SVG that shows a PNG, for when SVG was asked: one `<image>` with the PNG inline.
    static func svgWrapping(png: Data, width: Int, height: Int) -> Data {
        Data("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)"><image width="\(width)" height="\(height)" \
            xlink:href="data:image/png;base64,\(png.base64EncodedString())"/></svg>

            """.utf8)
    }

    private static func sniff(_ body: Data) -> String {
        let head = String(decoding: body.prefix(512), as: UTF8.self).drop { $0.isWhitespace }.lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return "text/html" }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "application/json" }
        return "unknown content"
    }
}
