import Foundation

/// How names are compared: case, accents and punctuation folded, so that `Köln`, `KOLN` and `koln` are one key and
/// `Stratford-upon-Avon` is `stratford upon avon`. scripts/make-place-tables.py folds the tables' names the same way
/// (its `fold`): a change here must be made there too, and the tables made again.
public enum PlaceName {
    /// Letters that compatibility decomposition leaves alone but a person types without their stroke or ligature.
    static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ı": "i",
        "ħ": "h", "ŧ": "t", "ŀ": "l", "ŋ": "n", "ſ": "s", "ς": "σ",
    ]
    /// Abbreviations a person types for a whole word (`St. Louis`), expanded on both sides of a comparison.
    static let abbreviations: [String: String] = ["st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"]

    /// The folded key of a name: NFKD, lower case, marks dropped, anything but a letter or a digit a space, spaces
    /// collapsed, abbreviations expanded. Empty when the name has no letter or digit.
    public static func fold(_ name: String) -> String {
        var folded = ""
        folded.reserveCapacity(name.utf8.count)
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, nearly every query: the same result without Foundation's normalisation.
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    folded.unicodeScalars.append(Unicode.Scalar(byte))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    folded.unicodeScalars.append(Unicode.Scalar(byte + 32))
                default:
                    folded.unicodeScalars.append(" ")
                }
            }
        } else {
            let decomposed = name.decomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCompatibilityMapping
            for scalar in decomposed.unicodeScalars {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    continue
                case _ where special[scalar] != nil:
                    folded += special[scalar]!
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber:
                    folded.unicodeScalars.append(scalar)
                default:
                    folded.unicodeScalars.append(" ")
                }
            }
        }
        return folded.split(separator: " ").map { abbreviations[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// The key with the first ASCII letter of each word capitalised: a place whose name is this has no name of its
    /// own in the table (the script's `title`).
    static func title(_ key: some Sequence<UInt8>) -> String {
        var bytes = [UInt8]()
        var atWordStart = true
        for byte in key {
            bytes.append(atWordStart && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
            atWordStart = byte == UInt8(ascii: " ")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
