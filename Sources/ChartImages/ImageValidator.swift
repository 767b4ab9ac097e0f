import ChartModel
import Foundation
import WheelRaster
import WheelRender

/// What to do with an API SVG that has scripts, event handlers or external references.
public enum UnsafeSVGHandling: String, Sendable, CaseIterable {
    /// Draw it to PNG, which keeps the picture and drops everything active.
    case rasterize
    /// Treat it as a failure and fall back to the local render.
    case refuse
}

/// Checks what the API's image URL returned and brings it into the format asked for.
struct ImageValidator {
    var unsafeSVG: UnsafeSVGHandling

    /// The image as `format` at about `size` pixels, or why it cannot be used.
    func accept(_ body: Data, contentType: String?, as format: RenderOptions.ImageType, size: Int) throws(FetchFailure) -> Data {
        guard !body.isEmpty else { throw FetchFailure("not an image: empty body") }
        switch try? ImageInput(data: body) {
        case .png?:
            let image: RGBAImage
            do { image = try Rasterizer.decodePNG(body) } catch { throw FetchFailure("not an image: corrupt PNG (\(error.message))") }
            return format == .png ? body : Self.svgWrapping(png: body, width: image.width, height: image.height)
        case .svg?:
            return try acceptSVG(body, as: format, size: size)
        case nil:
            let kind = contentType.map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces) } ?? Self.sniff(body)
            throw FetchFailure("not an image: \(kind)")
        }
    }

    private func acceptSVG(_ body: Data, as format: RenderOptions.ImageType, size: Int) throws(FetchFailure) -> Data {
        guard let text = String(data: body, encoding: .utf8) else { throw FetchFailure("not an image: SVG is not UTF-8") }
        // Resolve custom properties first: librsvg 2.54 would paint `var(--x)` colours black.
        let resolved = Data(CSSVariables.resolve(text).svg.utf8)
        let safety = SVGSafety(resolved)
        guard safety.wellFormed else { throw FetchFailure("not an image: SVG is not well-formed XML") }
        let image: RGBAImage
        do {
            image = try Rasterizer.image(svg: resolved, width: size, height: size)
        } catch {
            throw FetchFailure("not an image: SVG does not render (\(error.message))")
        }
        if format == .svg && safety.isSafe { return resolved }
        if !safety.isSafe && unsafeSVG == .refuse {
            throw FetchFailure("unsafe SVG: \(safety.problems.joined(separator: ", "))")
        }
        // Asked for PNG, or an unsafe SVG to defuse: its pixels hold nothing active.
        let png: Data
        do { png = try Rasterizer.encodePNG(image) } catch { throw FetchFailure("cannot encode the API's image: \(error.message)") }
        return format == .png ? png : Self.svgWrapping(png: png, width: image.width, height: image.height)
    }

    /// An SVG that shows a PNG, for when SVG was asked and only pixels can be had; the PNG is inline.
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
