import Testing
@testable import Geometry

@Suite
struct GlyphRunTests {
    @Test func numbersAreWrittenInDigitGlyphsPaddedWithZeros() {
        #expect(GlyphRun.decimal(0) == [.digit0])
        #expect(GlyphRun.decimal(12) == [.digit1, .digit2])
        #expect(GlyphRun.decimal(7, digits: 2) == [.digit0, .digit7])
        #expect(GlyphRun.decimal(305, digits: 2) == [.digit3, .digit0, .digit5])
        #expect(GlyphRun.decimal(-4) == [.digit0], "negative numbers are written as zero")
        #expect(GlyphRun.decimal(Int.max).count == 19)
        #expect(GlyphRun.number(5, mark: .minute) == [.digit0, .digit5, .minute])
        #expect(GlyphRun.number(29, mark: .degree, digits: 1) == [.digit2, .digit9, .degree])
    }
}
