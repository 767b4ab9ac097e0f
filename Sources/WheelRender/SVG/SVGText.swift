import ChartModel
import Foundation

/// Builds SVG text in its own byte buffer with fixed number formatting and escaped text, so output is
/// deterministic, fast to write, and no input can inject markup.
///
/// A wheel writes thousands of numbers: each one reserves its room once and then stores bytes without the
/// per-byte checks of an array append.
struct SVGText: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    // malloc's memory, so that `data` can hand it over without a copy.
    init(reserving capacity: Int = 64) {
        self.capacity = max(capacity, 64)
        start = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(start) }

    var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// The bytes, handed over without a copy; a `String` would first check them all for valid UTF-8.
    consuming func data() -> Data {
        let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
        discard self
        return data
    }

    /// Room for `more` bytes after what is written.
    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        capacity = max(capacity * 2, count + more)
        start = realloc(start, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    /// Lets `body` write at most `bytes` bytes through a cursor, with no checks between them.
    mutating func write(atMost bytes: Int, _ body: (inout Cursor) -> Void) {
        reserve(bytes)
        var cursor = Cursor(at: start + count)
        body(&cursor)
        count = cursor.at - start
        assert(count <= capacity)
    }

    /// Markup the writer made itself, with any text in it escaped already: never text as a user gave it.
    mutating func add(markup: String) {
        var markup = markup
        markup.withUTF8 { bytes in write(atMost: bytes.count) { $0.put(bytes) } }
    }

    mutating func add(_ s: StaticString) { write(atMost: s.utf8CodeUnitCount) { $0.put(s) } }

    mutating func add(byte: UInt8) { write(atMost: 1) { $0.put(byte) } }

    /// `text` made safe for element content and attribute values: markup characters become entities and
    /// control characters, which XML 1.0 does not allow, are dropped (tab and newline stay).
    mutating func add(escaped text: String) {
        var text = text
        text.withUTF8 { bytes in
            write(atMost: bytes.count * 6) { cursor in
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "&"): cursor.put("&amp;")
                    case UInt8(ascii: "<"): cursor.put("&lt;")
                    case UInt8(ascii: ">"): cursor.put("&gt;")
                    case UInt8(ascii: "\""): cursor.put("&quot;")
                    case UInt8(ascii: "'"): cursor.put("&apos;")
                    case 0x09, 0x0A: cursor.put(byte)
                    case ..<0x20: continue
                    default: cursor.put(byte)
                    }
                }
            }
        }
    }

    /// A number with at most two decimals, no trailing zeros, no `-0`.
    mutating func add(number value: Double) { write(atMost: Cursor.longestNumber) { $0.put(hundredths: value.hundredths) } }

    /// A whole number, such as a house or a degree.
    mutating func add(whole value: Int) { add(number: Double(value)) }

    /// `#rrggbb`, as `Colour.hex` writes it, without making a string.
    mutating func add(colour: Colour) { write(atMost: 7) { $0.put(colour: colour) } }

    /// Where the next bytes go, in room already reserved.
    struct Cursor {
        fileprivate(set) var at: UnsafeMutablePointer<UInt8>

        /// Room for `-21474836.48`, the longest number an `Int32` of hundredths makes, and for the 4-byte
        /// stores that write a number.
        static let longestNumber = 16

        @inline(__always) mutating func put(_ byte: UInt8) {
            at.pointee = byte
            at += 1
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            at.update(from: base, count: bytes.count)
            at += bytes.count
        }

        mutating func put(_ s: StaticString) {
            put(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }

        /// A number given in hundredths, with at most two decimals, no trailing zeros and no `-0`.
        ///
        /// Whole parts below 10000 (all a wheel has) and fractions are looked up, already written, in tables
        /// of one word each, stored whole and the cursor moved by their length: no digit by digit, and no
        /// branch on a number's length, which would be mispredicted nearly every time.
        @inline(__always) mutating func put(hundredths value: Int32, _ digits: NumberDigits = .shared) {
            if value < 0 { put(UInt8(ascii: "-")) }
            let magnitude = value.magnitude
            let whole = magnitude / 100, fraction = magnitude &- whole &* 100
            if whole < 10000 {
                let entry = digits.wholes[Int(whole)]
                storeWord(entry)
                at += Int(entry >> 56)
            } else {
                putDigits(Int(whole))
            }
            let entry = digits.fractions[Int(fraction)]
            storeWord(entry)
            at += Int(entry >> 56)
        }

        @inline(__always) private func storeWord(_ entry: UInt64) {
            UnsafeMutableRawPointer(at).storeBytes(of: UInt32(truncatingIfNeeded: entry).littleEndian, as: UInt32.self)
        }

        /// Four bytes at the cursor, which stays where it is; `longestNumber` leaves room for them.
        @inline(__always) private func store(_ word: UInt32) {
            UnsafeMutableRawPointer(at).storeBytes(of: word.littleEndian, as: UInt32.self)
        }

        /// The digits of a whole part too long for one word.
        private mutating func putDigits(_ value: Int) {
            var divisor = 1
            while divisor <= value / 10 { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }

        mutating func put(colour: Colour) {
            func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
            func byte(_ channel: UInt8) {
                put(digit(channel >> 4))
                put(digit(channel & 0xF))
            }
            put(UInt8(ascii: "#"))
            byte(colour.red)
            byte(colour.green)
            byte(colour.blue)
        }
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

/// Every whole part below 10000 and every fraction of hundredths, written: up to four ASCII bytes, the first in
/// the lowest, and their count in the top byte. Made once for the process, 80 KB.
struct NumberDigits: @unchecked Sendable {
    let wholes: UnsafePointer<UInt64>
    let fractions: UnsafePointer<UInt64>

    static let shared = NumberDigits()

    private init() {
        func entry(_ text: String) -> UInt64 {
            var word: UInt64 = 0
            for (index, byte) in text.utf8.enumerated() { word |= UInt64(byte) << (8 * index) }
            return word | UInt64(text.utf8.count) << 56
        }
        let wholes = UnsafeMutablePointer<UInt64>.allocate(capacity: 10000)
        for value in 0..<10000 { wholes[value] = entry(String(value)) }
        let fractions = UnsafeMutablePointer<UInt64>.allocate(capacity: 100)
        for value in 0..<100 {
            let text = value == 0 ? "" : value % 10 == 0 ? ".\(value / 10)" : value < 10 ? ".0\(value)" : ".\(value)"
            fractions[value] = entry(text)
        }
        (self.wholes, self.fractions) = (UnsafePointer(wholes), UnsafePointer(fractions))
    }
}
