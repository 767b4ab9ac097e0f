import ChartModel
import Geometry

extension Drawing {
    /// The aspect grid: the header cells in the background colour, the aspect cells in the inner circle's (the
    /// aspect colours are chosen for contrast against it), thin lines, the bodies' glyphs in their chart's
    /// colour, each aspect's glyph in its colour and its orb in the labels'.
    package init(aspectGrid grid: AspectGrid, palette: Palette) {
        let strokes = StrokeWidths(size: grid.width)
        self.init(width: grid.width, height: grid.height, background: palette.imageBackground,
                  title: grid.language.terms.aspectGridTitle, description: ChartDescription.text(for: grid))
        if palette.backgroundIsTransparent && !grid.headers.isEmpty {
            // As the wheel's disc does: the glyphs keep the background they are measured against.
            layers.append(Self.boxes(grid.headers.map(\.box), fill: palette.background))
        }
        if !grid.cellArea.isEmpty { layers.append(Self.boxes(grid.cellArea, fill: palette.innerBackground)) }
        if !grid.lines.isEmpty { layers.append(Self.lines(grid.lines, Stroke(colour: palette.ink, width: strokes.hairline))) }

        var glyphs = GlyphBatch()
        for header in grid.headers {
            glyphs.add(header.glyph, colour: header.ring == .outer ? palette.outerPlanetIcon : palette.planetIcon, strokes: strokes, haloed: false)
        }
        for cell in grid.cells {
            glyphs.add(cell.glyph, colour: palette.aspect[cell.aspect.kind]!, strokes: strokes, haloed: false)
            if let orb = cell.orb { glyphs.add(orb, colour: palette.label, strokes: strokes, haloed: false) }
        }
        if !glyphs.isEmpty { layers.append(.glyphs(glyphs.paths, haloColour: palette.background, haloWidening: Self.haloWidening)) }
    }

    /// One path of boxes, filled.
    static func boxes(_ boxes: [Box], fill: Colour) -> Layer {
        var path = ShapePath(reserving: boxes.count * 5)
        for box in boxes { path.rectangle(box) }
        return .shape(Shape(path: path, fill: fill, stroke: nil))
    }
}
