import Foundation
import Support

/// One value of a parsed document. A document is a flat buffer of these, each container followed by its
/// contents (an object's as key, value, key, value …), so that parsing makes one allocation and reading
/// makes Strings only of what it keeps. Our own parser rather than `JSONSerialization`, so that booleans stay
/// distinct from 0 and 1, numbers keep the text they were written with (error messages quote the input as
/// given), duplicate keys are caught, and a syntax error says where it is, the same on Linux and Apple platforms.
struct JSONToken {
    enum Kind: UInt8 { case null, `true`, `false`, number, string, array, object }

    // In this order the fields pack into 40 bytes.
    var kind: Kind
    /// A string whose bytes are its text: ASCII, no escapes.
    var isPlain = false
    /// Members or elements of a container.
    var count: Int32 = 0
    /// A plain string's first eight bytes, zero-padded: keys mostly differ in them, so comparing two keys
    /// mostly compares these and the lengths.
    var prefix: UInt64 = 0
    /// The text's bytes: a number as written, a string's between its quotes. For a container, its opening bracket.
    var start: Int
    var end: Int
    /// For a container, the index of the token after its contents.
    var next = 0

    /// The index of the token after this one, at `index`, and everything inside it.
    func indexAfter(_ index: Int) -> Int { kind == .object || kind == .array ? next : index + 1 }

    /// Its text, given the document's bytes: a plain string's bytes as they are, others unescaped.
    func text(in bytes: UnsafeRawBufferPointer) -> String {
        if isPlain { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        return JSONTapeParser.text(ofEscaped: self, in: bytes)
    }

    /// Whether `length` bytes at `a` and at `b` are the same, given the first eight of each (as `prefix` reads
    /// them): keys mostly differ there, so this rarely looks further.
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, prefix aPrefix: UInt64, _ b: UnsafePointer<UInt8>, prefix bPrefix: UInt64, length: Int) -> Bool {
        aPrefix == bPrefix && (length <= 8 || memcmp(a + 8, b + 8, length - 8) == 0)
    }
}

/// Tokens in memory of our own: appending to an Array checks uniqueness and capacity through calls that
/// showed in profiles. Whoever gets it from `JSONTapeParser.parse` deallocates it.
struct JSONTokenBuffer {
    private(set) var base: UnsafeMutablePointer<JSONToken>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    var tokens: UnsafeBufferPointer<JSONToken> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> JSONToken {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)  // so that the token is written in place, not built on the stack and copied
    mutating func append(_ token: JSONToken) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private mutating func grow() {
        capacity = max(2 * capacity, 16)
        let larger = UnsafeMutablePointer<JSONToken>.allocate(capacity: capacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
    }

    func deallocate() { base.deallocate() }
}

/// Parses UTF-8 JSON (RFC 8259, a leading byte-order mark allowed) into tokens. Errors have an empty path and
/// a message starting `not JSON:` with the line and column, or `empty input`.
struct JSONTapeParser {
    static let maxDepth = 256
    /// Objects with more members than this check for a repeated key in a set; fewer are compared one by one.
    private static let keySetThreshold = 16

    private let bytes: UnsafeRawBufferPointer
    /// The same bytes, for the loops that read most of them.
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var index = 0
    private var depth = 0
    private var tokens: JSONTokenBuffer

    /// The document's tokens, for the caller to deallocate.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(ChartError) -> JSONTokenBuffer {
        guard bytes.count > 0 else { throw ChartError("", "empty input") }
        // Enough for chart data (a token per 17 bytes in the samples); denser documents double it once or twice.
        var parser = JSONTapeParser(bytes: bytes, tokens: JSONTokenBuffer(capacity: bytes.count / 12 + 16))
        do {
            try parser.parseDocument()
        } catch {
            parser.tokens.deallocate()
            throw error
        }
        return parser.tokens
    }

