import ChartModel

/// Builds SVG text in a byte buffer with fixed number formatting and escaped text, so output is deterministic,
/// fast to write, and no input can inject markup.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(reserving capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func add(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func add(byte: UInt8) { bytes.append(byte) }

    /// `text` made safe for element content and attribute values: markup characters become entities and
    /// control characters, which XML 1.0 does not allow, are dropped (tab and newline stay).
    mutating func add(escaped text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): add("&amp;")
            case UInt8(ascii: "<"): add("&lt;")
            case UInt8(ascii: ">"): add("&gt;")
            case UInt8(ascii: "\""): add("&quot;")
            case UInt8(ascii: "'"): add("&apos;")
            case 0x09, 0x0A: bytes.append(byte)
            case ..<0x20: continue
            default: bytes.append(byte)
            }
        }
    }

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
        func digit(_ d: Int) { bytes.append(UInt8(ascii: "0") + UInt8(d)) }
        // Wheels need at most four digits before the point; dividing by constants compiles to multiplications.
        switch value {
        case ..<10: digit(value)
        case ..<100: digit(value / 10); digit(value % 10)
        case ..<1000: digit(value / 100); digit(value / 10 % 10); digit(value % 10)
        case ..<10000: digit(value / 1000); digit(value / 100 % 10); digit(value / 10 % 10); digit(value % 10)
        default:
            var divisor = 10000
            while divisor <= value / 10 { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                digit(rest / divisor)
                rest %= divisor
                divisor /= 10
            }
        }
    }

    /// `#rrggbb`, as `Colour.hex` writes it, without making a string.
    mutating func add(colour: Colour) {
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
        func byte(_ channel: UInt8) {
            bytes.append(digit(channel >> 4))
            bytes.append(digit(channel & 0xF))
        }
        bytes.append(UInt8(ascii: "#"))
        byte(colour.red)
        byte(colour.green)
        byte(colour.blue)
    }

    /// A number formatted as `add(number:)` writes it.
    static func number(_ value: Double) -> String {
        var text = SVGText()
        text.add(number: value)
        return text.text
    }

    /// Text made safe for element content and attribute values.
    static func escaped(_ s: String) -> String {
        var text = SVGText(reserving: s.utf8.count)
        text.add(escaped: s)
        return text.text
    }
}

extension Double {
    var svg: String { SVGText.number(self) }
}
