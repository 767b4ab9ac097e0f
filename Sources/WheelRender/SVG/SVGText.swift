/// Builds SVG text with fixed number formatting and escaped text, so output is deterministic and no input
/// can inject markup.
struct SVGText {
    private(set) var text = ""

    init(reserving capacity: Int = 0) { text.reserveCapacity(capacity) }

    mutating func add(_ s: String) { text += s }

    /// A number with at most two decimals, no trailing zeros, no `-0`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// Text made safe for element content and attribute values.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Control characters are not allowed in XML 1.0; keep tab and newline.
            case _ where ch.value < 0x20 && ch != "\t" && ch != "\n": continue
            case "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}

extension Double {
    var svg: String { SVGText.number(self) }
}
