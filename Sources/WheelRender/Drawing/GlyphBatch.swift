import Geometry

/// Glyph runs gathered into one path per colour, stroke width and halo: a few long paths draw far faster than
/// one per glyph, in librsvg and in cairo.
struct GlyphBatch {
    /// In the order first used; a wheel has a handful, so a list beats hashing strokes.
    private(set) var paths: [(path: ShapePath, stroke: Drawing.Stroke, haloed: Bool)] = []
    /// What tells the paths apart, beside them: glyph strokes all have round caps and joins and no dashes.
    private var keys: [(colour: Colour, width: Double, haloed: Bool)] = []

    var isEmpty: Bool { paths.isEmpty }

    mutating func add(_ run: GlyphRun, colour: Colour, strokes: StrokeWidths, haloed: Bool) {
        let stroke = Drawing.Stroke(colour: colour, width: strokes.glyph(height: run.height), cap: .round, join: .round)
        let index = keys.firstIndex { $0 == (colour, stroke.width, haloed) } ?? keys.count
        if index == keys.count {
            keys.append((colour, stroke.width, haloed))
            paths.append((ShapePath(), stroke, haloed))
        }
        for (glyph, origin) in run.cells {
            paths[index].path.append(GlyphOutline.all[glyph.ordinal], origin: origin, unit: run.unit)
        }
    }
}
