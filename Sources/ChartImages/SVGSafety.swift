import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What in an SVG would make passing it on unsafe: scripts, event handlers, external references.
struct SVGSafety {
    /// Problems found, in words (`a <script> element`, `an onload attribute`, `an external reference to …`).
    private(set) var problems: [String] = []
    /// False when the document is not well-formed XML.
    private(set) var wellFormed = true

    init(_ svg: Data) {
        let scanner = Scanner()
        let parser = XMLParser(data: svg)
        parser.shouldResolveExternalEntities = false
        parser.delegate = scanner
        wellFormed = parser.parse()
        problems = scanner.problems
    }

    var isSafe: Bool { wellFormed && problems.isEmpty }

    private final class Scanner: NSObject, XMLParserDelegate {
        var problems: [String] = []
        private var inStyle = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let local = name.split(separator: ":").last.map(String.init)?.lowercased() ?? name.lowercased()
            if local == "script" { note("a <script> element") }
            if local == "foreignobject" { note("a <foreignObject> element") }
            inStyle = local == "style"
            for (key, value) in attributes {
                let attribute = key.lowercased()
                if attribute.split(separator: ":").last?.hasPrefix("on") == true { note("an \(key) attribute") }
                if attribute == "href" || attribute.hasSuffix(":href") {
                    let target = value.trimmingCharacters(in: .whitespaces)
                    if !target.hasPrefix("#") { note("an external reference to \(target.prefix(60))") }
                }
                checkCSS(value)
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { inStyle = false }

        func parser(_ parser: XMLParser, foundCharacters string: String) { if inStyle { checkCSS(string) } }

        func parser(_ parser: XMLParser, foundCDATA data: Data) { if inStyle { checkCSS(String(decoding: data, as: UTF8.self)) } }

        /// `url(…)` that does not point inside the document, and `@import`, load from elsewhere.
        private func checkCSS(_ css: String) {
            let lower = css.lowercased()
            if lower.contains("@import") { note("a CSS @import") }
            var rest = lower[...]
            while let open = rest.range(of: "url(") {
                let target = rest[open.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
                if !target.hasPrefix("#") { note("an external reference in url(\(target.prefix(40))") }
                rest = rest[open.upperBound...]
            }
            if lower.contains("javascript:") { note("a javascript: URL") }
        }

        private func note(_ problem: String) { if !problems.contains(problem) { problems.append(problem) } }
    }
}
