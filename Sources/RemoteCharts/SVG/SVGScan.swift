import Foundation

/// The element tree of an XML document as far as the cost model and the CSS variables need it: names (without their prefix),
/// attributes, parents and children, and the text of `<style>` elements. A light scan, not a parser: it reads
/// what a parser would accept and does not judge what it would not.
struct SVGScan {
    struct Node {
        var name: String
        var attributes: [String: String]
        var parent: Int?
        var children: [Int] = []
    }

    var nodes: [Node] = []
    var styleSheets: [String] = []

    init(_ data: Data) {
        let bytes = [UInt8](data)
        var stack: [Int] = []
        var i = 0
        var styleText: [UInt8]?
        func starts(_ prefix: String, at index: Int) -> Bool {
            let p = Array(prefix.utf8)
            return index + p.count <= bytes.count && bytes[index..<(index + p.count)].elementsEqual(p)
        }
        func skip(past terminator: String, from index: Int) -> Int {
            let t = Array(terminator.utf8)
            var j = index
            while j + t.count <= bytes.count {
                if bytes[j] == t[0] && bytes[j..<(j + t.count)].elementsEqual(t) { return j + t.count }
                j += 1
            }
            return bytes.count
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                let next = bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                styleText?.append(contentsOf: bytes[i..<next])
                i = next
                continue
            }
            if starts("<!--", at: i) {
                i = skip(past: "-->", from: i + 4)
            } else if starts("<![CDATA[", at: i) {
                let end = skip(past: "]]>", from: i + 9)
                styleText?.append(contentsOf: bytes[(i + 9)..<max(i + 9, end - 3)])
                i = end
            } else if starts("<?", at: i) {
                i = skip(past: "?>", from: i + 2)
            } else if starts("<!", at: i) {
                // A DOCTYPE, with its internal subset in brackets.
                var j = i + 2, depth = 0
                while j < bytes.count {
                    if bytes[j] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[j] == UInt8(ascii: "]") { depth -= 1 }
                    if bytes[j] == UInt8(ascii: ">") && depth <= 0 { break }
                    j += 1
                }
                i = j + 1
            } else if starts("</", at: i) {
                let end = skip(past: ">", from: i + 2)
                if let open = stack.popLast(), nodes[open].name == "style", let text = styleText {
                    styleSheets.append(String(decoding: text, as: UTF8.self))
                    styleText = nil
                }
                i = end
            } else {
                var (node, end, selfClosing) = Self.tag(bytes, from: i + 1)
                node.parent = stack.last
                let index = nodes.count
                nodes.append(node)
                if let parent = stack.last { nodes[parent].children.append(index) }
                if !selfClosing {
                    stack.append(index)
                    if node.name == "style" { styleText = [] }
                }
                i = end
            }
        }
    }

    /// The attributes the cost model reads; the others are skipped unread.
    private static let read: Set<String> = [
        "id", "href", "class", "style", "filter", "mask", "opacity", "fill", "stroke", "marker-start", "marker-mid",
        "marker-end", "clip-path", "width", "height", "r", "rx", "ry", "viewBox", "order", "filterUnits",
    ]

    /// The tag that starts at `start` (after its `<`): its node, the index after its `>`, and whether it closes itself.
    private static func tag(_ bytes: [UInt8], from start: Int) -> (Node, Int, Bool) {
        var i = start
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func name() -> String {
            let from = i
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "=") { i += 1 }
            return String(decoding: bytes[from..<i], as: UTF8.self)
        }
        let qualified = name()
        var attributes: [String: String] = [:]
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: ">") { return (Node(name: localName(qualified), attributes: attributes), i + 1, false) }
            if bytes[i] == UInt8(ascii: "/") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: ">") { return (Node(name: localName(qualified), attributes: attributes), i + 1, true) }
                continue
            }
            let attribute = name()
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            var value = ""
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let from = i + 1
                    i = bytes[from...].firstIndex(of: quote) ?? bytes.count
                    if read.contains(localName(attribute)) { value = decodeReferences(String(decoding: bytes[from..<i], as: UTF8.self)) }
                    i += 1
                }
            }
            if attribute.isEmpty { i += 1; continue }
            // `href` and `xlink:href` alike: librsvg 2.54 reads both.
            let key = localName(attribute)
            if read.contains(key), attributes[key] == nil { attributes[key] = value }
        }
        return (Node(name: localName(qualified), attributes: attributes), bytes.count, true)
    }

    private static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    /// An attribute value with its character references read: `&#35;b` is `#b` to librsvg too.
    private static func decodeReferences(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = "", rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += rest[amp...]
                return result
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            let scalar: UnicodeScalar? = switch entity {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default:
                entity.hasPrefix("#x") || entity.hasPrefix("#X") ? UInt32(entity.dropFirst(2), radix: 16).flatMap(UnicodeScalar.init)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()).flatMap(UnicodeScalar.init) : nil
            }
            if let scalar { result.unicodeScalars.append(scalar) } else { result += rest[amp...semicolon] }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
