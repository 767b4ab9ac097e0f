import ChartModel
import Geometry

extension Drawing {
    /// The element and modality table: each element's row tinted with its signs' background and named in its
    /// signs' colour, thin lines, each cell's sign small in its corner, the planets' glyphs and the counts.
    package init(elementTable table: ElementTable, palette: Palette) {
        let strokes = StrokeWidths(size: table.width)
        self.init(width: table.width, height: table.height, background: palette.imageBackground,
                  title: table.language.terms.elementTableTitle, description: ChartDescription.text(for: table))
        if palette.backgroundIsTransparent {
            // The header row and the totals row keep the background their words are measured against.
            let rows = [table.columnHeaders.map(\.box), [table.totalsHeader.box, table.grandTotal.box], table.columnTotals.map(\.box)]
            layers.append(Self.boxes(rows.flatMap { $0 }, fill: palette.background))
        }
        for row in table.rows {
            layers.append(Self.boxes([row.box], fill: palette.signBackground[row.element]!))
        }
        layers.append(Self.lines(table.lines, Stroke(colour: palette.ink, width: strokes.hairline)))

        var glyphs = GlyphBatch()
        func add(_ run: GlyphRun, _ colour: Colour) { glyphs.add(run, colour: colour, strokes: strokes, haloed: false) }
        // The headers in the stroke capitals, or in a font (a language the capitals lack letters of).
        func head(_ label: ElementTable.Label, _ colour: Colour) {
            if let run = label.run {
                add(run, colour)
            } else {
                texts.append(Text(text: label.text, baseline: label.baseline, fontSize: label.fontSize, anchor: .middle, colour: colour))
            }
        }
        for header in table.columnHeaders + [table.totalsHeader] { head(header, palette.label) }
        for row in table.rows {
            head(row.header, palette.signIcon[row.element]!)
            for cell in row.cells {
                add(cell.signGlyph, palette.signIcon[row.element]!)
                for glyph in cell.glyphs { add(glyph, palette.planetIcon) }
                add(cell.count.run, palette.label)
            }
            add(row.total.run, palette.label)
        }
        for count in table.columnTotals + [table.grandTotal] { add(count.run, palette.label) }
        layers.append(.glyphs(glyphs.paths, haloColour: palette.background, haloWidening: Self.haloWidening))
    }
}
