import ChartModel
import Geometry

/// Writes a `WheelDrawing` as SVG 1.1 with presentation attributes only: no CSS, no scripts, no external
/// references, and no `<text>` but the optional title. Elements come in a fixed order, so equal input gives
/// equal bytes.
enum WheelSVG {
    static func document(_ layout: WheelLayout, palette: Palette) -> String {
        write(WheelDrawing(layout, palette: palette), description: ChartDescription.text(for: layout))
    }

    static func write(_ drawing: WheelDrawing, description: String) -> String {
        var svg = SVGText(reserving: 64_000)
        let size = drawing.size.svg
        svg.add("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)" role="img" aria-labelledby="wheel-title wheel-desc">
            <title id="wheel-title">\(SVGText.escaped(drawing.title?.title.text ?? "Natal chart wheel"))</title>
            <desc id="wheel-desc">\(SVGText.escaped(description))</desc>

            """)
        svg.add("<rect width=\"\(size)\" height=\"\(size)\" fill=\"\(drawing.background.hex)\"/>\n")
        var ids = 0
        for layer in drawing.layers {
            switch layer {
            case .shape(let shape):
                svg.add("<path d=\""); svg.add(pathData: shape.path); svg.add("\"")
                svg.add(paint: shape.fill, shape.stroke)
                svg.add("/>\n")
            case .circle(let center, let radius, let fill, let stroke):
                svg.add("<circle cx=\""); svg.add(number: center.x); svg.add("\" cy=\""); svg.add(number: center.y)
                svg.add("\" r=\""); svg.add(number: radius); svg.add("\"")
                svg.add(paint: fill, stroke)
                svg.add("/>\n")
            case .glyphs(let paths, let haloColour, let widening):
                // A haloed path's data is written once, in <defs>, and drawn twice through <use>.
                var haloed: [Int: Int] = [:]
                for (index, entry) in paths.enumerated() where entry.haloed {
                    haloed[index] = ids
                    ids += 1
                }
                if !haloed.isEmpty {
                    svg.add("<defs>\n")
                    for (index, entry) in paths.enumerated() where entry.haloed {
                        svg.add("<path id=\"glyphs-\(haloed[index]!)\" d=\""); svg.add(pathData: entry.path); svg.add("\"/>\n")
                    }
                    svg.add("</defs>\n<g fill=\"none\">")
                    for (index, entry) in paths.enumerated() where entry.haloed {
                        svg.add("<use xlink:href=\"#glyphs-\(haloed[index]!)\"")
                        svg.add(stroke: entry.stroke.halo(haloColour, widening: widening))
                        svg.add("/>")
                    }
                    svg.add("</g>\n")
                }
                svg.add("<g fill=\"none\">")
                for (index, entry) in paths.enumerated() {
                    if let id = haloed[index] {
                        svg.add("<use xlink:href=\"#glyphs-\(id)\"")
                    } else {
                        svg.add("<path d=\""); svg.add(pathData: entry.path); svg.add("\"")
                    }
                    svg.add(stroke: entry.stroke)
                    svg.add("/>")
                }
                svg.add("</g>\n")
            }
        }
        if let (title, colour) = drawing.title {
            svg.add("<text x=\"\(title.baseline.x.svg)\" y=\"\(title.baseline.y.svg)\" font-family=\"sans-serif\" font-size=\"\(title.fontSize.svg)\" text-anchor=\"middle\" fill=\"\(colour.hex)\">\(SVGText.escaped(title.text))</text>\n")
        }
        svg.add("</svg>\n")
        return svg.text
    }
}

private extension SVGText {
    mutating func add(pathData path: ShapePath) {
        func point(_ p: Point) {
            add(number: p.x)
            add(byte: 0x20)
            add(number: p.y)
        }
        for element in path.elements {
            switch element {
            case .move(let p): add(byte: UInt8(ascii: "M")); point(p)
            case .line(let p): add(byte: UInt8(ascii: "L")); point(p)
            case .cubic(let c1, let c2, let p):
                add(byte: UInt8(ascii: "C")); point(c1); add(byte: 0x20); point(c2); add(byte: 0x20); point(p)
            case .quadratic(let c, let p): add(byte: UInt8(ascii: "Q")); point(c); add(byte: 0x20); point(p)
            case .arc(let rx, let ry, let large, let sweep, let p):
                add(byte: UInt8(ascii: "A")); add(number: rx); add(byte: 0x20); add(number: ry)
                add(large ? " 0 1 " : " 0 0 "); add(sweep ? "1 " : "0 "); point(p)
            case .close: add(byte: UInt8(ascii: "Z"))
            }
        }
    }

    /// ` fill="…"` and the stroke's attributes; SVG's defaults (butt caps, miter joins) are left out.
    mutating func add(paint fill: Colour?, _ stroke: WheelDrawing.Stroke?) {
        add(" fill=\"")
        if let fill { add(colour: fill) } else { add("none") }
        add("\"")
        if let stroke { add(stroke: stroke) }
    }

    mutating func add(stroke: WheelDrawing.Stroke) {
        add(" stroke=\""); add(colour: stroke.colour); add("\" stroke-width=\""); add(number: stroke.width); add("\"")
        if stroke.cap == .round { add(" stroke-linecap=\"round\"") }
        if stroke.join == .round { add(" stroke-linejoin=\"round\"") }
        if !stroke.dashes.isEmpty {
            add(" stroke-dasharray=\"")
            for (index, dash) in stroke.dashes.enumerated() {
                if index > 0 { add(byte: 0x20) }
                add(number: dash)
            }
            add("\"")
        }
    }
}
