/// The bytes of a base64 text in lines of one length (the tables' string literal), read anywhere without decoding
/// the rest: byte n lies in the n / 3-th group of four characters, and no group is cut by a line's end.
///
/// The text stays where the program was loaded; reading a few bytes brings in a page or two of it, not the
/// whole 6 MB.
struct Base64Lines: Sendable {
    private let text: StaticString
    /// Characters per line, without its "\n"; the last line may be shorter.
    private let lineLength: Int
    /// The number of bytes the text holds.
    let count: Int

    init(_ text: StaticString) {
        precondition(text.hasPointerRepresentation && text.isASCII, "the tables are ASCII text")
        let characters = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        let lineLength = characters.firstIndex(of: UInt8(ascii: "\n")) ?? characters.count
        precondition(lineLength > 0 && lineLength % 4 == 0, "base64 lines must be a whole number of groups of four characters")
        let newlines = characters.count / (lineLength + 1)
        let length = characters.count - newlines
        precondition(length % 4 == 0, "base64 text must be a whole number of groups of four characters")
        let padding = characters.suffix(2).filter { $0 == UInt8(ascii: "=") }.count
        self.text = text
        self.lineLength = lineLength
        count = length / 4 * 3 - padding
    }

    /// The bytes at `range` of the decoded text.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "\(range) is outside the \(count) bytes of the table")
        let skip = range.lowerBound % 3
        var decoded = [UInt8]()
        decoded.reserveCapacity(skip + range.count + 2)
        var character = range.lowerBound / 3 * 4
        let start = text.utf8Start
        while decoded.count < skip + range.count {
            let group = start + character + character / lineLength
            let bits = Self.sextet(group[0]) << 18 | Self.sextet(group[1]) << 12 | Self.sextet(group[2]) << 6 | Self.sextet(group[3])
            decoded.append(UInt8(truncatingIfNeeded: bits >> 16))
            decoded.append(UInt8(truncatingIfNeeded: bits >> 8))
            decoded.append(UInt8(truncatingIfNeeded: bits))
            character += 4
        }
        return Array(decoded[skip..<skip + range.count])
    }

    /// The six bits a base64 character stands for; padding stands for none.
    private static func sextet(_ character: UInt8) -> UInt32 {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(character - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        case UInt8(ascii: "="): 0
        default: preconditionFailure("BodyTables.swift is not base64: make it again with scripts/make-ephemeris-tables.py")
        }
    }
}
