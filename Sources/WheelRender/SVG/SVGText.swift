import ChartModel
import Foundation

/// Builds SVG text as UTF-8 bytes, with fixed number formatting and escaped text, so that output is
/// deterministic and no input can inject markup.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(reserving capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    var data: Data { Data(bytes) }

    /// Where an id's prefix goes: a control character, which escaped text never holds, replaced when the
    /// document is done and its hash is known (`data(idPrefix:)`).
    private static let idPrefixMark: UInt8 = 0x01

    /// Marks the place of the document's id prefix, which an id or a reference to one starts with.
    mutating func addIDPrefix() { bytes.append(Self.idPrefixMark) }

    /// The bytes with every id prefix's place filled: `prefix` and `-`, or without one `chart-`, twelve hex digits
    /// of the document's hash and `-`. Equal documents get equal ids; different ones, different ids (but for one
    /// chance in 2⁴⁸).
    func data(idPrefix prefix: String?) -> Data {
        let filled: [UInt8]
        if let prefix {
            filled = Array(prefix.utf8) + [UInt8(ascii: "-")]
        } else {
            let hash = Self.hash(bytes)
            let digits = Array("0123456789abcdef".utf8)
            filled = Array("chart-".utf8) + (0..<12).reversed().map { digits[Int((hash >> (4 * UInt64($0))) & 0xf)] } + [UInt8(ascii: "-")]
        }
        var out = Data()
        out.reserveCapacity(bytes.count + 16 * filled.count)
        var start = 0
        while let mark = bytes[start...].firstIndex(of: Self.idPrefixMark) {
            out.append(contentsOf: bytes[start..<mark])
            out.append(contentsOf: filled)
            start = mark + 1
        }
        out.append(contentsOf: bytes[start...])
        return out
    }

    /// A hash of `bytes` taken eight at a time (rotate, mix in, multiply, as FxHash does), its high half folded
    /// into the low one. A byte at a time (FNV-1a) was 3% of a wheel's whole time: each step waits for the last
    /// multiplication.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            let multiplier: UInt64 = 0x517c_c1b7_2722_0a95
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offset = 0
            while offset + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash = ((hash << 5 | hash >> 59) ^ word) &* multiplier
                offset += 8
            }
            // The last few bytes, and the length, so that trailing zeros count.
            var tail = UInt64(raw.count - offset) << 56
            for (shift, byte) in raw[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
            hash = ((hash << 5 | hash >> 59) ^ tail) &* multiplier
            return hash ^ (hash >> 29) ^ (hash >> 47)
        }
    }

    /// Markup the writer made itself, with any text in it escaped already: never text as a user gave it.
    mutating func add(markup: String) { bytes.append(contentsOf: markup.utf8) }

    mutating func add(_ s: StaticString) { s.withUTF8Buffer { bytes.append(contentsOf: $0) } }

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

    /// A number with at most two decimals, no trailing zeros, no `-0`.
    mutating func add(number value: Double) { add(hundredths: value.hundredths) }

    /// A number given in whole hundredths: 1234 is written `12.34`, 1250 `12.5`, -300 `-3`.
    mutating func add(hundredths value: Int32) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        add(digitsOf: UInt(magnitude / 100))
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// A whole number, such as a house or a degree.
    mutating func add(whole value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        add(digitsOf: value.magnitude)
    }

    /// The decimal digits of `value`, most significant first.
    private mutating func add(digitsOf value: UInt) {
        // Least significant first, then turned round: dividing by the constant 10 compiles to a multiplication,
        // where dividing by a power of ten found at run time would be a slow division for every digit.
        let first = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        var (low, high) = (first, bytes.count - 1)
        while low < high {
            bytes.swapAt(low, high)
            (low, high) = (low + 1, high - 1)
        }
    }

    /// `#rrggbb`, as `Colour.hex` writes it.
    mutating func add(colour: Colour) {
        bytes.append(UInt8(ascii: "#"))
        for channel in [colour.red, colour.green, colour.blue] {
            add(hexDigit: channel >> 4)
            add(hexDigit: channel & 0xF)
        }
    }

    private mutating func add(hexDigit value: UInt8) {
        bytes.append(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10)
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
