import ChartModel
import Foundation
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

    /// The image as `format` (an SVG drawn at `size` pixels square), or why it cannot be used.
    func accept(_ body: Data, contentType: String?, as format: RenderOptions.ImageType, size: Int) throws(FetchFailure) -> Data {
        guard !body.isEmpty else { throw .notAnImage("empty body") }
        let image: RGBAImage
        switch try? ImageInput(data: body) {
        case .png?:
            do { image = try Rasterizer.decodePNG(body) } catch { throw .unusablePNG(error) }
        case .svg?:
            image = try rasterize(svg: body, size: size)
        case nil:
            let kind = contentType.map { $0.split(separator: ";").first.map(String.init) ?? "" } ?? Self.sniff(body)
            throw .notAnImage(oneLine(kind.trimmingCharacters(in: .whitespaces), limit: 60))
        }
        let png: Data
        do { png = try Rasterizer.encodePNG(image) } catch { throw .cannotEncode(error) }
        return format == .png ? png : Self.svgWrapping(png: png, width: image.width, height: image.height)
    }

    private func rasterize(svg body: Data, size: Int) throws(FetchFailure) -> RGBAImage {
        guard unsafeSVG == .rasterize else { throw .svgRefused }
        guard let text = String(data: body, encoding: .utf8) else { throw .notAnImage("SVG is not UTF-8") }
        // librsvg 2.54 would paint `var(--x)` colours black.
        let resolved = try CSSVariables.resolve(text)
        do {
            return try Rasterizer.image(svg: Data(resolved.utf8), width: size, height: size)
        } catch {
            throw .svgDoesNotRender(error)
        }
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
