import ChartModel
import Geometry

/// Serialises a `WheelLayout` as SVG 1.1 with presentation attributes only: no CSS, no scripts, no external
/// references, and no `<text>` but the optional title. Elements come in a fixed order, so equal input gives
/// equal bytes.
enum WheelSVG {
    static func document(_ layout: WheelLayout, palette: Palette) -> String {
        var svg = SVGText(reserving: 120_000)
        let size = layout.size.svg
        let c = layout.center, rings = layout.rings, detail = layout.detail
        svg.add("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)" role="img" aria-labelledby="wheel-title wheel-desc">
            <title id="wheel-title">\(SVGText.escaped(layout.title?.text ?? "Natal chart wheel"))</title>
            <desc id="wheel-desc">\(SVGText.escaped(ChartDescription.text(for: layout)))</desc>

            """)
        svg.add("<rect width=\"\(size)\" height=\"\(size)\" fill=\"\(palette.background.hex)\"/>\n")

        // Zodiac band: one annular sector per sign, filled by element.
        svg.add("<g stroke=\"\(palette.ink.hex)\" stroke-width=\"\(detail.hairline.svg)\">\n")
        for sector in layout.signs {
            svg.add("<path d=\"\(annularSector(center: c, outer: rings.outer, inner: rings.zodiacInner, from: sector.startAngle, to: sector.endAngle))\" fill=\"\(palette.signBackground[sector.sign.element]!.hex)\"/>\n")
        }
        svg.add("</g>\n")
        svg.add("<circle cx=\"\(c.x.svg)\" cy=\"\(c.y.svg)\" r=\"\(rings.aspect.svg)\" fill=\"\(palette.innerBackground.hex)\" stroke=\"\(palette.ink.hex)\" stroke-width=\"\(detail.hairline.svg)\"/>\n")

        // Degree scale and house cusps, each one path.
        svg.add("<path d=\"\(segments(layout.ticks.map(\.line)))\" fill=\"none\" stroke=\"\(palette.ink.hex)\" stroke-width=\"\(detail.hairline.svg)\"/>\n")
        let plainCusps = layout.cusps.filter { !$0.isAngle }.map(\.line)
        if !plainCusps.isEmpty {
            svg.add("<path d=\"\(segments(plainCusps))\" fill=\"none\" stroke=\"\(palette.cuspLine.hex)\" stroke-width=\"\(detail.hairline.svg)\"/>\n")
        }
        svg.add("<path d=\"\(segments(layout.angles.map(\.axis)))\" fill=\"none\" stroke=\"\(palette.axisLine.hex)\" stroke-width=\"\(detail.axisLine.svg)\"/>\n")

        // Aspects: grouped by kind, each with its colour and dash pattern.
        for kind in AspectKind.allCases {
            let chords = layout.aspects.filter { $0.kind == kind }
            guard !chords.isEmpty else { continue }
            let width = detail.aspectLine * (kind == .conjunction ? 1.6 : 1)
            let dash = AspectStyle.dashes(kind).map { ($0 * width).svg }.joined(separator: " ")
            svg.add("<path d=\"")
            for chord in chords {
                if let arc = chord.arc {
                    svg.add(arcPath(center: c, arc: arc))
                } else {
                    svg.add("M\(chord.from.x.svg) \(chord.from.y.svg)L\(chord.to.x.svg) \(chord.to.y.svg)")
                }
            }
            svg.add("\" fill=\"none\" stroke=\"\(palette.aspect[kind]!.hex)\" stroke-width=\"\(width.svg)\" stroke-linecap=\"round\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>\n")
        }
        // Where each body's chords meet the circle.
        svg.add("<g fill=\"\(palette.planetIcon.hex)\">")
        for body in layout.bodies {
            svg.add("<circle cx=\"\(body.aspectPoint.x.svg)\" cy=\"\(body.aspectPoint.y.svg)\" r=\"\((detail.aspectLine * 1.6).svg)\"/>")
        }
        svg.add("</g>\n")

        // Body markers at the true longitudes, and connectors to displaced glyphs.
        svg.add("<path d=\"\(segments(layout.bodies.map(\.marker)))\" fill=\"none\" stroke=\"\(palette.planetIcon.hex)\" stroke-width=\"\((detail.hairline * 1.6).svg)\"/>\n")
        let connectors = layout.bodies.compactMap(\.connector)
        if !connectors.isEmpty {
            var d = ""
            for connector in connectors {
                let lane = arcPath(center: c, arc: connector.lane)
                d += "M\(connector.start.x.svg) \(connector.start.y.svg)L" + lane.dropFirst() + "L\(connector.end.x.svg) \(connector.end.y.svg)"
            }
            svg.add("<path d=\"\(d)\" fill=\"none\" stroke=\"\(palette.label.hex)\" stroke-width=\"\(detail.hairline.svg)\" stroke-linejoin=\"round\"/>\n")
        }

        // Glyphs. Sign glyphs in the band are coloured by element; the columns' runs get a halo in the
        // background colour first so that cusp lines passing behind them never cut through a glyph.
        var band = GlyphBatch()
        for sector in layout.signs { band.add(sector.glyph, colour: palette.signIcon[sector.sign.element]!, detail: detail) }
        var columns = GlyphBatch()
        for mark in layout.angles {
            for (index, run) in mark.column.runs.enumerated() { columns.add(run, colour: colour(ofRun: index, in: mark.column, firstIs: palette.axisLine, palette: palette), detail: detail) }
        }
        for body in layout.bodies {
            for (index, run) in body.column.runs.enumerated() { columns.add(run, colour: colour(ofRun: index, in: body.column, firstIs: palette.planetIcon, palette: palette), detail: detail) }
        }
        var houses = GlyphBatch()
        for number in layout.houseNumbers { houses.add(number.run, colour: palette.label, detail: detail) }
        var ids = 0
        svg.add(band.svg(detail: detail, halo: nil, ids: &ids))
        svg.add(columns.svg(detail: detail, halo: palette.background, ids: &ids))
        svg.add(houses.svg(detail: detail, halo: nil, ids: &ids))

        if let title = layout.title {
            svg.add("<text x=\"\(title.baseline.x.svg)\" y=\"\(title.baseline.y.svg)\" font-family=\"sans-serif\" font-size=\"\(title.fontSize.svg)\" text-anchor=\"middle\" fill=\"\(palette.label.hex)\">\(SVGText.escaped(title.text))</text>\n")
        }
        svg.add("</svg>\n")
        return svg.text
    }

    /// Sign glyphs inside a column take their element's colour; the first run is the body or angle itself.
    private static func colour(ofRun index: Int, in column: WheelLayout.Column, firstIs first: Colour, palette: Palette) -> Colour {
        if index == 0 { return first }
        let run = column.runs[index]
        if run.glyphs.count == 1, let sign = ZodiacSign.allCases.first(where: { Glyph.forSign($0) == run.glyphs[0] }) {
            return palette.signIcon[sign.element]!
        }
        return palette.label
    }

    private static func segments(_ lines: [Segment]) -> String {
        var d = SVGText(reserving: lines.count * 28)
        for line in lines {
            d.add(byte: UInt8(ascii: "M")); d.add(number: line.from.x); d.add(byte: 0x20); d.add(number: line.from.y)
            d.add(byte: UInt8(ascii: "L")); d.add(number: line.to.x); d.add(byte: 0x20); d.add(number: line.to.y)
        }
        return d.text
    }

    private static func annularSector(center c: Point, outer: Double, inner: Double, from start: Double, to end: Double) -> String {
        let polar = Polar(center: c)
        let o1 = polar.point(radius: outer, angle: start), o2 = polar.point(radius: outer, angle: end)
        let i1 = polar.point(radius: inner, angle: end), i2 = polar.point(radius: inner, angle: start)
        // Counter-clockwise on screen is sweep-flag 0 in SVG's y-down coordinates.
        return "M\(o1.x.svg) \(o1.y.svg)A\(outer.svg) \(outer.svg) 0 0 0 \(o2.x.svg) \(o2.y.svg)L\(i1.x.svg) \(i1.y.svg)A\(inner.svg) \(inner.svg) 0 0 1 \(i2.x.svg) \(i2.y.svg)Z"
    }

    /// An arc from `startAngle` to `endAngle`, counter-clockwise when the end is the larger angle.
    private static func arcPath(center c: Point, arc: WheelLayout.Arc) -> String {
        let polar = Polar(center: c)
        let a = polar.point(radius: arc.radius, angle: arc.startAngle), b = polar.point(radius: arc.radius, angle: arc.endAngle)
        let sweep = arc.endAngle - arc.startAngle
        // Screen counter-clockwise is SVG sweep-flag 0, as y points down.
        return "M\(a.x.svg) \(a.y.svg)A\(arc.radius.svg) \(arc.radius.svg) 0 \(abs(sweep) > 180 ? 1 : 0) \(sweep > 0 ? 0 : 1) \(b.x.svg) \(b.y.svg)"
    }
}

/// Glyph runs gathered by colour and stroke width, each group drawn as one path of plain path data.
private struct GlyphBatch {
    private struct Key: Hashable { var colour: Colour; var stroke: Double }
    private var order: [Key] = []
    private var paths: [Key: SVGText] = [:]

    mutating func add(_ run: GlyphRun, colour: Colour, detail: WheelLayout.Detail) {
        let key = Key(colour: colour, stroke: (detail.glyphStrokePixels(forHeight: run.height) * 100).rounded() / 100)
        if paths[key] == nil { order.append(key); paths[key] = SVGText(reserving: 4096) }
        for cell in run.cells {
            GlyphOutline.all[cell.glyph]!.append(to: &paths[key]!, origin: cell.origin, unit: run.unit)
        }
    }

    /// The groups' paths; with a `halo`, each is drawn first wider in the halo colour, so that lines passing
    /// behind a glyph stop short of it. The path data is written once and drawn twice through `<use>`.
    func svg(detail: WheelLayout.Detail, halo: Colour?, ids: inout Int) -> String {
        var out = SVGText(reserving: 32_768)
        let style = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        guard let halo else {
            for key in order {
                out.add("<path d=\""); out.add(paths[key]!); out.add("\" \(style) stroke=\"\(key.colour.hex)\" stroke-width=\"\(key.stroke.svg)\"/>\n")
            }
            return out.text
        }
        let first = ids
        out.add("<defs>\n")
        for (index, key) in order.enumerated() {
            out.add("<path id=\"glyphs-\(first + index)\" d=\""); out.add(paths[key]!); out.add("\"/>\n")
        }
        out.add("</defs>\n<g \(style) stroke=\"\(halo.hex)\">")
        for (index, key) in order.enumerated() {
            // About 3.5 px wider than the glyph's stroke.
            out.add("<use xlink:href=\"#glyphs-\(first + index)\" stroke-width=\"\((key.stroke + 3.5).svg)\"/>")
        }
        out.add("</g>\n<g \(style)>")
        for (index, key) in order.enumerated() {
            out.add("<use xlink:href=\"#glyphs-\(first + index)\" stroke=\"\(key.colour.hex)\" stroke-width=\"\(key.stroke.svg)\"/>")
        }
        out.add("</g>\n")
        ids += order.count
        return out.text
    }
}
