/// Where a value sits in an input, printed the way errors show it: `planets[1].full_degree`, or with a file
/// role in front when one input comes in several files: `houses: data.houses[3].degree`.
struct JSONPath: Sendable, CustomStringConvertible {
    /// The file's role (`planets`, `houses`, `aspects`), empty for a single document.
    var file = ""
    var components = ""

    func key(_ key: String) -> JSONPath {
        JSONPath(file: file, components: components.isEmpty ? key : components + "." + key)
    }

    func index(_ index: Int) -> JSONPath {
        JSONPath(file: file, components: components + "[\(index)]")
    }

    var description: String {
        if file.isEmpty { return components }
        return components.isEmpty ? file : file + ": " + components
    }
}

/// A JSON value with its path. The typed readers are tolerant in the ways chart services are sloppy
/// (numbers as strings, retrograde as "True" or 1) and throw a `ChartError` naming the path and the value.
struct JSONNode: Sendable {
    let value: JSONValue
    let path: JSONPath

    func error(_ message: String) -> ChartError { ChartError(path.description, message) }

    private func typeError(_ expected: String) -> ChartError { error("expected \(expected), got \(value.quoted)") }

    var isNull: Bool { value == .null }

    func object() throws(ChartError) -> JSONObjectNode {
        guard case .object(let members) = value else { throw typeError("an object") }
        return JSONObjectNode(members: members, path: path)
    }

    func array() throws(ChartError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw typeError("a list") }
        return elements.enumerated().map { JSONNode(value: $1, path: path.index($0)) }
    }

    func string() throws(ChartError) -> String {
        guard case .string(let s) = value else { throw typeError("a string") }
        return s
    }

    /// A finite number, written as a JSON number or as a decimal string ("285.05").
    func number() throws(ChartError) -> Double {
        let text: String
        switch value {
        case .number(let t): text = t
        case .string(let s):
            text = s.trimmingWhitespace()
            // Decimal notation only: Swift's Double("nan"), Double("inf") and Double("0x1p3") would succeed.
            guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }) else { throw typeError("a number") }
        default: throw typeError("a number")
        }
        guard let number = Double(text) else { throw typeError("a number") }
        guard number.isFinite else { throw error("\(value.quoted) is not a finite number") }
        return number
    }

    func wholeNumber() throws(ChartError) -> Int {
        let number = try number()
        guard number.rounded() == number, let whole = Int(exactly: number) else { throw typeError("a whole number") }
        return whole
    }

    func wholeNumber(in range: ClosedRange<Int>) throws(ChartError) -> Int {
        let whole = try wholeNumber()
        guard range.contains(whole) else { throw error("\(value.quoted) is outside \(range.lowerBound)...\(range.upperBound)") }
        return whole
    }

    /// An ecliptic longitude: a number in 0..<360.
    func longitude() throws(ChartError) -> Double {
        let degrees = try number()
        guard degrees >= 0 && degrees < 360 else { throw error("\(value.quoted) is outside 0..<360") }
        return degrees
    }

    /// A yes/no value: a JSON bool, "true"/"false" in any case, or 0/1 (as numbers or strings).
    func flag() throws(ChartError) -> Bool {
        switch value {
        case .bool(let b): return b
        case .number(let text) where Double(text) == 0: return false
        case .number(let text) where Double(text) == 1: return true
        case .string(let s):
            switch s.trimmingWhitespace().lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: break
            }
        default: break
        }
        throw typeError("true or false")
    }
}

/// A JSON object with its path: look-ups that report a missing field at the object's path.
struct JSONObjectNode: Sendable {
    let members: [(key: String, value: JSONValue)]
    let path: JSONPath

    var entries: [(key: String, node: JSONNode)] {
        members.map { ($0.key, JSONNode(value: $0.value, path: path.key($0.key))) }
    }

    var keys: [String] { members.map(\.key) }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The field, or nil when it is absent or null (services write `"house": null` for "not known").
    func optional(_ key: String) -> JSONNode? {
        guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return JSONNode(value: value, path: path.key(key))
    }

    /// The field; present but null, it reaches the typed reader, which then says "got null".
    func required(_ key: String) throws(ChartError) -> JSONNode {
        guard let value = members.first(where: { $0.key == key })?.value else {
            throw ChartError(path.description, "missing \(quote(key))")
        }
        return JSONNode(value: value, path: path.key(key))
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        // Most values have nothing to trim; any whitespace at an end starts with an ASCII or a multi-byte lead.
        let string = String(self)
        if let first = string.utf8.first, let last = string.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return string }
        return String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
