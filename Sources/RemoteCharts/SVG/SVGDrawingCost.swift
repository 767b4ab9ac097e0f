import Foundation
import WheelRaster

/// What an SVG document would cost librsvg 2.54 to draw, estimated from its markup in one pass before drawing,
/// so that a document far too costly for a time budget is refused before a CPU is spent on it.
///
/// librsvg 2.54 draws every filtered or masked element through offscreen surfaces the size of the whole image,
/// and every filter primitive through another: the cost of a filter is the image's pixels, whatever the size of
/// the shape it blurs. The model counts what the document makes librsvg do, `<use>` references, patterns,
/// markers and masks expanded as often as they are drawn, and prices it with coefficients measured on librsvg
/// 2.54.7 (docs/Fallback.md has the figures). It knows filters, masks, opacity and `<use>` from attributes,
/// `style` attributes and simple style sheet rules; what it cannot see (a filter region far larger than its
/// shape, entities that expand to markup) makes it guess low, never high, so a caller needs a deadline too.
public struct SVGDrawingCost: Sendable, Hashable {
    /// Elements drawn, each `<use>` counted as often as it is drawn with all that it draws.
    public var elements: Double = 0
    /// Elements drawn through a filter.
    public var filtered: Double = 0
    /// Filter primitives run, over all the filtered elements.
    public var primitives: Double = 0
    /// Elements drawn through a mask.
    public var masked: Double = 0
    /// Elements drawn with an opacity below 1 (each through a layer of its own).
    public var layered: Double = 0
    /// Pixels blurred, over all the Gaussian blurs of filtered shapes whose size the markup gives (a rectangle,
    /// circle, ellipse or image, in their filter region).
    public var blurredPixels: Double = 0
    /// The width and height the estimate is for, in pixels.
    public var width = 0, height = 0

    /// An empty estimate at `width` × `height`.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    // The coefficients, in seconds of one core (CPU time of librsvg 2.54.7 with cairo 1.16 on the build machine,
    // medians of runs at 150 to 2000 px; docs/Fallback.md).
    /// Drawing one element, whatever it is: parsing, cascading, a path and its fill.
    static let secondsPerElement = 5e-6
    /// One filtered element: its offscreen surface, per pixel of the image.
    static let secondsPerFilterPixel = 0.3e-9
    /// One filter primitive, per pixel of the image.
    static let secondsPerPrimitivePixel = 3.3e-9
    /// One masked element: its surface and the mask's, per pixel of the image.
    static let secondsPerMaskPixel = 9e-9
    /// One element drawn with opacity through a group surface, per pixel of the image.
    static let secondsPerLayerPixel = 0.4e-9
    /// One pixel of a Gaussian blur's region (a standard deviation of 2 or more: three box blurs).
    static let secondsPerBlurredPixel = 70e-9

    /// The estimate of librsvg's time on one core of the machine the coefficients were measured on.
    public var seconds: Double {
        let pixels = Double(width) * Double(height)
        return elements * Self.secondsPerElement
            + pixels * (filtered * Self.secondsPerFilterPixel + primitives * Self.secondsPerPrimitivePixel
                        + masked * Self.secondsPerMaskPixel + layered * Self.secondsPerLayerPixel)
            + blurredPixels * Self.secondsPerBlurredPixel
    }

    /// What weighs most, in words: `2000 filtered elements`, `1000000 elements`.
    public var summary: String {
        let pixels = Double(width) * Double(height)
        let terms: [(Double, String)] = [
            (elements * Self.secondsPerElement, "\(count(elements)) elements"),
            (pixels * (filtered * Self.secondsPerFilterPixel + primitives * Self.secondsPerPrimitivePixel)
                + blurredPixels * Self.secondsPerBlurredPixel,
             "\(count(filtered)) filtered elements (\(count(primitives)) filter primitives)"),
            (pixels * masked * Self.secondsPerMaskPixel, "\(count(masked)) masked elements"),
            (pixels * layered * Self.secondsPerLayerPixel, "\(count(layered)) elements with opacity"),
        ]
        return terms.max { $0.0 < $1.0 }!.1
    }

