/// The value of a JSON number's text, bit for bit what `Double(String)` gives, without making a String or
/// calling `strtod` for the numbers chart services write (up to 19 significant digits, a decimal point not
/// too far from them). The text must already be a valid JSON number; the parser checks that.
enum JSONNumber {
    static func value(of text: UnsafeRawBufferPointer) -> Double {
        fastValue(of: text) ?? Double(String(decoding: text, as: UTF8.self))!
    }

    /// The correctly rounded value, or nil when the number is outside what the exact shortcuts below handle.
    static func fastValue(of text: UnsafeRawBufferPointer) -> Double? {
        let base = text.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let end = text.count
        var index = 0
        let negative = base[0] == UInt8(ascii: "-")
        if negative { index = 1 }

        // All digits as one integer `mantissa`, and the power of ten it is to be scaled by.
        var digits = SignificantDigits()
        let integerEnd = JSONTapeParser.endOfDigits(base, from: index, count: end)
        guard digits.append(base + index, count: integerEnd - index) else { return nil }
        index = integerEnd
        var exponent = 0
        if index < end && base[index] == UInt8(ascii: ".") {
            let fractionEnd = JSONTapeParser.endOfDigits(base, from: index + 1, count: end)
            guard digits.append(base + index + 1, count: fractionEnd - index - 1) else { return nil }
            exponent = index + 1 - fractionEnd
            index = fractionEnd
        }
        if index < end {  // the exponent
            index += 1
            var exponentNegative = false
            if base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < end {
                written = written * 10 + Int(base[index] &- UInt8(ascii: "0"))
                guard written < 10_000 else { return nil }  // far outside the shortcuts; and no overflow
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        let mantissa = digits.value

        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let magnitude: Double
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            // Clinger's shortcut: both operands are exact doubles, so the one rounding IEEE does is the only one.
            let scale = exactPowersOfTen[abs(exponent)]
            magnitude = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        } else if exponent <= 0, exponent >= -19 {
            magnitude = dividedByPowerOfTen(mantissa, -exponent)
        } else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }

    /// Up to 19 significant digits (leading zeros are not), which always fit in 64 bits.
    private struct SignificantDigits {
        private(set) var value: UInt64 = 0
        private var count = 0

        /// Adds `count` ASCII digits; false when there would be more than 19.
        mutating func append(_ digits: UnsafePointer<UInt8>, count digitCount: Int) -> Bool {
            var next = 0
            while value == 0 && next < digitCount && digits[next] == UInt8(ascii: "0") { next += 1 }
            guard count + digitCount - next <= 19 else { return false }
            count += digitCount - next
            while digitCount - next >= 8 {
                value = value &* 100_000_000 &+ Self.eightDigits(digits + next)
                next += 8
            }
            while next < digitCount {
                value = value &* 10 &+ UInt64(digits[next] &- UInt8(ascii: "0"))
                next += 1
            }
            return true
        }

        /// The number eight ASCII digits write, by combining neighbours: pairs, then fours, then the eight.
        private static func eightDigits(_ digits: UnsafePointer<UInt8>) -> UInt64 {
            // Little-endian, so the first digit is in the lowest byte and is the most significant.
            var word = UInt64(littleEndian: UnsafeRawPointer(digits).loadUnaligned(as: UInt64.self)) &- 0x3030_3030_3030_3030
            word = (word &* 10 &+ (word >> 8)) & 0x00FF_00FF_00FF_00FF
            word = (word &* 100 &+ (word >> 16)) & 0x0000_FFFF_0000_FFFF
            return (word &* 10_000 &+ (word >> 32)) & 0xFFFF_FFFF
        }
    }

    /// 10^0 ... 10^22, the powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// `mantissa / 10^power` correctly rounded (to nearest, ties to even), for 0 ≤ power ≤ 19 where 10^power
    /// fits in 64 bits: the quotient, shifted to 63 or 64 bits, is exact but for the remainder, which only
    /// says whether anything was left over.
    private static func dividedByPowerOfTen(_ mantissa: UInt64, _ power: Int) -> Double {
        var divisor: UInt64 = 1
        for _ in 0..<power { divisor &*= 10 }
        let mantissaBits = UInt64.bitWidth - mantissa.leadingZeroBitCount
        let divisorBits = UInt64.bitWidth - divisor.leadingZeroBitCount
        // The largest shift that keeps the quotient within 64 bits: it then has at least 63.
        let shift = 63 + divisorBits - mantissaBits
        let dividend: (high: UInt64, low: UInt64) =
            shift == 0 ? (0, mantissa)
            : shift < 64 ? (mantissa >> (64 - shift), mantissa << shift)
            : (mantissa << (shift - 64), 0)
        let (quotient, remainder) = divisor.dividingFullWidth(dividend)

        let dropped = (UInt64.bitWidth - quotient.leadingZeroBitCount) - Double.significandBitCount - 1
        var significand = quotient >> dropped
        let rest = quotient & (1 << dropped - 1)
        let half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) {
            significand += 1  // may reach 2^53, which is still exact
        }
        return Double(sign: .plus, exponent: dropped - shift, significand: Double(significand))
    }
}
