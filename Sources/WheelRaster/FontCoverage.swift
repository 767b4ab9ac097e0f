import CRsvg
import Foundation
import Support

/// Whether this machine has a font for each character of a PNG's text. librsvg draws a `<text>` in the first
/// font of its stack that has the glyph, else in any installed font that has it (fontconfig's fallback); a
/// character no installed font has comes out as a missing-glyph box. The check names the Debian package that
/// gives the font: `fonts-gargi` for Devanagari (Hindi), `fonts-wqy-microhei` for Chinese, `fonts-dejavu-core`
/// for Latin, Greek and Cyrillic (the other eight languages). The glyphs of the wheel are paths and need none.
public struct FontCoverage: Sendable {
    private let answer: @Sendable (Unicode.Scalar) -> Bool

    /// A coverage that asks `covers` whether some installed font has a scalar's glyph: a test's machine without a
    /// font, or another platform's answer.
    public init(covers: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        answer = covers
    }

    /// This machine's fonts, as fontconfig lists them; each scalar is asked once a process (a query walks every
    /// installed font), the answer kept. When fontconfig cannot answer, a scalar counts as covered: no warning.
    public static let system: FontCoverage = {
        let answers = Locked([UInt32: Bool]())
        return FontCoverage { scalar in
            // Under the lock: one query at a time, and each scalar asked once however many threads draw.
            answers.withLock { answers in
                if let known = answers[scalar.value] { return known }
                let covered = wheel_font_covers(scalar.value) != 0
                answers[scalar.value] = covered
                return covered
            }
        }
    }()

    /// Whether some installed font has `scalar`'s glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        answer(scalar)
    }

    /// The fonts `texts` need that this machine lacks: one per script (one in all for characters of no script
    /// named here), in the order the texts first need them; empty when every character has a font. Spaces,
    /// control and format characters (a zero-width joiner) and variation selectors draw no glyph of their own
    /// and are not asked about.
    public func missingFonts<Texts: Sequence>(in texts: Texts) -> [MissingFont] where Texts.Element: StringProtocol {
        var missing: [MissingFont] = []
        var settled = Set<MissingFont.Need.Kind>()
        for text in texts {
            for scalar in text.unicodeScalars where Self.drawsAGlyph(scalar) {
                let need = MissingFont.Need(scalar)
                guard !settled.contains(need.kind) else { continue }
                if !covers(scalar) {
                    settled.insert(need.kind)
                    missing.append(MissingFont(need))
                }
            }
        }
        return missing
    }

    private static func drawsAGlyph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            false
        default:
            !scalar.properties.isVariationSelector
        }
    }
}

/// A font a PNG's text needs and this machine lacks: the script it is for and the Debian package that gives it.
public struct MissingFont: Hashable, Sendable {
    /// The script, as the warning names it (`Devanagari`, `Chinese`, `Latin, Greek and Cyrillic`), or for a
    /// character of none of them, the character's code point (`the character U+0E01`).
    public let script: String
    /// The Debian package with the font (`fonts-gargi`), nil for a character of no script named here.
    public let package: String?

    /// The warning, as `wheel` prints it after `wheel: warning: ` and `wheel serve` logs it: `the PNG's text needs
    /// a font for Devanagari, which this machine lacks; install fonts-gargi (apt-get install fonts-gargi)`.
    public var warning: String {
        let lacking = "the PNG's text needs a font for \(script), which this machine lacks"
        guard let package else { return lacking }
        return lacking + "; install \(package) (apt-get install \(package))"
    }

    /// What one character needs: its script's font, or for a character of none of them, a font for itself.
    struct Need: Hashable {
        enum Kind: Hashable { case devanagari, chinese, dejaVu, other }
        let kind: Kind
        let scalar: Unicode.Scalar

        init(_ scalar: Unicode.Scalar) {
            self.scalar = scalar
            kind = switch scalar.value {
            case 0x0900...0x097F, 0xA8E0...0xA8FF: .devanagari
            // CJK radicals, ideographic description, symbols and punctuation (`，`), kana, bopomofo, strokes,
            // enclosed and compatibility forms, the unified and compatibility ideographs, vertical and
            // compatibility forms, full- and half-width forms (`：`), and the ideographs beyond the BMP.
            case 0x2E80...0x2FFF, 0x3000...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF: .chinese
            // DejaVu Sans's: Latin (Turkish's letters too), IPA, Greek, Cyrillic, Armenian, Hebrew and Arabic;
            // phonetic extensions, Latin and Greek extended, punctuation, symbols, arrows and mathematical
            // operators; Latin Extended-C and -D, Cyrillic Extended-B, the Latin ligatures.
            case 0x0000...0x06FF, 0x1D00...0x1FFF, 0x2000...0x2BFF, 0x2C60...0x2C7F, 0xA640...0xA69F,
                 0xA720...0xA7FF, 0xFB00...0xFB06: .dejaVu
            default: .other
            }
        }
    }

    init(_ need: Need) {
        switch need.kind {
        case .devanagari: (script, package) = ("Devanagari", "fonts-gargi")
        case .chinese: (script, package) = ("Chinese", "fonts-wqy-microhei")
        case .dejaVu: (script, package) = ("Latin, Greek and Cyrillic", "fonts-dejavu-core")
        case .other: (script, package) = ("the character U+\(String(need.scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))", nil)
        }
    }

    /// A missing font for `script` from `package` (nil: none named): for a caller's own warnings and tests.
    public init(script: String, package: String?) {
        self.script = script
        self.package = package
    }
}

/// Which missing fonts were already warned of: each package once (each character of no named script once), however
/// many PNGs need it. `wheel` keeps one for its run, `wheel serve` one for its process.
public final class FontWarnings: Sendable {
    private let said = Locked(Set<String>())

    /// None said yet.
    public init() {}

    /// The one the process shares: `wheel serve`'s, so that every server in it warns of a package once.
    public static let process = FontWarnings()

    /// Those of `missing` not yet said, now counted as said.
    public func unsaid(_ missing: [MissingFont]) -> [MissingFont] {
        guard !missing.isEmpty else { return [] }
        return said.withLock { said in missing.filter { said.insert($0.package ?? $0.script).inserted } }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
