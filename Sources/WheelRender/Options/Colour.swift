import ChartModel
import Foundation
import Support

/// A validated sRGB colour. It can only be made from `#rgb`, `#rrggbb` or a known name, so what reaches an
/// SVG attribute is always `#rrggbb`.
public struct Colour: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// The colour of these components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The names accepted besides hex: the sixteen basic HTML colours and a few common extras.
    public static let names: [(name: String, colour: Colour)] = [
        ("black", 0x000000), ("white", 0xffffff), ("silver", 0xc0c0c0), ("gray", 0x808080), ("grey", 0x808080),
        ("maroon", 0x800000), ("red", 0xff0000), ("purple", 0x800080), ("fuchsia", 0xff00ff),
        ("green", 0x008000), ("lime", 0x00ff00), ("olive", 0x808000), ("yellow", 0xffff00),
        ("navy", 0x000080), ("blue", 0x0000ff), ("teal", 0x008080), ("aqua", 0x00ffff),
        ("orange", 0xffa500), ("brown", 0xa52a2a), ("pink", 0xffc0cb), ("gold", 0xffd700),
    ].map { ($0, Colour(rgb: $1)) }

    private init(rgb: UInt32) {
        self.init(red: UInt8(rgb >> 16 & 0xff), green: UInt8(rgb >> 8 & 0xff), blue: UInt8(rgb & 0xff))
    }

    /// Reads `#rgb`, `#rrggbb` (any case) or one of `names` (any case); surrounding whitespace is ignored.
    /// Anything else, which includes everything that could break out of an attribute, is an error at `field`.
    public init(parsing text: String, field: String) throws(ChartError) {
        let trimmed = text.trimmingWhitespace()
        let lower = trimmed.lowercased()
        if let named = Self.names.first(where: { $0.name == lower }) {
            self = named.colour
            return
        }
        let digits = lower.dropFirst()
        guard lower.hasPrefix("#"), digits.count == 3 || digits.count == 6,
              digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = UInt32(digits, radix: 16)
        else {
            throw ChartError(field, "\(quote(text)) is not a colour (use #rgb, #rrggbb or a name: black, white, …)")
        }
        if digits.count == 6 {
            self.init(rgb: value)
        } else {
            // #abc is #aabbcc: each digit doubled, i.e. times 17.
            self.init(red: UInt8(value >> 8 & 0xf) * 17, green: UInt8(value >> 4 & 0xf) * 17, blue: UInt8(value & 0xf) * 17)
        }
    }

    /// `#rrggbb` in lowercase, the only form written into SVG.
    public var hex: String {
        "#" + [red, green, blue].map { channel in
            let digits = String(channel, radix: 16)
            return channel < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The colour as `#rrggbb`.
    public var description: String { hex }

    /// WCAG 2.x relative luminance, 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            // WCAG 2.x writes 0.03928, sRGB 0.04045: no 8-bit value lies between them.
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio, 1 (none) to 21 (black on white); symmetric.
    public func contrastRatio(with other: Colour) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
