import Support

/// What the wheel can draw: the limits that the model's initializers, the decoders and the render options check,
/// each as a function that says what is wrong with a value (or nil), so that every caller words it the same way.
public enum ChartLimits {
    /// Largest orb, either sign, in degrees: no aspect is drawn this far from exact (the aspects are at most 30° apart).
    public static let maxOrb = 30.0
    /// Longest house system name, in Unicode scalars.
    public static let maxHouseSystemScalars = 40

    /// Why a longitude cannot be drawn, or nil.
    public static func longitudeProblem(_ value: Double) -> String? {
        value >= 0 && value < 360 ? nil : "\(plainNumber(value)) is outside 0..<360"
    }

    /// Why a latitude cannot be kept, or nil.
    public static func latitudeProblem(_ value: Double) -> String? {
        value >= -90 && value <= 90 ? nil : "\(plainNumber(value)) is outside -90...90"
    }

    /// Why an orb cannot be drawn, or nil. Its sign is kept (services write applying orbs as negative).
    public static func orbProblem(_ value: Double) -> String? {
        abs(value) <= maxOrb ? nil : "\(plainNumber(value)) is outside -\(Int(maxOrb))...\(Int(maxOrb))"
    }

    /// Why twelve cusps cannot be drawn, or nil: each a longitude, each house a positive span, going once round
    /// the zodiac in order. In order exactly when the twelve spans sum to 360° (out of order they sum to 720° or
    /// more); the sum is compared with a margin far below a one-degree mistake and far above rounding.
    public static func cuspsProblem(_ cusps: [Double]) -> String? {
        guard cusps.count == 12 else { return "\(cusps.count) cusps, expected 12" }
        if let index = cusps.firstIndex(where: { longitudeProblem($0) != nil }) {
            return "cusp \(index + 1): " + longitudeProblem(cusps[index])!
        }
        var total = 0.0
        for house in 0..<12 {
            let start = cusps[house], end = cusps[(house + 1) % 12]
            guard start != end else { return "houses \(house + 1) and \((house + 1) % 12 + 1) both begin at \(plainNumber(start))" }
            total += normalizedDegrees(end - start)
        }
        guard total < 360 + 1e-6 else {
            return "cusps \(cusps.map(plainNumber).joined(separator: ", ")) are not in zodiac order (they go \(Int((total / 360).rounded())) times round)"
        }
        return nil
    }

    /// Why a line of text (a title, a house system's name) cannot be shown, or nil: at most `limit` Unicode scalars
    /// (not characters, which a letter and 100,000 combining marks would pass as one), and only characters that XML
    /// can hold and a line should: no controls (tabs and newlines included) and no noncharacters (U+FFFE, U+FFFF, …).
    public static func textProblem(_ text: String, limit: Int) -> String? {
        let scalars = text.unicodeScalars.count
        guard scalars <= limit else { return "\(quote(text)) is \(scalars) Unicode scalars long, at most \(limit)" }
        if let bad = text.unicodeScalars.first(where: { !isShowable($0) }) {
            return "\(quote(text)) contains \(bad.properties.generalCategory == .control ? "a control character" : "a noncharacter") (U+\(hex(bad)))"
        }
        return nil
    }

    /// The text with what `textProblem` refuses taken out and cut to `limit` scalars: what the renderer draws of
    /// a title or name set on a model or options value after its checks.
    public static func showable(_ text: String, limit: Int) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isShowable(scalar) {
            guard kept.count < limit else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    private static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if scalar.properties.generalCategory == .control { return false }
        // Noncharacters: U+FDD0...U+FDEF and the last two code points of every plane. XML 1.0 refuses U+FFFE and U+FFFF.
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return false }
        return true
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Runs a check and puts `prefix` in front of the path of the error it throws: `bodies[2]` + `longitude`.
func within<T>(_ prefix: String, _ body: () throws(ChartError) -> T) throws(ChartError) -> T {
    do {
        return try body()
    } catch {
        throw ChartError(error.path.isEmpty ? prefix : prefix + "." + error.path, error.message)
    }
}