    private func count(_ value: Double) -> String {
        value < 1e15 ? String(Int(value)) : String(format: "%.0e", value)
    }

    /// Kernel entries of an `feConvolveMatrix` above which librsvg 2.54.7 panics and aborts the whole process
    /// (`order="21"`, 441 entries, does; 400 do not).
    public static let maximumKernelEntries = 400

    /// The cost of drawing `svg` at `width` × `height` pixels. Throws `svgKernelTooLarge` for a document that
    /// would abort the process in librsvg; markup it cannot read costs what it could read (librsvg then says
    /// what is wrong).
    public static func estimate(svg: Data, width: Int, height: Int) throws(RasterError) -> SVGDrawingCost {
        let document = SVGScan(svg)
        for node in document.nodes where node.name == "feConvolveMatrix" {
            let order = (node.attributes["order"] ?? "3").split { $0 == " " || $0 == "," }.compactMap { Int($0) }
            let entries = (order.first ?? 3) * (order.count > 1 ? order[1] : order.first ?? 3)
            if entries > maximumKernelEntries || entries < 0 {
                throw RasterError.svgKernelTooLarge(entries: entries, limit: maximumKernelEntries)
            }
        }
        var cost = SVGDrawingCost(width: width, height: height)
        if let root = document.nodes.indices.first(where: { document.nodes[$0].parent == nil }) {
            var pricing = Pricing(document: document, canvas: Canvas(document.nodes[root], width: width, height: height))
            let tally = pricing.tally(root)
            cost.elements = tally.elements
            cost.filtered = tally.filtered
            cost.primitives = tally.primitives
            cost.masked = tally.masked
            cost.layered = tally.layered
            cost.blurredPixels = tally.blurredPixels
        }
        return cost
    }
}

/// Counts of one subtree as drawn, references expanded.
private struct Tally {
    var elements = 0.0, filtered = 0.0, primitives = 0.0, masked = 0.0, layered = 0.0, blurredPixels = 0.0

    static func += (a: inout Tally, b: Tally) {
        a.elements += b.elements
        a.filtered += b.filtered
        a.primitives += b.primitives
        a.masked += b.masked
        a.layered += b.layered
        a.blurredPixels += b.blurredPixels
    }
}

/// The image's size in pixels and the scale from the root's user units to it (its `viewBox`, else its size).
private struct Canvas {
    var width: Double, height: Double
    var userWidth: Double, userHeight: Double

    init(_ root: SVGScan.Node, width: Int, height: Int) {
        self.width = Double(width)
        self.height = Double(height)
        let box = (root.attributes["viewBox"] ?? "").split { $0 == " " || $0 == "," }.compactMap { Double($0) }
        if box.count == 4, box[2] > 0, box[3] > 0 {
            userWidth = box[2]
            userHeight = box[3]
        } else {
            userWidth = root.attributes["width"].flatMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: " px"))) }.map { max($0, 1) } ?? Double(width)
            userHeight = root.attributes["height"].flatMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: " px"))) }.map { max($0, 1) } ?? Double(height)
        }
    }

    /// A length in user units, a percentage of `whole`.
    func length(_ text: String?, of whole: Double) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.hasSuffix("%") { return Double(text.dropLast()).map { $0 / 100 * whole } }
        return Double(text.hasSuffix("px") ? String(text.dropLast(2)) : text)
    }
}

/// The tally of each subtree, once: a `<use>` of an element drawn a million times is counted once and multiplied.
private struct Pricing {
    let document: SVGScan
    let ids: [String: Int]
    let rules: [StyleRule]
    var memo: [Int: Tally] = [:]
    var visiting: Set<Int> = []
    /// Deeper than this, references and children are left out (librsvg refuses elements nested deeper than 256).
    static let maximumDepth = 600

