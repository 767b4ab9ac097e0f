/// What the documentation and the command line's help say of each option, made from its declaration.
extension RenderOption {
    /// The value's form, as help shows it after the flag: `<250...4000>`, `<light|dark>`.
    public var valueForm: String {
        switch value {
        case .wholeNumber(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .boolean: ""
        case .choice(let words): words.joined(separator: "|")
        case .colour: "colour"
        case .colourOrNone: "none|colour"
        case .text(let limit): "text, at most \(limit) characters"
        case .identifier(let limit): "letters, digits, _ and -, a letter or _ first, at most \(limit)"
        case .bodies: "Node,Chiron,…"
        case .aspects: "Conjunction,Trine,…"
        case .aspectColours: "Trine=#0a6cae,Square=red,…"
        case .orbs: "Trine=6,Square=5,…"
        case .group: "object"
        case .number(let range, let unit): "\(Self.shortNumber(range.lowerBound))...\(Self.shortNumber(range.upperBound)) \(unit)"
        case .name(let examples): examples.joined(separator: "|") + "|…"
        }
    }

    /// `-500` rather than `-500.0`.
    static func shortNumber(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The flag as typed: `--chart-size <250...4000>`, `--legend, --no-legend`; nil for a file-only option.
    public var flagUsage: String? {
        guard let flag else { return nil }
        if value == .boolean { return "--\(flag), --no-\(flag)" }
        return (([flag] + flagAliases).map { "--\($0)" }.joined(separator: ", ")) + " <\(valueForm)>"
    }

    /// The options table of the documentation, in Markdown: one row an option, from `all`.
    public static func markdownTable() -> String {
        var lines = ["| option | flag | value | default | applies to | moves the layout | what it does |",
                     "|---|---|---|---|---|---|---|"]
        for option in all {
            let figures = FigureKind.allCases.filter(option.applies(to:)).map(\.rawValue).joined(separator: ", ")
            let cells = ["`\(option.name)`", option.flagUsage.map { "`\($0)`" } ?? "(file only)",
                         option.value == .boolean ? "true or false" : option.valueForm, option.defaultText, figures,
                         option.movesLayout ? "yes" : "no", option.help]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
