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
        var out = JSONBytes()
        write(to: &out)
        return out.data
    }

    private func write(to out: inout JSONBytes) {
        switch self {
        case .string(let value): out.string(value)
        case .number(let value): out.number(value)
        case .int(let value): out.int(value)
        case .bool(let value): out.raw(value ? "true" : "false")
        case .null: out.raw("null")
        case .verbatim(let data): out.bytes.append(contentsOf: data)
        case .array(let values):
            out.raw("[")
            for (index, value) in values.enumerated() {
                if index > 0 { out.raw(",") }
                value.write(to: &out)
            }
            out.raw("]")
        case .object(let members):
            out.raw("{")
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(key)
                out.raw(":")
                value.write(to: &out)
            }
            out.raw("}")
        }
    }
}

/// Compact JSON text written straight into bytes, as `JSONText` writes it: for an answer written on every request,
/// without a tree of values first (the caller writes the punctuation and keys with `raw`).
package struct JSONBytes {
    // Bytes, not a String: an answer is thousands of small appends, and a String checks and counts each.
    package var bytes: [UInt8] = []

    package init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    package var data: Data { Data(bytes) }

    /// Punctuation, keys, literals: copied as they are.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A number in Swift's shortest form that reads back to the same `Double`. A computed chart holds finite
    /// numbers only; null keeps the document valid should one ever not be.
    package mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func int(_ value: Int) {
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A string, quoted and escaped byte by byte: a byte below 0x80 is its ASCII character in UTF-8, never part
    /// of another's sequence.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings (names, signs) need no escape: copied whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            escape(utf8)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case ..<0x20:
                let hex: StaticString = "0123456789abcdef"
                raw(#"\u00"#)
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0xf)])
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
