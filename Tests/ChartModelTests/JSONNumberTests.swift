import Foundation
import TestSupport
import Testing
@testable import ChartModel

/// The decoder reads numbers without `strtod` where it can; every longitude must still be the very double
/// `Double(String)` gives, or the same input would draw differently than it did.
@Suite struct JSONNumberTests {
    private func value(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBytes { JSONNumber.value(of: $0) }
    }

    private func takesTheShortcut(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { JSONNumber.fastValue(of: $0) } != nil
    }

    private func expectSameAsStandardLibrary(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double(text)!
        let got = value(text)
        #expect(got.bitPattern == expected.bitPattern, "\(text): \(got) instead of \(expected)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        // What the services write: up to 17 significant digits, some with leading zeros after the point.
        "285.0526236585592", "15.052623658559185", "-0.011445964823141728", "0.05609018469268226", "140.0", "12",
        // Signed zeros and zeros with exponents.
        "0", "-0", "0.0", "-0.0", "0e5", "-0e-400", "0.000",
        // Ties, rounded to even: 2^53 + 1 and + 3, 2^54 + 2, also written with a fraction.
        "9007199254740993", "9007199254740995", "18014398509481986", "9007199254740993.0", "-9007199254740993.00",
        // The edges of the shortcuts: 19 and 20 digits, exponents of ±19, ±22 and ±23.
        "1234567890123456789", "12345678901234567890", "0.1234567890123456789", "1e22", "1e23", "1e-22", "1e-23",
        "4.35e19", "9999999999999999999e-19", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
        // Exponents in every spelling, and values far outside a double's range.
        "1E5", "1e+5", "25e-1", "-3.5E+2", "1e999", "-1e999", "1e-999", "0.1", "0.3", "123.456e-5",
    ])
    func numbersAreBitIdenticalToTheStandardLibrary(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test func serviceNumbersTakeTheShortcut() {
        // 17 significant digits, as a double's shortest spelling has, must not fall back to strtod.
        for text in ["285.0526236585592", "15.052623658559185", "-0.011445964823141728", "140.0", "12", "-0"] {
            #expect(takesTheShortcut(text), "\(text)")
        }
        #expect(!takesTheShortcut("12345678901234567890"))
        #expect(!takesTheShortcut("1e23"))
    }

    @Test func randomNumbersAreBitIdenticalToTheStandardLibrary() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<40_000 {
            expectSameAsStandardLibrary(randomJSONNumber(&random))
        }
    }

    @Test func doublesWrittenShortestReadBackExactly() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let anyMagnitude = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)  // positive and finite
            let longitude = Double.random(in: 0..<360, using: &random), speed = Double.random(in: -2..<2, using: &random)
            for value in [anyMagnitude, longitude, speed] {
                let text = "\(value)"  // the shortest spelling that reads back as the same double
                #expect(self.value(text).bitPattern == value.bitPattern, "\(text)")
            }
        }
    }

    /// A valid JSON number: an optional minus, 1 to 24 digits with a point somewhere or none, and an
    /// exponent from -30 to 30 or none.
    private func randomJSONNumber(_ random: inout SplitMix64) -> String {
        let digitCount = Int.random(in: 1...24, using: &random)
        var digits = (0..<digitCount).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if digits.count > 1 && digits.hasPrefix("0") { digits = "0" }  // no leading zeros in JSON
        var text = Bool.random(using: &random) ? "-" : ""
        text += digits
        if Bool.random(using: &random) {
            let fraction = (0..<Int.random(in: 1...20, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
            text += "." + fraction.joined()
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            text += ["e", "E", "e+", "e-"].randomElement(using: &random)! + String(Int.random(in: 0...30, using: &random))
        }
        return text
    }
}
