import Foundation
import Support

/// Where a value sits in an input, printed the way errors show it: `planets[1].full_degree`, or with a file
/// role in front when one input comes in several files: `houses: data.houses[3].degree`.
package struct JSONPath: Sendable, CustomStringConvertible {
    /// The file's role (`planets`, `houses`, `aspects`), empty for a single document.
    var file = ""
    var components = ""

    // Written out because the memberwise initializer is internal, and WheelRender names option paths too.
    package init(file: String = "", components: String = "") {
        self.file = file
        self.components = components
    }

    package func key(_ key: String) -> JSONPath {
        JSONPath(file: file, components: components.isEmpty ? key : components + "." + key)
    }

    package func index(_ index: Int) -> JSONPath {
        JSONPath(file: file, components: components + "[\(index)]")
    }

    package var description: String {
        if file.isEmpty { return components }
        return components.isEmpty ? file : file + ": " + components
    }
}

/// A number written in decimal ("285.05", " -74.006 ", "1e3"), or nil. Decimal notation only: Swift's
/// Double("nan"), Double("inf") and Double("0x1p3") would succeed. The one reading of numbers given as text, in
/// JSON strings and on the command line.
package func decimalNumber(_ text: String, exponent: Bool = true) -> Double? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty, trimmed.allSatisfy({ (exponent ? "0123456789+-.eE" : "0123456789+-.").contains($0) }) else { return nil }
    return Double(trimmed)
}

/// A parsed document's bytes and tokens, valid inside `parse(_:at:_:)` only. Paths are worked out from the
/// tokens when an error or a warning needs one, so reading a valid document builds none.
package struct JSONDocument {
    let bytes: UnsafeRawBufferPointer
    let tokens: UnsafeBufferPointer<JSONToken>
    /// The path of the document itself; a pointer, so that copying a node retains nothing.
    private let rootPath: UnsafePointer<JSONPath>
    /// Tokens stepped over by `path(to:)` so far: the work that paths cost, which the tests hold linear.
    let pathSteps: UnsafeMutablePointer<Int>

    /// Parses `data` and reads it with `body`, which gets the top-level value.
    package static func parse<Value>(
        _ data: Data, at rootPath: JSONPath = JSONPath(), _ body: (JSONNode) throws(ChartError) -> Value
    ) throws(ChartError) -> Value {
        // `Data.withUnsafeBytes` rethrows untyped errors; the outcome goes through a `Result` instead.
        let outcome: Result<Value, ChartError> = data.withUnsafeBytes { bytes in
            withUnsafePointer(to: rootPath) { rootPath in
                Result { () throws(ChartError) -> Value in
                    let tokens = try JSONTapeParser.parse(bytes)
                    var pathSteps = 0
                    defer { tokens.deallocate() }
                    return try withUnsafeMutablePointer(to: &pathSteps) { (pathSteps) throws(ChartError) -> Value in
                        try body(JSONNode(JSONDocument(bytes: bytes, tokens: tokens.tokens, rootPath: rootPath, pathSteps: pathSteps), 0))
                    }
                }
            }
        }
        return try outcome.get()
    }

    /// The index of the token after the value at `index` and everything inside it.
    func indexAfter(_ index: Int) -> Int { tokens[index].indexAfter(index) }

    /// A number's or a string's bytes as written (between a string's quotes; its text when it is plain).
    func bytes(of index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[tokens[index].start..<tokens[index].end])
    }

    /// A string token's text.
    func text(of index: Int) -> String { tokens[index].text(in: bytes) }

    /// Whether the string token at `index` (a key or a value) is `text`, compared as Strings are.
    func string(_ index: Int, equals text: StaticString) -> Bool {
        string(index, equals: text, prefix: JSONTapeParser.prefix(text.utf8Start, text.utf8CodeUnitCount, readable: 0))
    }

    /// The same, with `text`'s prefix worked out once for many tokens.
    func string(_ index: Int, equals text: StaticString, prefix: UInt64) -> Bool {
        let token = tokens.baseAddress![index]
        guard token.isPlain else { return self.text(of: index) == text.description }
        let length = text.utf8CodeUnitCount
        return token.end - token.start == length
            && JSONToken.sameBytes(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + token.start, prefix: token.prefix,
                                   text.utf8Start, prefix: prefix, length: length)
    }

    /// The path of the value at `target`: from the top, step into the member or element that holds it.
    func path(to target: Int) -> JSONPath {
        var path = rootPath.pointee
        var container = 0
        while container != target {
            var child = container + 1
            if tokens[container].kind == .object {
                while indexAfter(child + 1) <= target { child = indexAfter(child + 1); pathSteps.pointee += 1 }
                path = path.key(text(of: child))
                container = child + 1
            } else {
                var position = 0
                while indexAfter(child) <= target { child = indexAfter(child); position += 1; pathSteps.pointee += 1 }
                path = path.index(position)
                container = child
            }
        }
        return path
    }
}

