/// An image as straight RGBA bytes, row by row from the top.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width` × `height` × 4 bytes: red, green, blue, alpha (not premultiplied), row by row from the top.
    public var pixels: [UInt8]

    /// An image of `width` × `height` pixels from its RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` as (red, green, blue, alpha).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
