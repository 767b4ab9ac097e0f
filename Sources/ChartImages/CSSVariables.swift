import Foundation

/// Replaces CSS custom properties in an SVG by their values.
///
/// Many services colour their SVG charts through `:root { --name: #hex; }` and `fill: var(--name)`; librsvg
/// 2.54 ignores custom properties and paints such a chart black. Definitions are gathered from every `<style>`
/// block and `style` attribute; each `var(--name)` or `var(--name, fallback)` is replaced by the value,
/// innermost first, so values that use other variables resolve too.
enum CSSVariables {
    private static let definition = try! NSRegularExpression(pattern: #"(--[A-Za-z0-9_-]+)\s*:\s*([^;}"<]+)"#)
    private static let reference = try! NSRegularExpression(pattern: #"var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,\s*([^()]*?))?\s*\)"#)

    /// The SVG with every resolvable `var()` replaced, and how many could not be resolved.
    static func resolve(_ svg: String) -> (svg: String, unresolved: Int) {
        guard svg.contains("var(") else { return (svg, 0) }
        var values: [String: String] = [:]
        let whole = NSRange(svg.startIndex..., in: svg)
        for match in definition.matches(in: svg, range: whole) {
            let name = String(svg[Range(match.range(at: 1), in: svg)!])
            let value = svg[Range(match.range(at: 2), in: svg)!].trimmingCharacters(in: .whitespacesAndNewlines)
            // The first definition wins, as :root usually comes first; later ones are rarely different.
            if values[name] == nil { values[name] = value }
        }
        var text = svg, unresolved = 0
        for _ in 0..<16 {
            let range = NSRange(text.startIndex..., in: text)
            let matches = reference.matches(in: text, range: range)
            guard !matches.isEmpty else { break }
            var replaced = false
            for match in matches.reversed() {
                let name = String(text[Range(match.range(at: 1), in: text)!])
                let fallback = Range(match.range(at: 2), in: text).map { String(text[$0]) }
                guard let value = values[name] ?? fallback, !value.contains("var(--\(name.dropFirst(2)))") else { continue }
                text.replaceSubrange(Range(match.range, in: text)!, with: value)
                replaced = true
            }
            if !replaced { break }
        }
        unresolved = reference.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        return (text, unresolved)
    }
}
