/// The value of a JSON number's text, bit for bit what `Double(String)` gives, without making a String or
/// calling `strtod` for the numbers chart services write (up to 19 significant digits, a decimal point not
/// too far from them). The text must already be a valid JSON number; the parser checks that.
enum JSONNumber {
    static func value(of text: UnsafeRawBufferPointer) -> Double {
        fastValue(of: text) ?? Double(String(decoding: text, as: UTF8.self))!
    }

    /// The correctly rounded value, or nil when the number is outside what the exact shortcuts below handle.
    static func fastValue(of text: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }

        // All digits as one integer `mantissa`, and the power of ten it is to be scaled by.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if mantissa != 0 || digit != 0 {
                    // 19 digits always fit in 64 bits; more need the general algorithm.
                    guard significantDigits < 19 else { return nil }
                    mantissa = mantissa &* 10 &+ digit
                    significantDigits += 1
                }
                if inFraction { exponent -= 1 }
            }
            index += 1
        }
        if index < text.count {  // the exponent
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < text.count {
                written = written * 10 + Int(text[index] &- UInt8(ascii: "0"))
                guard written < 10_000 else { return nil }  // far outside the shortcuts; and no overflow
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }

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
