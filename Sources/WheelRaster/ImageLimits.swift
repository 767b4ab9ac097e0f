import Foundation

/// The largest image decoded or rasterized. It is checked before any pixel memory is spent: a PNG's size is
/// read from its header, an SVG's from its `width` and `height`, so a small file that declares a huge image
/// costs nothing. Each pixel decoded costs 8 bytes (cairo's surface and the RGBA copy): the default, 4096 × 4096
/// pixels, is at most 128 MB, and holds the largest wheel drawn (4000 px).
public struct ImageLimits: Sendable, Hashable {
    /// Widest and tallest, in pixels.
    public var maximumSide = 16384
    /// Width times height.
    public var maximumPixels = 4096 * 4096

    /// The defaults: 16,384 pixels a side, 4096 × 4096 pixels in all.
    public init() {}

    /// The default limits.
    public static let standard = ImageLimits()

    /// Refuses a `width` × `height` image that is empty or over a limit.
    public func check(width: Int, height: Int) throws(RasterError) {
        guard width >= 1, height >= 1 else { throw RasterError.impossibleSize(width: width, height: height) }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw RasterError.overLimit(width: width, height: height, maximumSide: maximumSide, maximumPixels: maximumPixels)
        }
    }

    /// Checks a size given in fractional pixels (an SVG's), before it is made an integer that could overflow.
    func check(width: Double, height: Double) throws(RasterError) -> (width: Int, height: Int) {
        let side = Double(maximumSide)
        guard width.isFinite, height.isFinite, width <= side, height <= side else {
            throw RasterError.svgOverLimit(width: width, height: height, maximumSide: maximumSide)
        }
        let size = (width: Int(width.rounded()), height: Int(height.rounded()))
        try check(width: size.width, height: size.height)
        return size
    }

    /// The width and height a PNG declares in its header (IHDR, the first chunk), read without decoding it.
    static func pngSize(_ data: Data) throws(RasterError) -> (width: Int, height: Int) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[8..<16].elementsEqual([0, 0, 0, 13] + Array("IHDR".utf8)) else {
            throw RasterError.notPNG(detail: "the IHDR header is missing")
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
