import ChartModel
import Foundation
import Geometry

/// Writes a `Drawing` as SVG 1.1 with presentation attributes only: no CSS, no scripts, no external references,
/// and no `<text>` but what the drawing sets in a font (a title, a legend's names). Elements come in a fixed
/// order, so equal input gives equal bytes.
package enum DrawingSVG {
    /// The fonts of every `<text>`, first that has the glyph: DejaVu Sans first, whose widths the layout's estimate
    /// of a text's width assumes; then Devanagari (Hindi) and Simplified Chinese fonts, Debian's (fonts-gargi,
    /// fonts-wqy-microhei) and the common platforms' (Android, macOS and iOS, Windows); then any sans-serif. Names in
    /// single quotes, as CSS writes them, inside the attribute's double quotes.
    static let fontFamily = "'DejaVu Sans', 'Gargi', 'Lohit Devanagari', 'Noto Sans Devanagari', 'Kohinoor Devanagari', 'Nirmala UI', "
        + "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif"

    /// The SVG document's bytes, UTF-8. Every id starts with `drawing.idPrefix`, else with `chart-` and a hash of
    /// the document, so that two different figures on one web page never share an id.
    package static func write(_ drawing: Drawing) -> Data {
        var svg = SVGText(reserving: 64_000)
        let width = drawing.width.svg, height = drawing.height.svg
        svg.add(markup: """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="
            """)
        svg.addIDPrefix(); svg.add("title "); svg.addIDPrefix(); svg.add("desc\">\n<title id=\""); svg.addIDPrefix(); svg.add("title\">")
        svg.add(escaped: drawing.title)
        svg.add("</title>\n<desc id=\""); svg.addIDPrefix(); svg.add("desc\">")
        svg.add(escaped: drawing.description)
        svg.add("</desc>\n")
        if let background = drawing.background {
            svg.add(markup: "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(background.hex)\"/>\n")
        }
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
                        svg.add("<path id=\""); svg.addIDPrefix(); svg.add("glyph-"); svg.add(whole: haloed[index]!); svg.add("\" d=\"")
                        svg.add(pathData: entry.path); svg.add("\"/>\n")
                    }
                    svg.add("</defs>\n<g fill=\"none\">")
                    for (index, entry) in paths.enumerated() where entry.haloed {
                        svg.add("<use xlink:href=\"#"); svg.addIDPrefix(); svg.add("glyph-"); svg.add(whole: haloed[index]!); svg.add("\"")
                        svg.add(stroke: entry.stroke.halo(haloColour, widening: widening))
                        svg.add("/>")
                    }
                    svg.add("</g>\n")
                }
                svg.add("<g fill=\"none\">")
                for (index, entry) in paths.enumerated() {
                    if let id = haloed[index] {
                        svg.add("<use xlink:href=\"#"); svg.addIDPrefix(); svg.add("glyph-"); svg.add(whole: id); svg.add("\"")
                    } else {
                        svg.add("<path d=\""); svg.add(pathData: entry.path); svg.add("\"")
                    }
                    svg.add(stroke: entry.stroke)
                    svg.add("/>")
                }
                svg.add("</g>\n")
            }
        }
        for text in drawing.texts {
            let anchor = switch text.anchor {
            case .start: ""
            case .middle: " text-anchor=\"middle\""
            case .end: " text-anchor=\"end\""
            }
            svg.add(markup: "<text x=\"\(text.baseline.x.svg)\" y=\"\(text.baseline.y.svg)\" font-family=\"\(fontFamily)\" font-size=\"\(text.fontSize.svg)\"\(anchor) fill=\"\(text.colour.hex)\">\(SVGText.escaped(text.text))</text>\n")
        }
        svg.add("</svg>\n")
        return svg.data(idPrefix: drawing.idPrefix)
    }
}

private extension SVGText {
    /// Path data in SVG's shortest plain form: each element's letter, then its numbers one space apart (an
    /// arc's rotation and flags, ` 0 1 0 `, between its radii and its end point), and no space before the
    /// next letter.
    mutating func add(pathData path: ShapePath) {
        var numbers = path.hundredths.makeIterator()
        for verb in path.verbs {
            let letter = switch verb {
            case .move: UInt8(ascii: "M")
            case .line: UInt8(ascii: "L")
            case .cubic: UInt8(ascii: "C")
            case .quadratic: UInt8(ascii: "Q")
            case .arc: UInt8(ascii: "A")
            case .close: UInt8(ascii: "Z")
            }
            add(byte: letter)
            for index in 0..<verb.numberCount {
                if index > 0 { add(byte: UInt8(ascii: " ")) }
                if index == 2, case .arc(let large, let sweep) = verb {
                    add("0 "); add(large ? "1 " : "0 "); add(sweep ? "1 " : "0 ")
                }
                add(hundredths: numbers.next()!)
            }
        }
    }

    /// ` fill="…"` and the stroke's attributes; SVG's defaults (butt caps, miter joins) are left out.
    mutating func add(paint fill: Colour?, _ stroke: Drawing.Stroke?) {
        add(" fill=\"")
        if let fill { add(colour: fill) } else { add("none") }
        add("\"")
        if let stroke { add(stroke: stroke) }
    }

    mutating func add(stroke: Drawing.Stroke) {
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
