/// `text` fit for a message line: control, format (bidirectional overrides among them) and line-breaking
/// characters escaped as Swift writes them (`\u{1B}`), so that text from elsewhere cannot move a terminal's
/// cursor or forge a second line; at most `limit` Unicode scalars (so combining marks cannot stretch it either),
/// a longer line cut to `…` at its end, or, `keepingEnd`, in its middle, so that both what it is about (the start)
/// and why (the end) stay. What every message passes text from elsewhere through.
package func oneLine(_ text: String, limit: Int = 300, keepingEnd: Bool = false) -> String {
    let scalars = Array(text.unicodeScalars)
    // Every scalar prints as one or more, so only a text of at most `limit` scalars can fit whole.
    if scalars.count <= limit {
        let whole = scalars.map(printed).joined()
        if whole.unicodeScalars.count <= limit { return whole }
    }
    let tailLength = keepingEnd ? limit / 3 : 0
    let head = leading(scalars, within: limit - tailLength - 1)
    let tail = leading(scalars.reversed(), within: tailLength)
    return head.joined() + "…" + tail.reversed().joined()
}

/// The printed forms of the first scalars of `scalars` that fit in `length`.
private func leading(_ scalars: some Sequence<Unicode.Scalar>, within length: Int) -> [String] {
    var pieces: [String] = []
    var used = 0
    for scalar in scalars {
        let piece = printed(scalar)
        used += piece.unicodeScalars.count
        guard used <= length else { break }
        pieces.append(piece)
    }
    return pieces
}

private func printed(_ scalar: Unicode.Scalar) -> String {
    // Printable ASCII, most of every message, without a look-up in the Unicode tables.
    if (0x20..<0x7F).contains(scalar.value) { return String(scalar) }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator:
        return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default:
        return String(scalar)
    }
}

/// A string as it appears in a message: in double quotes, escaped, shortened when long.
package func quote(_ s: String) -> String {
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
