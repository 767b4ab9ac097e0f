import Foundation

/// A JSON value written compactly with its members in the order given, as the services write theirs (`name`,
/// `sign`, `full_degree`, …), and numbers in Swift's shortest form that reads back to the same `Double`: what a
/// reader gets is exactly what was computed. The edges' one JSON writer: the requests `RemoteCharts` sends, the
/// answers, problems and log lines of `wheel serve`, the error lines of `wheel chart --births`.
package indirect enum JSONText: Sendable {
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
        var text = ""
        write(to: &text)
        return Data(text.utf8)
    }

    private func write(to text: inout String) {
        switch self {
        case .string(let value): Self.write(string: value, to: &text)
        // A computed chart holds finite numbers only; null keeps the document valid should one ever not be.
        case .number(let value): text += value.isFinite ? "\(value)" : "null"
        case .int(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .verbatim(let data): text += String(decoding: data, as: UTF8.self)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { text += "," }
                Self.write(string: key, to: &text)
                text += ":"
                value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func write(string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
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
