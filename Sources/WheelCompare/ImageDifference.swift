import WheelRaster

/// A rectangle of pixels.
public struct PixelBox: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// `W×H at (X, Y)`.
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

/// What a comparison found: how many pixels differ, their share, the largest distance, where.
public struct ImageDifference: Sendable {
    enum Mark: UInt8, Sendable { case same, different, antialiased }

    /// The image compared against.
    public let expected: RGBAImage
    /// The image compared.
    public let actual: RGBAImage
    let marks: [Mark]
    /// Pixels that differ beyond the threshold (anti-aliased ones only when they are counted).
    public let differentPixels: Int
    /// Differing pixels that were taken for anti-aliasing and not counted.
    public let antialiasedPixels: Int
    /// Largest colour distance among the counted pixels, 0...1 on the threshold's scale.
    public let maximumDistance: Double
    /// Smallest box holding every counted pixel; `nil` when none differ.
    public let bounds: PixelBox?

    /// Whether the two images have different sizes (and so differ as a whole).
    public var sizesDiffer: Bool { expected.width != actual.width || expected.height != actual.height }
    /// The number of pixels in the expected image.
    public var totalPixels: Int { expected.width * expected.height }
    /// Share of the pixels that differ, 0...1.
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// How much difference is acceptable.
    public enum Tolerance: Sendable, Hashable {
        case pixels(Int)
        case ratio(Double)
    }

    /// Whether the images match within `tolerance`; images of different sizes never do.
    public func isWithin(_ tolerance: Tolerance) -> Bool {
        guard !sizesDiffer else { return false }
        switch tolerance {
        case .pixels(let count): return differentPixels <= count
        case .ratio(let share): return ratio <= share
        }
    }

    /// One line for people: `1234 pixels differ (0.34%), largest distance 0.52, within 120×40 at (300, 80)`.
    public var summary: String {
        if sizesDiffer {
            return "sizes differ: expected \(expected.width)×\(expected.height), actual \(actual.width)×\(actual.height)"
        }
        let share = String(format: "%.4g", ratio * 100)
        var line = "\(differentPixels) of \(totalPixels) pixels differ (\(share)%)"
        if let bounds {
            line += ", largest distance \(String(format: "%.3f", maximumDistance)), within \(bounds)"
        }
        if antialiasedPixels > 0 { line += "; \(antialiasedPixels) anti-aliased pixels not counted" }
        return line
    }

    /// Expected, a mask of the differences, and actual, side by side. In the mask, unchanged pixels are a faint
    /// copy of the expected image, counted differences red, and uncounted anti-aliasing yellow.
    public func picture() -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        let gap = 4
        var out = RGBAImage(width: width * 3 + gap * 2, height: height,
                            pixels: [UInt8](repeating: 255, count: (width * 3 + gap * 2) * height * 4))
        out.paste(expected, atX: 0)
        out.paste(actual, atX: (width + gap) * 2)
        for y in 0..<height {
            for x in 0..<width {
                let colour: (UInt8, UInt8, UInt8)
                if sizesDiffer {
                    colour = (255, 0, 0)
                } else {
                    switch marks[y * width + x] {
                    case .different: colour = (255, 0, 0)
                    case .antialiased: colour = (255, 200, 0)
                    case .same:
                        // A faint grey copy of the expected image, so the changes can be placed.
                        let p = expected.pixel(x: x, y: y)
                        let alpha = Double(p.alpha) / 255
                        let grey = (Double(p.red) * 0.299 + Double(p.green) * 0.587 + Double(p.blue) * 0.114) * alpha + 255 * (1 - alpha)
                        let faint = UInt8(255 - (255 - grey) * 0.15)
                        colour = (faint, faint, faint)
                    }
                }
                let o = (y * out.width + width + gap + x) * 4
                out.pixels[o] = colour.0; out.pixels[o + 1] = colour.1; out.pixels[o + 2] = colour.2; out.pixels[o + 3] = 255
            }
        }
        return out
    }
}

extension RGBAImage {
    /// Copies `image` in with its top-left corner at column `x`, row 0.
    mutating func paste(_ image: RGBAImage, atX x: Int) {
        for row in 0..<min(image.height, height) {
            let from = row * image.width * 4, to = (row * width + x) * 4
            let count = min(image.width, width - x) * 4
            pixels.replaceSubrange(to..<(to + count), with: image.pixels[from..<(from + count)])
        }
    }
}