    private mutating func parseDocument() throws(ChartError) {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < count else { throw ChartError("", "empty input") }
        try parseValue()
        skipWhitespace()
        guard index == count else { throw failure("unexpected \(describeCurrent()) after the document") }
    }

    /// The text of a string token that is not plain. The document was checked when it was parsed.
    static func text(ofEscaped token: JSONToken, in bytes: UnsafeRawBufferPointer) -> String {
        var parser = JSONTapeParser(bytes: bytes, tokens: JSONTokenBuffer(capacity: 0))
        defer { parser.tokens.deallocate() }
        parser.index = token.start
        var result = ""
        var run = token.start
        while parser.index < token.end {
            guard bytes[parser.index] == UInt8(ascii: "\\") else { parser.index += 1; continue }
            result += String(decoding: UnsafeRawBufferPointer(rebasing: bytes[run..<parser.index]), as: UTF8.self)
            result.unicodeScalars.append(try! parser.parseEscape())
            run = parser.index
        }
        result += String(decoding: UnsafeRawBufferPointer(rebasing: bytes[run..<token.end]), as: UTF8.self)
        return result
    }

    /// `bytes` must not be empty.
    private init(bytes: UnsafeRawBufferPointer, tokens: JSONTokenBuffer) {
        self.bytes = bytes
        self.tokens = tokens
        base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        count = bytes.count
    }

