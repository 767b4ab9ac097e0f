import Foundation

/// Stacks the runs of a label column (a body's glyph, degrees, sign, minutes, retrograde mark) radially inward,
/// each run as close to the previous one as its axis-aligned box allows at that angle.
struct ColumnBuilder {
    /// Glyphs and cell height of each run, outside in.
    var runs: [(glyphs: [Glyph], height: Double)]
    /// Distance from the centre that no run may reach beyond.
    var outerLimit: Double
    var gap: Double
    var polar: Polar

    func column(at angle: Double, scale: Double = 1) -> WheelLayout.Column {
        let a = angle * .pi / 180
        let c = abs(cos(a)), s = abs(sin(a))
        var placed: [GlyphRun] = []
        var radius = 0.0
        var previous: (halfWidth: Double, halfHeight: Double)?
        for run in runs {
            let height = run.height * scale
            let half = (GlyphRun.width(of: run.glyphs, height: height) / 2, height / 2)
            if let p = previous {
                // Step inward until the boxes clear each other along x or along y.
                let alongX = c > 1e-9 ? (p.halfWidth + half.0) / c : .infinity
                let alongY = s > 1e-9 ? (p.halfHeight + half.1) / s : .infinity
                radius -= min(alongX, alongY) + gap * scale
            } else {
                // The outer corner of the first box touches the limit.
                radius = outerLimit - (half.0 * c + half.1 * s)
            }
            placed.append(GlyphRun(run.glyphs, center: polar.point(radius: radius, angle: angle), height: height))
            previous = half
        }
        return WheelLayout.Column(angle: angle, runs: placed)
    }
}
