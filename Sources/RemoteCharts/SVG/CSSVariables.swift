import Foundation

/// Replaces CSS custom properties in an SVG by their values, before librsvg rasterizes it.
///
/// Many services colour their SVG charts through `:root { --name: #hex; }` and `fill: var(--name)`; librsvg
/// 2.54 ignores custom properties and paints such a chart black. Definitions are gathered from every `<style>`
/// block and `style` attribute (`SVGScan` and `CSSText`, as the drawing cost reads them); each `var(--name)` or
/// `var(--name, fallback)` is replaced by the value,
/// innermost first, one level of nesting a pass, so values that use other variables resolve too.
///
/// Values that repeat other variables grow exponentially with nesting (`--a: var(--b) var(--b)`, …), so the
/// passes are bounded (`maximumDepth`) and so is what they may add to the document (`maximumGrowth`); past
/// either, the image is refused rather than drawn half resolved.
enum CSSVariables {
    /// Levels of nesting resolved.
    static let maximumDepth = 16
    /// UTF-8 bytes the resolved SVG may have beyond the original.
    static let maximumGrowth = 1 << 20

    private static let reference = try! NSRegularExpression(pattern: #"var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,\s*([^()]*?))?\s*\)"#)

    /// The SVG with every resolvable `var()` replaced; one without a value or fallback stays as it is.
    static func resolve(_ svg: String) throws(FetchFailure) -> String {
        guard svg.contains("var(") else { return svg }
        let values = definitions(in: SVGScan(Data(svg.utf8)))
        let budget = svg.utf8.count + maximumGrowth
        let overflow = FetchFailure.cssExpandsTooMuch(bytes: maximumGrowth)
        var text = svg, depth = 0
        while true {
            let matches = reference.matches(in: text, range: NSRange(text.startIndex..., in: text))
            // Built by appending, not by replacing in place, which would cost the document's length per `var()`.
            var resolved = "", copied = text.startIndex
            for match in matches {
                let name = String(text[Range(match.range(at: 1), in: text)!])
                let fallback = Range(match.range(at: 2), in: text).map { String(text[$0]) }
                guard let value = values[name] ?? fallback, !value.contains("var(\(name))") else { continue }
                guard depth < maximumDepth else { throw .cssNestsTooDeep(levels: maximumDepth) }
                let range = Range(match.range, in: text)!
                resolved += text[copied..<range.lowerBound]
                resolved += value
                copied = range.upperBound
                guard resolved.utf8.count <= budget else { throw overflow }
            }
            guard copied != text.startIndex else { return text }
            resolved += text[copied...]
            guard resolved.utf8.count <= budget else { throw overflow }
            text = resolved
            depth += 1
        }
    }

    /// Every custom property the document defines, in its style sheets (document order), then in its `style`
    /// attributes. The first definition wins, as `:root` usually comes first; later ones are rarely different.
    private static func definitions(in document: SVGScan) -> [String: String] {
        let sheets: [Substring] = document.styleSheets.flatMap { CSSText.rules($0).map(\.body) }
        let attributes: [Substring] = document.nodes.compactMap { node in node.attributes["style"].map { Substring($0) } }
        let blocks = sheets + attributes
        var values: [String: String] = [:]
        for block in blocks {
            for (name, value) in CSSText.declarations(block) where name.hasPrefix("--") && values[name] == nil {
                values[name] = value
            }
        }
        return values
    }
}
