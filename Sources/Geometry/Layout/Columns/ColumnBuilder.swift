import ChartModel
import Foundation

/// Stacks the runs of a label column (a body's glyph, degrees, sign, minutes, retrograde mark) radially inward,
/// each run as close to the previous one as its axis-aligned box allows at that angle. Runs may be grouped into
/// blocks of lines set one under the other, each line runs side by side (a bi-wheel's `22°` `♑` over `49′℞`): a
/// block steps inward as one box.
struct ColumnBuilder {
    /// Glyphs and cell height of each run, outside in.
    let runs: [(glyphs: [Glyph], height: Double)]
    /// The lines of each block, outside in, each line the runs it sets side by side; a run is a block of one
    /// line of its own unless grouped.
    private let blocks: [[Range<Int>]]
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

    /// `blocks`: each block's lines, each line's runs, in order and covering every run once; nil, a block each.
    init(runs: [(glyphs: [Glyph], height: Double)], outerLimit: Double, gap: Double, polar: Polar, blocks: [[Range<Int>]]? = nil) {
        self.runs = runs
        self.blocks = blocks ?? runs.indices.map { [$0..<($0 + 1)] }
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
        for block in blocks {
            // The block's box: as wide as its widest line, as tall as its lines together, less what lines may share.
            var width = 0.0, height = 0.0
            for line in block {
                let (lineWidth, lineHeight) = extent(of: line, scale: scale)
                width = max(width, lineWidth)
                height += lineHeight
            }
            height -= Double(block.count - 1) * lineOverlap(block, scale: scale)
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
            var top = center.y - height / 2
            for line in block {
                // The line centred on the block, its runs side by side, each centred on the line's height.
                let (lineWidth, lineHeight) = extent(of: line, scale: scale)
                var left = center.x - lineWidth / 2
                for index in line {
                    let runHeight = sizes[index].height * scale, runWidth = sizes[index].advance * runHeight / Glyph.cellHeight  // as GlyphRun.width(of:height:) has it
                    visit(index, Box(x: left, y: top + (lineHeight - runHeight) / 2, width: runWidth, height: runHeight))
                    left += runWidth
                }
                top += lineHeight - lineOverlap(block, scale: scale)
            }
            previous = half
        }
    }

    /// A line's width (its runs side by side) and height (its tallest run's).
    private func extent(of line: Range<Int>, scale: Double) -> (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        for index in line {
            let runHeight = sizes[index].height * scale
            width += sizes[index].advance * runHeight / Glyph.cellHeight
            height = max(height, runHeight)
        }
        return (width, height)
    }

    /// How far the lines of a block reach into each other's cells: the glyphs keep an eighth of a cell clear at
    /// the top and the bottom, so lines set that close still read apart.
    private func lineOverlap(_ block: [Range<Int>], scale: Double) -> Double {
        guard block.count > 1 else { return 0 }
        return block.map { extent(of: $0, scale: scale).height }.min()! / 8
    }
}
