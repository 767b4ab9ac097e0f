import Foundation

/// The little of CSS that reading an API's SVG needs: a style sheet's rules and a declaration block's
/// properties. Both the drawing cost (`SVGDrawingCost`: filters, masks, opacity set by style) and the custom
/// properties (`CSSVariables`) read style sheets and `style` attributes through it. Split-based and linear in
/// the text, whatever it holds.
enum CSSText {
    /// Each rule of `sheet` as its selector text and its declaration block, comments out; an at-rule's block
    /// (`@media`) is read as the rules it holds.
    static func rules(_ sheet: String) -> [(selectors: Substring, body: Substring)] {
        var text = Substring(sheet)
        while let open = text.range(of: "/*") {
            let close = text[open.upperBound...].range(of: "*/")?.upperBound ?? text.endIndex
            text = text[..<open.lowerBound] + " " + text[close...]
        }
        return text.split(separator: "}").compactMap { block in
            let parts = block.split(separator: "{", omittingEmptySubsequences: false)
            guard parts.count >= 2 else { return nil }
            return (parts[parts.count - 2], parts.last!)
        }
    }

    /// A declaration block's properties, the last of a repeated one winning, `!important` dropped. Names are
    /// lower-cased but for custom properties (`--name`), which CSS keeps as written.
    static func declarations(_ text: some StringProtocol) -> [String: String] {
        var result: [String: String] = [:]
        for declaration in text.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            var name = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.hasPrefix("--") { name = name.lowercased() }
            var value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasSuffix("!important") { value = value.dropLast(10).trimmingCharacters(in: .whitespaces) }
            result[name] = value
        }
        return result
    }
}
