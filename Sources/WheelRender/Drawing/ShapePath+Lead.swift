extension ShapePath {
    /// The SVG text before one number: the element's letter before its first (after the `Z` of a subpath
    /// closed just before), a space between numbers, an arc's rotation and flags before its end point.
    ///
    /// Kept beside each number, so that the writer runs through numbers without a branch on every element:
    /// glyphs mix their elements too freely for a branch predictor.
    struct Lead {
        /// Up to seven bytes, the first in the lowest; their count in the highest byte.
        let packed: UInt64

        var count: Int { Int(packed >> 56) }
        var bytes: UInt64 { packed & 0x00FF_FFFF_FFFF_FFFF }

        private init(bytes: UInt64, count: Int) { packed = bytes | UInt64(count) << 56 }

        static let space = Lead(bytes: 0x20, count: 1)

        static func letter(_ verb: Verb) -> Lead {
            let letter: UInt8 = switch verb {
            case .move: UInt8(ascii: "M")
            case .line: UInt8(ascii: "L")
            case .cubic: UInt8(ascii: "C")
            case .quadratic: UInt8(ascii: "Q")
            case .close: UInt8(ascii: "Z")
            case .arc, .arcLarge, .arcSweep, .arcLargeSweep: UInt8(ascii: "A")
            }
            return Lead(bytes: UInt64(letter), count: 1)
        }

        /// ` 0 large sweep `, between an arc's radii and its end point.
        static func flags(_ verb: Verb) -> Lead {
            func digit(_ flag: Bool) -> UInt64 { flag ? 0x31 : 0x30 }
            return Lead(bytes: 0x20 | 0x30 << 8 | 0x20 << 16 | digit(verb.isLarge) << 24 | 0x20 << 32 | digit(verb.isSweep) << 40 | 0x20 << 48, count: 7)
        }

        /// This lead after a `Z`.
        var afterClose: Lead { Lead(bytes: bytes << 8 | UInt64(UInt8(ascii: "Z")), count: count + 1) }
    }
}
