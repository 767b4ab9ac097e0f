/// Builds SVG text in a byte buffer with fixed number formatting and escaped text, so output is deterministic,
/// fast to write, and no input can inject markup.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(reserving capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func add(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func add(_ other: SVGText) { bytes.append(contentsOf: other.bytes) }

    /// A number with at most two decimals, no trailing zeros, no `-0`, written digit by digit.
    mutating func add(number value: Double) {
        var hundredths = Int((value * 100).rounded())
        if hundredths == 0 { bytes.append(UInt8(ascii: "0")); return }
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")); hundredths = -hundredths }
        appendDigits(hundredths / 100)
        let fraction = hundredths % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    private mutating func appendDigits(_ value: Int) {
        if value >= 10 { appendDigits(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// A number formatted as `add(number:)` writes it.
    static func number(_ value: Double) -> String {
        var text = SVGText()
        text.add(number: value)
        return text.text
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
