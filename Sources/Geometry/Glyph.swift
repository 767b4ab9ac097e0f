import ChartModel

/// Every symbol the wheel draws. Each is a vector drawing in a cell `advance` units wide and 24 units tall
/// (WheelRender holds the paths); the layout only needs the cell sizes.
public enum Glyph: String, CaseIterable, Sendable, Codable {
    case aries, taurus, gemini, cancer, leo, virgo, libra, scorpio, sagittarius, capricorn, aquarius, pisces
    case sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto
    case northNode, meanNode, southNode, chiron, ceres, pallas, juno, vesta, lilith, partOfFortune
    case conjunction, opposition, square, trine, sextile, quincunx
    case semiSextile, semiSquare, sesquiquadrate, quintile, biquintile, septile, novile
    case digit0, digit1, digit2, digit3, digit4, digit5, digit6, digit7, digit8, digit9
    case degree, minute, retrograde, minus
    /// Capitals for the angle labels (AC, DC, MC, IC), the element table's headers (FIRE, CARDINAL, TOTAL, …) and
    /// the positions table's words (SUN, PART OF FORTUNE, HOUSES, …).
    case letterA, letterB, letterC, letterD, letterE, letterF, letterH, letterI, letterJ, letterL, letterM, letterN, letterO
    case letterP, letterR, letterS, letterT, letterU, letterV, letterW, letterX, letterY

    /// Height of every glyph cell, in glyph units.
    public static let cellHeight = 24.0

    /// Width of the glyph's cell in glyph units; the cell is 24 units tall.
    public var advance: Double {
        switch self {
        case .digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9: 14
        case .degree: 9
        case .minute: 6
        case .retrograde: 18
        case .minus: 12
        case .letterA, .letterB, .letterC, .letterD, .letterH, .letterN, .letterO, .letterR, .letterU, .letterV, .letterY: 16
        case .letterE, .letterF, .letterT, .letterP: 14
        case .letterS: 15
        case .letterJ: 12
        case .letterL: 13
        case .letterX: 15
        case .letterM: 19
        case .letterW: 22
        case .letterI: 7
        default: 24
        }
    }

    /// The glyph of `sign`.
    public static func forSign(_ sign: ZodiacSign) -> Glyph { signs[sign.rawValue] }

    private static let signs: [Glyph] = [.aries, .taurus, .gemini, .cancer, .leo, .virgo, .libra, .scorpio, .sagittarius, .capricorn, .aquarius, .pisces]

    /// The glyph of `body` (the mean node: the node's glyph under a bar).
    public static func forBody(_ body: BodyID) -> Glyph {
        switch body {
        case .sun: .sun
        case .moon: .moon
        case .mercury: .mercury
        case .venus: .venus
        case .mars: .mars
        case .jupiter: .jupiter
        case .saturn: .saturn
        case .uranus: .uranus
        case .neptune: .neptune
        case .pluto: .pluto
        case .northNode: .northNode
        case .meanNode: .meanNode
        case .southNode: .southNode
        case .chiron: .chiron
        case .ceres: .ceres
        case .pallas: .pallas
        case .juno: .juno
        case .vesta: .vesta
        case .lilith: .lilith
        case .partOfFortune: .partOfFortune
        }
    }

    /// The glyph of an aspect of `kind`.
    public static func forAspect(_ kind: AspectKind) -> Glyph { Glyph(rawValue: kind.rawValue)! }

    /// The glyph of the digit `value`, 0…9.
    public static func digit(_ value: Int) -> Glyph { digits[value] }

    /// The letter glyphs of a word in capitals (`FIRE`), or nil when the table lacks one of its letters.
    public static func word(_ text: String) -> [Glyph]? {
        var glyphs: [Glyph] = []
        for letter in text {
            guard let glyph = Glyph(rawValue: "letter\(letter)") else { return nil }
            glyphs.append(glyph)
        }
        return glyphs
    }

    private static let digits: [Glyph] = [.digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9]
}
