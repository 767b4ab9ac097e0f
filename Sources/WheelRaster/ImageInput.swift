import Foundation

/// An image to compare, as the bytes of a PNG or an SVG.
public enum ImageInput: Sendable {
    case png(Data)
    case svg(Data)

    /// Tells a PNG from an SVG by its content; anything else is refused with what it looks like.
    public init(data: Data) throws(RasterError) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png(data)
            return
        }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if head.contains("<svg") {
            self = .svg(data)
            return
        }
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let kind = data.isEmpty ? "an empty file"
            : trimmed.lowercased().hasPrefix("<!doctype html") || trimmed.lowercased().hasPrefix("<html") ? "an HTML page"
            : trimmed.hasPrefix("{") || trimmed.hasPrefix("[") ? "JSON"
            : "neither PNG nor SVG"
        throw RasterError.notAnImage(kind: kind)
    }

    /// The pixels; an SVG is drawn at `size` when given, else at its own size. A size over
    /// `ImageLimits.standard` is refused before any pixel is decoded or drawn.
    public func image(size: (width: Int, height: Int)? = nil) throws(RasterError) -> RGBAImage {
        switch self {
        case .png(let data): try Rasterizer.decodePNG(data)
        case .svg(let data): try Rasterizer.image(svg: data, width: size?.width, height: size?.height)
        }
    }

    package var isSVG: Bool { if case .svg = self { true } else { false } }
}
