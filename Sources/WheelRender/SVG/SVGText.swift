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

        /// Room for a path number and its lead, which is written as one 8-byte store.
        static let longestLeadAndNumber = longestNumber + 8

        /// Path numbers, each after its lead. A local cursor stays in a register: this writes most of a wheel's
        /// bytes.
        mutating func put(leads: UnsafeBufferPointer<ShapePath.Lead>, numbers: UnsafeBufferPointer<Int32>) {
            var cursor = self
            defer { self = cursor }
            for (lead, number) in zip(leads, numbers) {
                cursor.put(lead)
                cursor.put(hundredths: number)
            }
        }

        /// A path number's lead, stored as one word whatever its length.
        @inline(__always) mutating func put(_ lead: ShapePath.Lead) {
            UnsafeMutableRawPointer(at).storeBytes(of: lead.bytes.littleEndian, as: UInt64.self)
            at += lead.count
        }

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
        /// Whole parts below 10000 (all a wheel has) and the fraction are each stored as one 4-byte word and the
        /// cursor moved by their length, rather than digit by digit: a branch on each number's length costs a
        /// misprediction nearly every time.
        @inline(__always) mutating func put(hundredths value: Int32) {
            if value < 0 { put(UInt8(ascii: "-")) }
            // Unsigned 32-bit arithmetic: its divisions by constants are the cheapest multiplications.
            let magnitude = value.magnitude
            let whole = magnitude / 100, fraction = magnitude % 100
            if whole < 10000 {
                // Both halves of the whole part in 16-bit lanes, and the tens of each from one multiplication:
                // (x · 103) >> 10 is x / 10 for x below 100, and no lane overflows into the next.
                let halves = whole / 100 | (whole % 100) << 16
                let tens = (halves &* 103) >> 10 & 0x000F_000F
                let digits = tens | (halves &- tens &* 10) << 8
                let length = 1 + (whole >= 10 ? 1 : 0) + (whole >= 100 ? 1 : 0) + (whole >= 1000 ? 1 : 0)
                // Little-endian: the first byte stored is the lowest; shifting drops the leading zeros.
                store((digits | 0x3030_3030) >> (8 * (4 - length)))
                at += length
            } else {
                putDigits(Int(whole))
            }
            let tens = (fraction &* 103) >> 10, ones = fraction &- tens &* 10
            store(UInt32(UInt8(ascii: ".")) | (0x30 + tens) << 8 | (0x30 + ones) << 16)
            at += fraction == 0 ? 0 : ones == 0 ? 2 : 3
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
