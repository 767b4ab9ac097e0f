/// `text` fit for a message line: control, format (bidirectional overrides among them) and line-breaking
/// characters escaped as Swift writes them (`\u{1B}`), so that text from elsewhere cannot move a terminal's
/// cursor or forge a second line; at most `limit` Unicode scalars (so combining marks cannot stretch it either),
/// a longer line cut to `…` at its end, or, `keepingEnd`, in its middle, so that both what it is about (the start)
/// and why (the end) stay. The one escaper of the package's messages.
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
