import Foundation

/// A parsed JSON document. Our own small parser rather than `JSONSerialization`, so that booleans stay distinct
/// from 0 and 1, numbers keep the text they were written with (error messages quote the input as given),
/// duplicate keys are caught, and a syntax error says where it is, the same on Linux and Apple platforms.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number as written; `Double(text)` is its value.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    /// How a value is named in an error message: numbers as written, strings quoted, containers by kind.
    var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(let text): text
        case .string(let s): quote(s)
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A string as it appears in a message: in double quotes, escaped, shortened when long.
func quote(_ s: String) -> String {
    let limit = 60
    var body = ""
    for scalar in s.unicodeScalars.prefix(limit) {
        switch scalar {
        case "\"": body += "\\\""
        case "\\": body += "\\\\"
        case "\n": body += "\\n"
        case "\t": body += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7f:
            let hex = String(scalar.value, radix: 16)
            body += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: body.unicodeScalars.append(scalar)
        }
    }
    return "\"" + body + (s.unicodeScalars.count > limit ? "…" : "") + "\""
}

/// Parses UTF-8 JSON (RFC 8259, a leading byte-order mark allowed). Errors have an empty path and a message
/// starting `not JSON:` with the line and column, or `empty input`.
struct JSONParser {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(ChartError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw ChartError("", "empty input") }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected \(parser.describeCurrent()) after the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseValue() throws(ChartError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: throw failure("unexpected \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(ChartError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []  // only for large objects: a few keys are compared faster one by one
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key in quotes, found \(describeCurrent())") }
            let keyStart = index
            let key = try parseString()
            let repeated: Bool
            if members.count < 16 {
                repeated = members.contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(members.map(\.key)) }
                repeated = !seen.insert(key).inserted
            }
            guard !repeated else { throw failure("key \(quote(key)) appears twice in one object", at: keyStart) }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after key \(quote(key)), found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(members) }
            throw failure("expected ',' or '}', found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(ChartError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(elements) }
            throw failure("expected ',' or ']', found \(describeCurrent())")
        }
    }

    private mutating func enter() throws(ChartError) {
        depth += 1
        if depth > Self.maxDepth { throw failure("nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseString() throws(ChartError) -> String {
        let start = index
        index += 1
        var result = ""
        var run = index  // start of the current run of plain bytes
        var ascii = true
        func flush(_ end: Int) throws(ChartError) {
            guard run < end else { return }
            let text: String? = bytes.withUnsafeBufferPointer { all in
                let piece = UnsafeBufferPointer(rebasing: all[run..<end])
                // Validating in the standard library, on a buffer: Foundation's String(bytes:encoding:) and the
                // generic slice paths are many times slower. ASCII needs no validating.
                return ascii ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self)
            }
            guard let text else { throw failure("invalid UTF-8 in a string", at: run) }
            if result.isEmpty { result = text } else { result += text }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return result
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                result.unicodeScalars.append(try parseEscape())
                run = index
                ascii = true
                continue
            }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("string never ends", at: start)
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
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
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
        guard index + 4 <= bytes.count,
              case let text = String(decoding: bytes[index..<index + 4], as: UTF8.self),
              text.utf8.count == 4, text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16)
        else { throw failure("\\u needs four hex digits") }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(ChartError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
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
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func expectWord(_ word: String) throws(ChartError) {
        let utf8 = Array(word.utf8)
        guard bytes[index...].starts(with: utf8) else { throw failure("unexpected \(describeCurrent())") }
        index += utf8.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// The character at the current position, for messages: `'}'`, or `end of input`.
    private func describeCurrent(quoted: Bool = true) -> String {
        guard index < bytes.count else { return "end of input" }
        var end = index + 1
        while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
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
