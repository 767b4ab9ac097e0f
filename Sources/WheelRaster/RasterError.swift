import ChartModel
import Foundation
import Support

/// Why a rasterization, decoding or encoding failed: a case a caller can match, with its data, and librsvg's or
/// cairo's own words where they have some. `message` is made from the case.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a PNG or SVG: `kind` says what it looks like (`an HTML page`, `JSON`, `an empty file`).
    case notAnImage(kind: String)
    /// Bytes that do not start as a PNG does: `detail` says what is missing.
    case notPNG(detail: String)
    /// A width or height below 1, or one no surface can have.
    case impossibleSize(width: Int, height: Int)
    /// Larger than `ImageLimits` allow, refused before any pixel was decoded or drawn.
    case overLimit(width: Int, height: Int, maximumSide: Int, maximumPixels: Int)
    /// An SVG's own size, in fractional pixels, beyond the side limit.
    case svgOverLimit(width: Double, height: Double, maximumSide: Int)
    /// An SVG without `width` and `height` in pixels, and no size given to draw it at.
    case svgWithoutSize
    case svgUnreadable(librsvg: String)
    case svgNotRendered(librsvg: String)
    /// An `feConvolveMatrix` kernel of `entries` numbers, over the `limit` beyond which librsvg 2.54 aborts the
    /// whole process: refused before it is drawn.
    case svgKernelTooLarge(entries: Int, limit: Int)
    /// An image whose pixel buffer does not match its size.
    case cannotEncode(width: Int, height: Int, bytes: Int)
    /// cairo failed `doing` something, with its status in words.
    case cairo(doing: String, status: String)

    /// Whether the image was refused for its size alone: what a smaller drawing would fix, not a fault.
    public var isOverLimit: Bool {
        if case .overLimit = self { return true }
        return false
    }

    /// What failed, in one line.
    public var message: String { oneLine(text) }
    /// The message.
    public var description: String { message }

    private var text: String {
        switch self {
        case .notAnImage(let kind): "not an image: \(kind)"
        case .notPNG(let detail): "not a PNG: \(detail)"
        case .impossibleSize(let width, let height): "cannot make a \(width)×\(height) image"
        case .overLimit(let width, let height, let side, let pixels):
            "an image of \(width)×\(height) pixels is over the limit (\(side) a side, \(pixels) pixels in all)"
        case .svgOverLimit(let width, let height, let side):
            "an image of \(Self.describe(width))×\(Self.describe(height)) pixels is over the limit (\(side) a side)"
        case .svgWithoutSize: "the SVG gives no size in pixels (width and height); compare it with a PNG, or give it a size"
        case .svgUnreadable(let words): "librsvg could not read the SVG: \(words)"
        case .svgNotRendered(let words): "librsvg could not render the SVG: \(words)"
        case .svgKernelTooLarge(let entries, let limit):
            "an feConvolveMatrix kernel of \(entries) numbers, over the \(limit) that librsvg draws without crashing"
        case .cannotEncode(let width, let height, let bytes): "cannot encode a \(width)×\(height) image of \(bytes) bytes"
        case .cairo(let doing, let status): "cairo failed \(doing): \(status)"
        }
    }

    private static func describe(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded())) : String(format: "%g", value)
    }
}