    /// Elements that draw nothing where they stand, only where something refers to them.
    static let templates: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "filter", "pattern", "marker", "linearGradient", "radialGradient",
        "style", "script", "title", "desc", "metadata", "font", "font-face", "glyph",
    ]

    let canvas: Canvas

    init(document: SVGScan, canvas: Canvas) {
        self.document = document
        self.canvas = canvas
        var ids: [String: Int] = [:]
        for (index, node) in document.nodes.enumerated() {
            if let id = node.attributes["id"], ids[id] == nil { ids[id] = index }
        }
        self.ids = ids
        rules = document.styleSheets.flatMap(StyleRule.parse)
    }

    mutating func tally(_ index: Int) -> Tally {
        if let known = memo[index] { return known }
        // A reference cycle: librsvg refuses it rather than drawing it.
        guard visiting.count < Self.maximumDepth, visiting.insert(index).inserted else { return Tally() }
        defer { visiting.remove(index) }
        let node = document.nodes[index]
        var sum = Tally(elements: 1)
        let style = properties(of: node)
        if let filter = reference(style["filter"]) {
            let primitives = document.nodes[filter].children.filter { document.nodes[$0].name.hasPrefix("fe") }.count
            sum.filtered += 1
            sum.primitives += Double(primitives)
            let blurs = document.nodes[filter].children.filter { document.nodes[$0].name == "feGaussianBlur" }.count
            if blurs > 0, let region = region(of: node, filter: document.nodes[filter]) {
                sum.blurredPixels += Double(blurs) * region
            }
        }
        if let mask = reference(style["mask"]) {
            sum.masked += 1
            sum += tally(contentsOf: mask)
        }
        if let opacity = style["opacity"].flatMap(Self.number), opacity < 1 {
            sum.layered += 1
        }
        for property in ["fill", "stroke", "marker-start", "marker-mid", "marker-end", "clip-path"] {
            if let target = reference(style[property]), ["pattern", "marker", "clipPath"].contains(document.nodes[target].name) {
                sum += tally(contentsOf: target)
            }
        }
        if node.name == "use", let target = reference(node.attributes["href"]) {
            sum += tally(target)
        }
        for child in node.children where !Self.templates.contains(document.nodes[child].name) {
            sum += tally(child)
        }
        memo[index] = sum
        return sum
    }

    /// The pixels of the filter region of a shape whose size its attributes give (transforms left out), within
    /// the image: by default the shape's box and a tenth of it on every side.
    private func region(of node: SVGScan.Node, filter: SVGScan.Node) -> Double? {
        let a = node.attributes
        let box: (Double, Double)?
        switch node.name {
        case "rect", "image", "svg":
            box = canvas.length(a["width"], of: canvas.userWidth).flatMap { w in canvas.length(a["height"], of: canvas.userHeight).map { (w, $0) } }
        case "circle": box = canvas.length(a["r"], of: canvas.userWidth).map { (2 * $0, 2 * $0) }
        case "ellipse":
            box = canvas.length(a["rx"], of: canvas.userWidth).flatMap { rx in canvas.length(a["ry"], of: canvas.userHeight).map { (2 * rx, 2 * $0) } }
        default: box = nil
        }
        guard let (w, h) = box, w > 0, h > 0 else { return nil }
        var regionWidth = 1.2 * w, regionHeight = 1.2 * h
        let f = filter.attributes
        if f["filterUnits"] == "userSpaceOnUse" {
            regionWidth = canvas.length(f["width"], of: canvas.userWidth) ?? 1.2 * canvas.userWidth
            regionHeight = canvas.length(f["height"], of: canvas.userHeight) ?? 1.2 * canvas.userHeight
        } else {
            if let fw = canvas.length(f["width"], of: 1) { regionWidth = fw * w }
            if let fh = canvas.length(f["height"], of: 1) { regionHeight = fh * h }
        }
        let pixelsWide = min(max(regionWidth, 0) * canvas.width / canvas.userWidth, canvas.width)
        let pixelsHigh = min(max(regionHeight, 0) * canvas.height / canvas.userHeight, canvas.height)
        return pixelsWide * pixelsHigh
    }

    /// A template's contents as drawn where it is used (the template itself draws nothing).
    private mutating func tally(contentsOf index: Int) -> Tally {
        var sum = Tally()
        for child in document.nodes[index].children { sum += tally(child) }
        return sum
    }

    /// The node's presentation attributes, then its style sheet rules, then its `style` attribute, the last winning.
    private func properties(of node: SVGScan.Node) -> [String: String] {
        var style: [String: String] = [:]
        for name in ["filter", "mask", "opacity", "fill", "stroke", "marker-start", "marker-mid", "marker-end", "clip-path"] {
            if let value = node.attributes[name] { style[name] = value }
        }
        for rule in rules where rule.matches(node) {
            style.merge(rule.declarations) { $1 }
        }
        if let inline = node.attributes["style"] {
            style.merge(CSSText.declarations(inline)) { $1 }
        }
        return style
    }

    /// The element a `url(#id)` or `#id` names in this document.
    private func reference(_ value: String?) -> Int? {
        guard var text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.hasPrefix("url(") {
            text = String(text.dropFirst(4).prefix { $0 != ")" }).trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        }
        guard text.hasPrefix("#") else { return nil }
        return ids[String(text.dropFirst())]
    }

    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { return Double(trimmed.dropLast()).map { $0 / 100 } }
        return Double(trimmed)
    }
}

