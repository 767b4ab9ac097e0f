/// How thick the wheel's lines are at one image size, in pixels: in proportion to the image, so that a 2,000 px
/// wheel is as crisp as a 600 px one, with floors that keep a small wheel's lines visible.
struct StrokeWidths: Hashable {
    /// Ticks, cusps, circles and connectors.
    var hairline: Double
    /// The four angles' axes.
    var axisLine: Double
    /// Aspect chords; conjunctions' arcs are 1.6 times as wide.
    var aspectLine: Double

    /// How many times larger than a 600 px wheel, at least 1: glyph strokes above 600 px are a 600 px wheel's, scaled.
    private var scale: Double

    /// For an image `size` pixels square.
    init(size: Double) {
        scale = max(1, size / 600)
        hairline = max(size / 600, 0.75)
        // Whole pixels, so that the horizontal and vertical axes stay sharp.
        axisLine = max((2 * size / 600).rounded(), 2)
        aspectLine = max(1.2 * size / 600, 0.9)
    }

    /// The dots where a body's chords meet the aspect circle.
    var aspectPointRadius: Double { aspectLine * 1.6 }

    /// Glyphs drawn `height` tall: small labels get a relatively heavier stroke so that they stay legible, as a
    /// 600 px wheel draws them; a larger wheel draws the same glyph with the same stroke, scaled.
    func glyph(height: Double) -> Double { max(0.6 + height / scale * 0.04, 1.0) * scale }
}
