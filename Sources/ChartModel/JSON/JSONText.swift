import Foundation

/// A JSON value written compactly with its members in the order given, as the services write theirs (`name`,
/// `sign`, `full_degree`, …), and numbers in Swift's shortest form that reads back to the same `Double`: what a
/// reader gets is exactly what was computed. The edges' one JSON writer: the requests `RemoteCharts` sends, the
/// answers, problems and log lines of `wheel serve`, the error lines of `wheel chart --births`.
// Not `indirect`: arrays and members already hold their values out of line, and a box per value was most of an
// answer's allocations.
package enum JSONText: Sendable {
    case string(String)
    case number(Double)
    case int(Int)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])
    case null
    /// JSON text written as it is: a part of a parsed document handed on untouched (`JSONNode.source`).
    case verbatim(Data)

    /// An object of `members` in the order of their keys (a request body's, which no reader orders).
    package static func sorted(_ members: [String: JSONText]) -> JSONText {
        .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// A whole number as an integer (`40`, not `40.0`), any other as `number` writes it.
    package static func compact(_ value: Double) -> JSONText {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .number(value)
    }

    /// The value as compact JSON text.
    package var data: Data {
        // Bytes, not a String: a chart's answer is thousands of small appends, and a String checks and counts each.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(to: &bytes)
        return Data(bytes)
    }

    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .string(let value): Self.write(string: value, to: &bytes)
        // A computed chart holds finite numbers only; null keeps the document valid should one ever not be.
        case .number(let value): Self.append(value.isFinite ? value.description : "null", to: &bytes)
        case .int(let value): Self.append(String(value), to: &bytes)
        case .bool(let value): bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .verbatim(let data): bytes.append(contentsOf: data)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(string: key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A string, quoted and escaped byte by byte: a byte below 0x80 is its ASCII character in UTF-8, never part
    /// of another's sequence.
    private static func write(string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Most strings (names, signs) need no escape: copied whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            escape(utf8, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text's bytes as they are, copied from its contiguous storage at once.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xf)])
            default: bytes.append(byte)
            }
        }
    }
}

/// Literals, so that a document is written as it reads (`["type": "string", "minimum": 0]`), its members in the
/// order written.
extension JSONText: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONText...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONText)...) { self = .object(elements) }
}

extension JSONText {
    /// An array of strings.
    package init(_ strings: [String]) { self = .array(strings.map { .string($0) }) }

    /// An object's member, the last of a repeated key; setting one replaces it (or adds it at the end), setting
    /// nil removes it. On anything but an object, reads nil and ignores writes.
    package subscript(key: String) -> JSONText? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.0 == key }?.1
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members.removeAll { $0.0 == key }
                if let newValue { members.insert((key, newValue), at: min(index, members.count)) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// An object with each member's value transformed, in the same order; anything else as it is.
    package func mapMembers(_ transform: (JSONText) -> JSONText) -> JSONText {
        guard case .object(let members) = self else { return self }
        return .object(members.map { ($0.0, transform($0.1)) })
    }
}