/// A JSON value in a parsed document. The typed readers are tolerant in the ways chart services are sloppy
/// (numbers as strings, retrograde as "True" or 1) and throw a `ChartError` naming the path and the value.
package struct JSONNode {
    let document: JSONDocument
    let index: Int

    init(_ document: JSONDocument, _ index: Int) {
        self.document = document
        self.index = index
    }

    var kind: JSONToken.Kind { document.tokens[index].kind }

    /// The value's bytes as written, quotes and brackets included: a part of a request handed on whole, its
    /// numbers untouched.
    package var source: Data {
        let token = document.tokens[index]
        let range = kind == .string ? token.start - 1..<token.end + 1 : token.start..<token.end
        return Data(document.bytes[range])
    }
    package var isNull: Bool { kind == .null }

    /// JSON's `true` or `false` and nothing else (`flag()` reads the services' `1` and `"true"` too).
    package func boolean() throws(ChartError) -> Bool {
        switch kind {
        case .true: return true
        case .false: return false
        default: throw error("is not true or false")
        }
    }
    package var isObject: Bool { kind == .object }
    package var isArray: Bool { kind == .array }
    package var isString: Bool { kind == .string }
    package var isNumber: Bool { kind == .number }
    /// `true` or `false` as JSON writes them; nil for any other value (the tolerant reader is `flag()`).
    package var bool: Bool? { kind == .true ? true : kind == .false ? false : nil }
    /// A string's text; nil for any other value (the tolerant reader is `string()`).
    package var text: String? { kind == .string ? document.text(of: index) : nil }
    /// A JSON number that is a whole number, as an Int; nil for any other value.
    package var integer: Int? {
        guard kind == .number, let value = decimalNumber(String(decoding: document.bytes(of: index), as: UTF8.self)),
              value == value.rounded(), abs(value) < 1e15 else { return nil }
        return Int(value)
    }
    package var path: JSONPath { document.path(to: index) }

    package func error(_ message: String) -> ChartError { ChartError(path.description, message) }

    private func typeError(_ expected: String) -> ChartError { error("expected \(expected), got \(quoted)") }

    /// How the value is named in an error message: numbers as written, strings quoted, containers by kind.
    package var quoted: String {
        switch kind {
        case .null: "null"
        case .true: "true"
        case .false: "false"
        case .number: String(decoding: document.bytes(of: index), as: UTF8.self)
        case .string: quote(document.text(of: index))
        case .array: "an array"
        case .object: "an object"
        }
    }

    package func object() throws(ChartError) -> JSONObjectNode {
        guard kind == .object else { throw typeError("an object") }
        return JSONObjectNode(node: self)
    }

    package func array() throws(ChartError) -> JSONArrayNode {
        guard kind == .array else { throw typeError("a list") }
        return JSONArrayNode(node: self)
    }

    package func string() throws(ChartError) -> String {
        guard kind == .string else { throw typeError("a string") }
        return document.text(of: index)
    }

    /// What a string names in `table` (`"North Node"` → `.northNode`), nil when it names nothing there.
    /// Reads the bytes in place: the String is made by `string()` only when a message needs it.
    func serviceName<Value>(in table: ServiceNameTable<Value>) throws(ChartError) -> Value? {
        guard kind == .string else { throw typeError("a string") }
        if document.tokens[index].isPlain { return table.value(forUTF8: document.bytes(of: index)) }
        return table.value(for: document.text(of: index))
    }

    /// A finite number, written as a JSON number or as a decimal string ("285.05").
    package func number() throws(ChartError) -> Double {
        let number: Double
        switch kind {
        case .number:
            number = JSONNumber.value(of: document.bytes(of: index))
        case .string:
            // Services write plain decimals; without exponents a string's range is a pattern the OpenAPI document states.
            guard let value = decimalNumber(document.text(of: index), exponent: false) else { throw typeError("a number") }
            number = value
        default: throw typeError("a number")
        }
        guard number.isFinite else { throw error("\(quoted) is not a finite number") }
        return number
    }

    func wholeNumber() throws(ChartError) -> Int {
        let number = try number()
        guard number.rounded() == number, let whole = Int(exactly: number) else { throw typeError("a whole number") }
        return whole
    }

    package func wholeNumber(in range: ClosedRange<Int>) throws(ChartError) -> Int {
        let whole = try wholeNumber()
        guard range.contains(whole) else { throw error("\(quoted) is outside \(range.lowerBound)...\(range.upperBound)") }
        return whole
    }

    /// An ecliptic longitude: a number in 0..<360.
    func longitude() throws(ChartError) -> Double {
        let degrees = try number()
        guard degrees >= 0 && degrees < 360 else { throw error("\(quoted) is outside 0..<360") }
        return degrees
    }

    /// An ecliptic latitude: a number in -90...90.
    func latitude() throws(ChartError) -> Double {
        let degrees = try number()
        guard degrees >= -90 && degrees <= 90 else { throw error("\(quoted) is outside -90...90") }
        return degrees
    }

    /// A yes/no value: a JSON bool, "true"/"false" in any case, or 0/1 (as numbers or strings).
    package func flag() throws(ChartError) -> Bool {
        switch kind {
        case .true: return true
        case .false: return false
        case .number:
            switch JSONNumber.value(of: document.bytes(of: index)) {
            case 0: return false
            case 1: return true
            default: break
            }
        case .string:
            // The usual spellings, without making a String.
            if document.string(index, equals: "false") { return false }
            if document.string(index, equals: "true") { return true }
            switch document.text(of: index).trimmingWhitespace().lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: break
            }
        default: break
        }
        throw typeError("true or false")
    }
}