/// One rule of a style sheet that sets a property the model prices, with its selectors reduced to what they
/// say of the element itself (`g .glow rect` matches every `rect`): a rule may then match more than it does,
/// never less.
private struct StyleRule {
    /// Each selector as the type (nil: any), classes and id its last compound asks for.
    var selectors: [(type: String?, classes: [String], id: String?)]
    var declarations: [String: String]

    static let priced: Set<String> = ["filter", "mask", "opacity", "fill", "stroke", "marker-start", "marker-mid", "marker-end", "clip-path"]

    static func parse(_ sheet: String) -> [StyleRule] {
        var rules: [StyleRule] = []
        for (selectorText, body) in CSSText.rules(sheet) {
            let declarations = CSSText.declarations(body).filter { priced.contains($0.key) }
            guard !declarations.isEmpty else { continue }
            let selectors = selectorText.split(separator: ",").compactMap { selector -> (String?, [String], String?)? in
                let trimmed = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.hasPrefix("@") else { return nil }
                let last = trimmed.split { " >+~".contains($0) }.last.map(String.init) ?? ""
                // Pseudo-classes and attribute selectors narrow it further: left out, the rule matches more.
                let compound = last.prefix { $0 != ":" && $0 != "[" }
                var type: String?, classes: [String] = [], id: String?
                var current = "", kind: Character = " "
                func flush() {
                    switch kind {
                    case ".": classes.append(current)
                    case "#": id = current
                    default: if !current.isEmpty && current != "*" { type = current.split(separator: "|").last.map(String.init) }
                    }
                    current = ""
                }
                for character in compound {
                    if character == "." || character == "#" { flush(); kind = character } else { current.append(character) }
                }
                flush()
                return (type, classes, id)
            }
            rules.append(StyleRule(selectors: selectors, declarations: declarations))
        }
        return rules
    }

    func matches(_ node: SVGScan.Node) -> Bool {
        let classes = Set((node.attributes["class"] ?? "").split { $0 == " " || $0 == "\t" || $0 == "\n" }.map(String.init))
        return selectors.contains { selector in
            (selector.type == nil || selector.type == node.name) && (selector.id == nil || selector.id == node.attributes["id"])
                && selector.classes.allSatisfy(classes.contains)
        }
    }
}
