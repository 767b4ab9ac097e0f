import ChartModel
import Geometry

extension Drawing {
    /// About 3.5 px wider than the glyph's stroke.
    static let haloWidening = 3.5

    /// `legend`: with the aspect legend in the bottom corners; `houseSystem`: that name in the top-left one (with
    /// the system it replaced, when the layout's chart says one did: `Porphyry instead of Placidus`);
    /// `zodiac` (a sidereal chart's, `Sidereal, Lahiri`): said first in the description and, with
    /// `zodiacInCorner`, beside the house system. The cusps' degrees are drawn when the layout has them. Every
    /// word is in the layout's language; a house system or zodiac it does not know is shown as given.
    package init(wheel layout: WheelLayout, palette: Palette, legend: Bool = false, houseSystem: String? = nil,
                 zodiac: String? = nil, zodiacInCorner: Bool = true) {
        let terms = layout.language.terms
        let zodiac = zodiac.map(terms.zodiac(chartLabel:))
        let system = houseSystem.map { terms.houseSystem($0, used: layout.houseSystem, requested: layout.houseSystemRequested) }
        let name = [system, zodiacInCorner ? zodiac : nil].compactMap { $0 }.joined(separator: " · ")
        let c = layout.center, rings = layout.rings, strokes = StrokeWidths(size: layout.size)
        let hairline = Stroke(colour: palette.ink, width: strokes.hairline)
        self.init(width: layout.size, height: layout.size, background: palette.imageBackground,
                  title: layout.title?.text ?? (layout.rings.divider == nil ? terms.natalWheelTitle : terms.biWheelTitle),
                  description: terms.sentences((zodiac.map { [terms.headed(terms.zodiacHeading, $0)] } ?? []) + [ChartDescription.text(for: layout)]))
        // Text in a font, in the order the SVG has always written it: the title, the legend's names, the house system.
        if layout.title != nil {
            texts += layout.titleLines.map { Text(text: $0.text, baseline: $0.baseline, fontSize: $0.fontSize, anchor: .middle, colour: palette.label) }
        }
        if palette.backgroundIsTransparent {
            // The disc keeps the background: glyph halos are painted in it, and glyph contrast is measured on it.
            layers.append(.circle(center: c.snapped, radius: rings.outer.snapped, fill: palette.background, stroke: nil))
        }

        // Zodiac band: one annular sector per sign, filled by element.
        for sector in layout.signs {
            let path = ShapePath.annularSector(center: c, outer: rings.outer, inner: rings.zodiacInner, from: sector.startAngle, to: sector.endAngle)
            layers.append(.shape(Shape(path: path, fill: palette.signBackground[sector.sign.element]!, stroke: hairline)))
        }
        if let divider = rings.divider {
            // A bi-wheel's outer ring, a shade off the background, and the circle that parts it from the inner one.
            layers.append(.circle(center: c.snapped, radius: rings.zodiacInner.snapped, fill: palette.outerRing, stroke: nil))
            layers.append(.circle(center: c.snapped, radius: divider.snapped, fill: palette.background, stroke: hairline))
        }
        if let band = rings.cuspBand {
            // Where the cusp lines start, around the band of cusp labels.
            layers.append(.circle(center: c.snapped, radius: band.snapped, fill: nil, stroke: hairline))
        }
        layers.append(.circle(center: c.snapped, radius: rings.aspect.snapped, fill: palette.innerBackground, stroke: hairline))

        // Degree scale, house cusps and the axes, each one path.
        layers.append(Self.lines(layout.ticks.map(\.line), hairline))
        let plainCusps = layout.cusps.filter { !$0.isAngle }.map(\.line)
        if !plainCusps.isEmpty { layers.append(Self.lines(plainCusps, Stroke(colour: palette.cuspLine, width: strokes.hairline))) }
        layers.append(Self.lines(layout.angles.map(\.axis), Stroke(colour: palette.axisLine, width: strokes.axisLine)))

        // Aspects: one path a kind, each with its colour and dash pattern.
        for kind in AspectKind.allCases {
            let chords = layout.aspects.filter { $0.kind == kind }
            guard !chords.isEmpty else { continue }
            var path = ShapePath(reserving: chords.count * 2)
            for chord in chords {
                if let arc = chord.arc {
                    path.move(Polar(center: c).point(radius: arc.radius, angle: arc.startAngle))
                    path.arc(center: c, radius: arc.radius, from: arc.startAngle, to: arc.endAngle)
                } else {
                    path.segment(Segment(from: chord.from, to: chord.to))
                }
            }
            layers.append(.shape(Shape(path: path, stroke: Self.aspectStroke(kind, strokes: strokes, palette: palette))))
        }
        // Where each body's chords meet the circle.
        func icon(_ body: WheelLayout.BodyPlacement) -> Colour { body.ring == .outer ? palette.outerPlanetIcon : palette.planetIcon }
        for body in layout.bodies {
            layers.append(.circle(center: body.aspectPoint.snapped, radius: strokes.aspectPointRadius.snapped, fill: icon(body), stroke: nil))
        }

        // Body markers at the true longitudes, and connectors to displaced glyphs.
        for ring in [WheelLayout.Ring.inner, .outer] {
            let markers = layout.bodies.filter { $0.ring == ring }.map(\.marker)
            guard !markers.isEmpty else { continue }
            layers.append(Self.lines(markers, Stroke(colour: ring == .outer ? palette.outerPlanetIcon : palette.planetIcon, width: strokes.hairline * 1.6)))
        }
        let connectors = layout.bodies.compactMap(\.connector)
        if !connectors.isEmpty {
            var path = ShapePath(reserving: connectors.count * 4)
            for connector in connectors {
                path.move(connector.start)
                path.line(Polar(center: c).point(radius: connector.lane.radius, angle: connector.lane.startAngle))
                path.arc(center: c, radius: connector.lane.radius, from: connector.lane.startAngle, to: connector.lane.endAngle)
                path.line(connector.end)
            }
            layers.append(.shape(Shape(path: path, stroke: Stroke(colour: palette.label, width: strokes.hairline, join: .round))))
        }

        // Glyphs. Sign glyphs in the band are coloured by element; the columns' runs get a halo in the
        // background colour where a line passes behind them, so that it never cuts through a glyph.
        var band = GlyphBatch()
        for sector in layout.signs { band.add(sector.glyph, colour: palette.signIcon[sector.sign.element]!, strokes: strokes, haloed: false) }
        var columns = GlyphBatch()
        let linesBehind = LinesBehindColumns(layout, strokes: strokes)
        let columnRuns = layout.angles.map { ($0.column, palette.axisLine) } + layout.bodies.map { ($0.column, icon($0)) }
        for (column, first) in columnRuns {
            for (index, run) in column.runs.enumerated() {
                let colour = Self.colour(ofRun: index, in: column, firstIs: first, palette: palette)
                let stroke = strokes.glyph(height: run.height)
                let haloed = linesBehind.come(near: run.box, within: (stroke + Self.haloWidening) / 2 + 2)
                columns.add(run, colour: colour, strokes: strokes, haloed: haloed)
            }
        }
        var houses = GlyphBatch()
        for number in layout.houseNumbers { houses.add(number.run, colour: palette.label, strokes: strokes, haloed: false) }
        for label in layout.cuspLabels {
            houses.add(label.degrees, colour: palette.label, strokes: strokes, haloed: false)
            houses.add(label.sign, colour: palette.signIcon[ZodiacSign(longitude: label.longitude).element]!, strokes: strokes, haloed: false)
        }
        var key = GlyphBatch()
        if legend, let aspectLegend = layout.aspectLegend {
            for row in aspectLegend.rows {
                var path = ShapePath(reserving: 2)
                path.segment(row.sample)
                layers.append(.shape(Shape(path: path, stroke: Self.aspectStroke(row.kind, strokes: strokes, palette: palette))))
                key.add(row.glyph, colour: palette.label, strokes: strokes, haloed: false)
            }
            texts += aspectLegend.rows.compactMap(\.name).map {
                Text(text: $0.text, baseline: $0.baseline, fontSize: $0.fontSize, anchor: $0.endsAtBaseline ? .end : .start, colour: palette.label)
            }
        }
        for batch in [band, columns, houses, key] where !batch.isEmpty {
            layers.append(.glyphs(batch.paths, haloColour: palette.background, haloWidening: Self.haloWidening))
        }
        if !name.isEmpty {
            let label = layout.houseSystemLabel(name)
            texts.append(Text(text: label.text, baseline: label.baseline, fontSize: label.fontSize, anchor: .start, colour: palette.label))
        }
    }

    /// An aspect's line: its colour and dash pattern; conjunctions, drawn as arcs, wider.
    private static func aspectStroke(_ kind: AspectKind, strokes: StrokeWidths, palette: Palette) -> Stroke {
        let width = strokes.aspectLine * (kind == .conjunction ? 1.6 : 1)
        return Stroke(colour: palette.aspect[kind]!, width: width, cap: .round, dashes: AspectStyle.dashes(kind).map { $0 * width })
    }

    static func lines(_ segments: [Segment], _ stroke: Stroke) -> Layer {
        var path = ShapePath(reserving: segments.count * 2)
        path.append(segments)
        return .shape(Shape(path: path, stroke: stroke))
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
}
