import Foundation

/// Stacks the runs of a label column (a body's glyph, degrees, sign, minutes, retrograde mark) radially inward,
/// each run as close to the previous one as its axis-aligned box allows at that angle.
struct ColumnBuilder {
    /// Glyphs and cell height of each run, outside in.
    let runs: [(glyphs: [Glyph], height: Double)]
    /// Distance from the centre that no run may reach beyond.
    let outerLimit: Double
    let gap: Double
    let polar: Polar
    /// In the inner of two rows: the column starts one first-run's depth (and a gap) further in, so that it passes
    /// under its neighbours in the outer row.
    var innerRow = false
    /// Each run's advances, summed once, and its height: placement asks for the boxes hundreds of times, and
    /// reading these plain numbers spares it the reference counting of the runs' glyph arrays.
    private let sizes: [(advance: Double, height: Double)]

    init(runs: [(glyphs: [Glyph], height: Double)], outerLimit: Double, gap: Double, polar: Polar) {
        self.runs = runs
        self.outerLimit = outerLimit
        self.gap = gap
        self.polar = polar
        sizes = runs.map { ($0.glyphs.reduce(0) { $0 + $1.advance }, $0.height) }
    }

    func column(at angle: Double, scale: Double = 1) -> WheelLayout.Column {
        var placed: [GlyphRun] = []
        placed.reserveCapacity(runs.count)
        forEachBox(at: angle, scale: scale) { index, box in
            placed.append(GlyphRun(runs[index].glyphs, origin: Point(x: box.x, y: box.y), height: box.height))
        }
        return WheelLayout.Column(angle: angle, runs: placed)
    }

    /// The column whose runs fill `boxes`, as `forEachBox` found them at `angle`.
    func column(at angle: Double, in boxes: ArraySlice<Box>) -> WheelLayout.Column {
        WheelLayout.Column(angle: angle, runs: zip(runs, boxes).map { run, box in
            GlyphRun(run.glyphs, origin: Point(x: box.x, y: box.y), height: box.height)
        })
    }

    /// The box of each run at `angle`, outside in, without building the runs.
    func forEachBox(at angle: Double, scale: Double = 1, _ visit: (Int, Box) -> Void) {
        forEachBox(direction: polar.direction(angle), scale: scale, visit)
    }

    /// The same for a direction already known: placement asks for the boxes of two columns at one angle.
    func forEachBox(direction: (cos: Double, sin: Double), scale: Double = 1, _ visit: (Int, Box) -> Void) {
        let c = abs(direction.cos), s = abs(direction.sin)
        var radius = 0.0
        var previous: (halfWidth: Double, halfHeight: Double)?
        for (index, size) in sizes.enumerated() {
            let height = size.height * scale
            let width = size.advance * height / Glyph.cellHeight  // as GlyphRun.width(of:height:) has it
            let half = (width / 2, height / 2)
            if let p = previous {
                // Step inward until the boxes clear each other along x or along y.
                let alongX = c > 1e-9 ? (p.halfWidth + half.0) / c : .infinity
                let alongY = s > 1e-9 ? (p.halfHeight + half.1) / s : .infinity
                radius -= min(alongX, alongY) + gap * scale
            } else {
                // The outer corner of the first box touches the limit.
                radius = outerLimit - (half.0 * c + half.1 * s)
                if innerRow { radius -= 2 * (half.0 * c + half.1 * s) + gap * scale }
            }
            let center = polar.point(radius: radius, direction: direction)
            visit(index, Box(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height))
            previous = half
        }
    }
}
