/// How thick the wheel's lines are at one image size, in pixels: they grow with the image within limits, so
/// that they look alike at every size and nothing gets thicker than it should on a large wheel.
struct StrokeWidths: Hashable {
    /// Ticks, cusps, circles and connectors.
    var hairline: Double
    /// The four angles' axes.
    var axisLine: Double
    /// Aspect chords; conjunctions' arcs are 1.6 times as wide.
    var aspectLine: Double

    /// For an image `size` pixels square.
    init(size: Double) {
        hairline = min(max(size / 600, 0.75), 1.4)
        axisLine = min(max((2 * size / 600).rounded(), 2), 3)
        aspectLine = min(max(1.2 * size / 600, 0.9), 2)
    }

    /// The dots where a body's chords meet the aspect circle.
    var aspectPointRadius: Double { aspectLine * 1.6 }

    /// Glyphs drawn `height` tall: small labels get a relatively heavier stroke so that they stay legible, and
    /// nothing gets thicker than 2.4 px however large the wheel.
    func glyph(height: Double) -> Double { min(max(0.6 + height * 0.04, 1.0), 2.4) }
}
