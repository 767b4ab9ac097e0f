import ChartModel
import Geometry

extension Drawing {
    /// The positions table: each block framed in thin lines, every second row in the inner circle's fill (as the
    /// grid's cells), the headings and names in the labels' colour (the outer chart's heading in its own), the body
    /// glyphs in their chart's colour, each sign's glyph in its element's, the degrees, ℞ and house numbers in the
    /// labels'.
    package init(positionsTable table: PositionsTable, palette: Palette) {
        let strokes = StrokeWidths(size: table.width)
        self.init(width: table.width, height: table.height, background: palette.imageBackground,
                  title: table.language.terms.positionsTableTitle, description: ChartDescription.text(for: table))
        if palette.backgroundIsTransparent {
            // As the grid's headers: the words keep the background they are measured against.
            layers.append(Self.boxes(table.blocks.map(\.frame), fill: palette.background))
        }
        let stripes = table.blocks.flatMap(\.stripes)
        if !stripes.isEmpty { layers.append(Self.boxes(stripes, fill: palette.innerBackground)) }
        layers.append(Self.lines(table.lines, Stroke(colour: palette.ink, width: strokes.hairline)))

        var glyphs = GlyphBatch()
        func add(_ run: GlyphRun, _ colour: Colour) { glyphs.add(run, colour: colour, strokes: strokes, haloed: false) }
        // Words in the stroke capitals, or in a font (a language the capitals lack letters of).
        func words(_ label: PositionsTable.Label, _ colour: Colour) {
            guard label.runs.isEmpty else { return label.runs.forEach { add($0, colour) } }
            texts.append(Text(text: label.text, baseline: label.baseline, fontSize: label.fontSize, anchor: label.centred ? .middle : .start,
                              colour: colour))
        }
        for block in table.blocks {
            words(block.heading, block.kind == .bodies(.outer) ? palette.outerPlanetIcon : palette.label)
            if let heading = block.houseHeading { words(heading, palette.label) }
            for row in block.bodies {
                add(row.glyph, row.ring == .outer ? palette.outerPlanetIcon : palette.planetIcon)
                words(row.name, palette.label)
                add(row.signGlyph, palette.signIcon[row.sign.element]!)
                add(row.degrees, palette.label)
                if let mark = row.retrogradeMark { add(mark, palette.label) }
                add(row.houseNumber, palette.label)
            }
            for row in block.cusps {
                add(row.label, palette.label)
                add(row.signGlyph, palette.signIcon[row.sign.element]!)
                add(row.degrees, palette.label)
            }
        }
        layers.append(.glyphs(glyphs.paths, haloColour: palette.background, haloWidening: Self.haloWidening))
    }
}
