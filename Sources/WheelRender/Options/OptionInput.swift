import ChartModel
import Support

/// One option's value as a user gave it: a member of a JSON options object (a file, a request body) or the text
/// of a command-line flag. The options' readers take either through this one type, so a flag is read as it was
/// typed, never turned into JSON text first, and both give the same messages: a flag's text reads as a JSON
/// string would (`chart_size: expected a whole number, got "big"`).
package struct OptionInput {
    private enum Source {
        case node(JSONNode)
        case text(String)
        /// One entry of a map option, from a flag that names it (`aspect_line_colors.Trine`).
        case entry(String, String)
    }

    private let source: Source
    /// Where the value is, as messages name it: `chart_size`, `orb_values.Trine`.
    package let path: JSONPath

    package init(_ node: JSONNode) {
        source = .node(node)
        path = node.path
    }

    package init(text: String, path: JSONPath) {
        source = .text(text)
        self.path = path
    }

    /// The map `{name: text}`, as a flag naming one entry gives it.
    package init(entry name: String, text: String, path: JSONPath) {
        source = .entry(name, text)
        self.path = path
    }

    /// JSON `null`: the option goes back to its default. A flag's text is never null.
    package var isNull: Bool {
        if case .node(let node) = source { return node.isNull }
        return false
    }

    /// How messages show the value: as written, strings quoted.
    package var quoted: String {
        switch source {
        case .node(let node): node.quoted
        case .text(let text): quote(text)
        case .entry: "an object"
        }
    }

    package func error(_ message: String) -> ChartError { ChartError(path.description, message) }

    package func string() throws(ChartError) -> String {
        switch source {
        case .node(let node): try node.string()
        case .text(let text): text
        case .entry: throw error("expected a string, got \(quoted)")
        }
    }

    /// A finite number, from a JSON number or decimal text.
    package func number() throws(ChartError) -> Double {
        switch source {
        case .node(let node): return try node.number()
        case .entry: throw error("expected a number, got \(quoted)")
        case .text(let text):
            guard let value = decimalNumber(text) else { throw error("expected a number, got \(quoted)") }
            guard value.isFinite else { throw error("\(quoted) is not a finite number") }
            return value
        }
    }

    package func wholeNumber(in range: ClosedRange<Int>) throws(ChartError) -> Int {
        if case .node(let node) = source { return try node.wholeNumber(in: range) }
        let value = try number()
        guard value.rounded() == value, let whole = Int(exactly: value) else { throw error("expected a whole number, got \(quoted)") }
        guard range.contains(whole) else { throw error("\(quoted) is outside \(range.lowerBound)...\(range.upperBound)") }
        return whole
    }

    /// Yes or no: a JSON bool, `true`/`false` in any case, or 0/1.
    package func flag() throws(ChartError) -> Bool {
        switch source {
        case .node(let node): return try node.flag()
        case .entry: throw error("expected true or false, got \(quoted)")
        case .text(let text):
            switch text.trimmingWhitespace().lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: throw error("expected true or false, got \(quoted)")
            }
        }
    }

    package func colour() throws(ChartError) -> Colour {
        try Colour(parsing: try string(), field: path.description)
    }

    /// One of an enum's raw values, in any case.
    package func choice<T: RawRepresentable & CaseIterable>(of _: T.Type) throws(ChartError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text.trimmingWhitespace().lowercased()) else {
            throw error("\(quoted) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A line of text to show (a title, a house system's name): see `ChartLimits.textProblem`; empty means none.
    package func line(atMost limit: Int) throws(ChartError) -> String? {
        let text = try string()
        if let problem = ChartLimits.textProblem(text, limit: limit) { throw error(problem) }
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    package func bodyID() throws(ChartError) -> BodyID {
        let name = try string()
        guard let id = BodyID(serviceName: name) else { throw error(BodyID.unknown(name)) }
        return id
    }

    /// The aspect kind this value's name (its key: `orb_values.Trine`) or its text names.
    package func aspectKind(named name: String) throws(ChartError) -> AspectKind {
        guard let kind = AspectKind(serviceName: name) else { throw error(AspectKind.unknown(name)) }
        return kind
    }

    /// A list's elements: a JSON array's, or a flag's comma-separated items (`Node,Chiron`).
    package func elements() throws(ChartError) -> [OptionInput] {
        switch source {
        case .node(let node):
            return try node.array().map(OptionInput.init)
        case .entry: throw error("expected a list, got \(quoted)")
        case .text(let text):
            return Self.items(of: text).enumerated().map { OptionInput(text: $1, path: path.index($0)) }
        }
    }

    /// A map's entries: a JSON object's members, or a flag's `name=value` pairs (`Trine=#00f,Square=red`).
    package func entries() throws(ChartError) -> [(name: String, value: OptionInput)] {
        switch source {
        case .node(let node):
            return try node.object().entries.map { ($0.key, OptionInput($0.node)) }
        case .entry(let name, let text):
            return [(name, OptionInput(text: text, path: path.key(name)))]
        case .text(let text):
            var entries: [(name: String, value: OptionInput)] = []
            for item in Self.items(of: text) {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard parts.count == 2, !parts[0].isEmpty else { throw error("\(quote(item)) is not name=value") }
                guard !entries.contains(where: { $0.name == parts[0] }) else {
                    throw ChartError(path.key(parts[0]).description, "given twice")
                }
                entries.append((parts[0], OptionInput(text: parts[1], path: path.key(parts[0]))))
            }
            return entries
        }
    }

    private static func items(of text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}