/// A JSON object: look-ups that report a missing field at the object's path.
package struct JSONObjectNode {
    let node: JSONNode
    private var document: JSONDocument { node.document }

    var count: Int { Int(document.tokens[node.index].count) }

    /// Members in document order.
    package var entries: [(key: String, node: JSONNode)] {
        var entries: [(key: String, node: JSONNode)] = []
        var key = node.index + 1
        for _ in 0..<count {
            entries.append((document.text(of: key), JSONNode(document, key + 1)))
            key = document.indexAfter(key + 1)
        }
        return entries
    }

    package var keys: [String] { entries.map(\.key) }

    package func has(_ key: StaticString) -> Bool { member(key) != nil }

    /// The field named `key`, made at run time (a provider's name); nil when absent. The first of repeated keys.
    package func member(named key: String) -> JSONNode? {
        entries.first { $0.key == key }?.node
    }

    /// The field, or nil when it is absent or null (services write `"house": null` for "not known").
    package func optional(_ key: StaticString) -> JSONNode? {
        guard let value = member(key), !value.isNull else { return nil }
        return value
    }

    /// The field; present but null, it reaches the typed reader, which then says "got null".
    package func required(_ key: StaticString) throws(ChartError) -> JSONNode {
        guard let value = member(key) else { throw node.error("missing \(quote(key.description))") }
        return value
    }

    private func member(_ key: StaticString) -> JSONNode? {
        let prefix = JSONTapeParser.prefix(key.utf8Start, key.utf8CodeUnitCount, readable: 0)
        var keyIndex = node.index + 1
        for _ in 0..<count {
            if document.string(keyIndex, equals: key, prefix: prefix) { return JSONNode(document, keyIndex + 1) }
            keyIndex = document.indexAfter(keyIndex + 1)
        }
        return nil
    }
}

/// A JSON array, walked in place.
package struct JSONArrayNode: Sequence {
    let node: JSONNode

    var count: Int { Int(node.document.tokens[node.index].count) }

    package func makeIterator() -> Iterator { Iterator(document: node.document, element: node.index + 1, remaining: count) }

    package struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var element: Int
        var remaining: Int

        package mutating func next() -> JSONNode? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            defer { element = document.indexAfter(element) }
            return JSONNode(document, element)
        }
    }
}