    private mutating func parseValue() throws(ChartError) {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"): try parseWord("true", .true)
        case UInt8(ascii: "f"): try parseWord("false", .false)
        case UInt8(ascii: "n"): try parseWord("null", .null)
        default: throw failure("unexpected \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(ChartError) {
        try enter()
        let object = tokens.count
        tokens.append(JSONToken(kind: .object, start: index, end: index + 1))
        index += 1
        var count: Int32 = 0
        var keySet = KeySet()  // only for large objects
        var keyFilter = KeyFilter()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { return close(object, count: count) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key in quotes, found \(describeCurrent())") }
            let keyStart = index
            let key = tokens.count
            try parseString()
            if keyFilter.mayRepeat(tokens[key].prefix, length: tokens[key].end - tokens[key].start, isPlain: tokens[key].isPlain)
                && isRepeated(key: key, in: object, memberCount: Int(count), keySet: &keySet) {
                throw failure("key \(quote(text(of: key))) appears twice in one object", at: keyStart)
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after key \(quote(text(of: key))), found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { return close(object, count: count) }
            throw failure("expected ',' or '}', found \(describeCurrent())")
        }
    }

    /// A quick answer to "might this key equal an earlier one of its object?": a bit for each plain key, set by
    /// its length and first bytes. A key whose bit no earlier key set is new; others are compared.
    private struct KeyFilter {
        private var bits: UInt64 = 0
        /// Once a key with escapes or non-ASCII bytes comes, keys are compared as Strings, one by one.
        private var allPlain = true

        /// (Fields, not the token: reading a whole token just written stalls the processor.)
        mutating func mayRepeat(_ prefix: UInt64, length: Int, isPlain: Bool) -> Bool {
            guard allPlain && isPlain else {
                allPlain = false
                return true
            }
            let hash = (prefix &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
            let bit: UInt64 = 1 << (hash >> 58)  // the top six bits, the best mixed
            defer { bits |= bit }
            return bits & bit != 0
        }
    }

    /// Whether the key just parsed equals an earlier one of the same object, as Strings are equal (by canonical
    /// equivalence: "\u212A", the Kelvin sign, is "K"). Plain keys are equal exactly when their bytes are.
    /// (`mutating` only so that the parser is passed by reference: a copy of it cost more than the comparing.)
    private mutating func isRepeated(key: Int, in object: Int, memberCount: Int, keySet: inout KeySet) -> Bool {
        if memberCount >= Self.keySetThreshold { return isRepeatedInLargeObject(key: key, in: object, memberCount: memberCount, keySet: &keySet) }
        let new = tokens[key]
        let length = new.end - new.start
        var earlier = object + 1
        for _ in 0..<memberCount {
            let old = tokens[earlier]
            if old.isPlain && new.isPlain {
                if old.end - old.start == length
                    && JSONToken.sameBytes(base + old.start, prefix: old.prefix, base + new.start, prefix: new.prefix, length: length) {
                    return true
                }
            } else if text(of: earlier) == text(of: key) {
                return true
            }
            earlier = indexAfter(earlier + 1)
        }
        return false
    }

    /// The keys of a large object so far, as Strings. The key filter lets most new keys pass without a look
    /// here, so the set catches up with the keys it missed whenever it is asked.
    private struct KeySet {
        var keys: Set<String> = []
        /// How many of the object's keys are in `keys`, and the token of the next one.
        var count = 0
        var nextKey = 0
    }

    /// The same through a set of the keys, for an object of `keySetThreshold` members or more.
    @inline(never)  // rare, and it would make the common case's code larger
    private mutating func isRepeatedInLargeObject(key: Int, in object: Int, memberCount: Int, keySet: inout KeySet) -> Bool {
        if keySet.count == 0 { keySet.nextKey = object + 1 }
        while keySet.count < memberCount {
            keySet.keys.insert(text(of: keySet.nextKey))
            keySet.nextKey = indexAfter(keySet.nextKey + 1)
            keySet.count += 1
        }
        // Not inserted: its value is not parsed yet, so the next call steps over it.
        return keySet.keys.contains(text(of: key))
    }

    private mutating func parseArray() throws(ChartError) {
        try enter()
        let array = tokens.count
        tokens.append(JSONToken(kind: .array, start: index, end: index + 1))
        index += 1
        var count: Int32 = 0
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { return close(array, count: count) }
        while true {
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { return close(array, count: count) }
            throw failure("expected ',' or ']', found \(describeCurrent())")
        }
    }

    @inline(__always)
    private mutating func enter() throws(ChartError) {
        depth += 1
        if depth > Self.maxDepth { throw failure("nested deeper than \(Self.maxDepth) levels") }
    }

    /// Ends a container at its closing bracket.
    private mutating func close(_ container: Int, count: Int32) {
        tokens[container].end = index + 1  // the closing bracket's end: the container's bytes, for `JSONNode.source`
        index += 1
        depth -= 1
        tokens[container].count = count
        tokens[container].next = tokens.count
    }

    private func indexAfter(_ token: Int) -> Int { tokens[token].indexAfter(token) }

    private func text(of token: Int) -> String { tokens[token].text(in: bytes) }

    private mutating func parseString() throws(ChartError) {
        let start = index
        index += 1
        let textStart = index
        var run = index  // start of the current run of bytes between escapes
        var runIsASCII = true
        var plain = true
        while true {
            index = Self.endOfPlainBytes(base, from: index, count: count)
            guard index < count else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                if !runIsASCII { try validateUTF8(from: run) }
                tokens.append(JSONToken(
                    kind: .string, isPlain: plain, prefix: plain ? Self.prefix(base + textStart, index - textStart, readable: count - textStart) : 0,
                    start: textStart, end: index))
                index += 1
                return
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                if !runIsASCII { try validateUTF8(from: run) }
                _ = try parseEscape()
                run = index
                runIsASCII = true
                plain = false
                continue
            }
            runIsASCII = false  // a byte of 0x80 or more
            plain = false
            index += 1
        }
        throw failure("string never ends", at: start)
    }

    /// The position of the first byte from `position` on that is not an ASCII digit (or `count`), eight bytes
    /// at a time: a digit is 0x30 to 0x39, so its high nibble is 3 before and after adding 6.
    @inline(__always)  // the hot paths below run for every string, number and gap between tokens
    static func endOfDigits(_ base: UnsafePointer<UInt8>, from position: Int, count: Int) -> Int {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
        var position = position
        while position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // Non-zero in each byte that is not a digit; a carry out of a byte only comes from a non-digit.
            let flags = ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
            if flags != 0 { return position + flags.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < count, base[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position
    }

    /// The first eight of `length` bytes, zero-padded, in memory order (as `loadUnaligned` reads them on a
    /// little-endian machine). `readable` bytes from `start` are in the buffer.
    @inline(__always)
    static func prefix(_ start: UnsafePointer<UInt8>, _ length: Int, readable: Int) -> UInt64 {
        if length >= 8 { return UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)) }
        if readable >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            return word & (1 << (8 * length) - 1)
        }
        var word: UInt64 = 0
        for offset in 0..<length { word |= UInt64(start[offset]) << (8 * offset) }
        return word
    }

    /// The position of the first byte from `position` on that a string cannot simply contain: a quote, a
    /// backslash, a control character or a byte of 0x80 or more (or `count`). Eight bytes at a time, since most
    /// are plain: a byte is flagged by setting its top bit, and the lowest flag is always a true one.
    @inline(__always)
    private static func endOfPlainBytes(_ base: UnsafePointer<UInt8>, from position: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
        var position = position
        while position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & tops }
            let flags = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
                | ((word &- ones &* 0x20) & ~word & tops)  // below 0x20
                | (word & tops)  // 0x80 or more
            if flags != 0 { return position + flags.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < count {
            let byte = base[position]
            guard byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else { break }
            position += 1
        }
        return position
    }

    /// Checks the bytes from `run` to the current position, which hold a byte of 0x80 or more.
    private func validateUTF8(from run: Int) throws(ChartError) {
        var bytesOfRun = UnsafeRawBufferPointer(rebasing: bytes[run..<index]).makeIterator()
        var decoder = Unicode.UTF8.ForwardParser()
        while true {
            switch decoder.parseScalar(from: &bytesOfRun) {
            case .valid: continue
            case .emptyInput: return
            case .error: throw failure("invalid UTF-8 in a string", at: run)
            }
        }
    }

    private mutating func parseEscape() throws(ChartError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw failure("unexpected end of input") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate \\u\(String(high, radix: 16))")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate \\u\(String(high, radix: 16))") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate \\u\(String(high, radix: 16))") }
            return scalar
        default:
            index -= 1
            throw failure("invalid escape \\\(describeCurrent(quoted: false))")
        }
    }

    private mutating func parseHex4() throws(ChartError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(ChartError) {
        let start = index
        func digits() -> Int {
            let from = index
            index = Self.endOfDigits(base, from: index, count: count)
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let intStart = index
        let intDigits = digits()
        guard intDigits > 0 else { throw failure("a number needs digits") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw failure("a number cannot start with 0", at: intStart) }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw failure("a number needs digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        tokens.append(JSONToken(kind: .number, start: start, end: index))
    }

    private mutating func parseWord(_ word: StaticString, _ kind: JSONToken.Kind) throws(ChartError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0 else {
            throw failure("unexpected \(describeCurrent())")
        }
        tokens.append(JSONToken(kind: kind, start: index, end: index + length))
        index += length
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        var position = index
        // Space, tab, line feed and carriage return as bits of a mask: one test a byte.
        let whitespace: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D
        while position < count, base[position] <= 0x20, whitespace >> base[position] & 1 == 1 {
            position += 1
        }
        index = position
    }

    private func peek(_ byte: UInt8) -> Bool { index < count && base[index] == byte }

    /// The character at the current position, for messages: `'}'`, or `end of input`.
    private func describeCurrent(quoted: Bool = true) -> String {
        guard index < bytes.count else { return "end of input" }
        var end = index + 1
        while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return quoted ? "'\(text)'" : text
    }

    private func failure(_ what: String, at position: Int? = nil) -> ChartError {
        let at = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<at] where byte & 0xC0 != 0x80 {  // count characters, not continuation bytes
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return ChartError("", "not JSON: \(what) at line \(line), column \(column)")
    }
}
