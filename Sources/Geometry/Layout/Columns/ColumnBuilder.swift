import ChartModel
import Foundation

/// Stacks the runs of a label column (a body's glyph, degrees, sign, minutes, retrograde mark) radially inward,
/// each run as close to the previous one as its axis-aligned box allows at that angle. Runs may be grouped into
/// blocks of lines set one under the other, each line runs side by side (a bi-wheel's `22°` `♑` over `49′℞`): a
/// block steps inward as one box.
struct ColumnBuilder {
    /// Glyphs and cell height of each run, outside in.
    var runs: [(glyphs: [Glyph], height: Double)] { storage.runs }
    /// Distance from the centre that no run may reach beyond.
    let outerLimit: Double
    let gap: Double
    let polar: Polar
    /// The least height a label (every run after the first) keeps as the column shrinks: a crowd's glyphs may
    /// get smaller than its degrees. Zero where labels shrink with their glyphs (below 400 px).
    let labelFloor: Double
    /// Which track the column is in, from the outer one (0): each track further in starts the column's own whole
    /// depth (and a gap) deeper, so that it passes under its neighbours in the tracks outside it.
    var track = 0
    /// The runs, their sizes and what the builder has worked out, in one object: placement copies builders often,
    /// and a copy then counts one reference rather than one an array.
    private let storage: Storage
    /// The same for every copy of this builder, and for no other: what it has worked out is shared by its copies.
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// `blocks`: each block's lines, each line's runs, in order and covering every run once; nil, a block each.
    init(runs: [(glyphs: [Glyph], height: Double)], outerLimit: Double, gap: Double, polar: Polar, labelFloor: Double = 0,
         blocks: [[Range<Int>]]? = nil) {
        let lines: [Range<Int>], blockLines: [Range<Int>]
        if let blocks {
            var start = 0
            blockLines = blocks.map { block in
                defer { start += block.count }
                return start..<(start + block.count)
            }
            lines = blocks.flatMap { $0 }
        } else {
            // A block of one line of one run each: a layout builds a few hundred columns, most of them so.
            lines = runs.indices.map { $0..<($0 + 1) }
            blockLines = lines
        }
        storage = Storage(runs: runs, lines: lines, blockLines: blockLines,
                          runSizes: runs.map { ($0.glyphs.reduce(0) { $0 + $1.advance }, $0.height) })
        self.outerLimit = outerLimit
        self.gap = gap
        self.polar = polar
        self.labelFloor = labelFloor
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
        forEachBox(direction: direction, sizes: sizes(scale: scale)) { index, box in
            visit(index, box)
            return true
        }
    }

    /// The sizes of the lines and blocks at one scale: the same at every angle, so a search over angles (a
    /// column's clear angle, a label's free place) works them out once.
    struct Sizes {
        fileprivate let scale: Double
        /// Each line's width (its runs side by side) and height (its tallest run's).
        fileprivate let lines: [(width: Double, height: Double)]
        /// Each block's width, height (less what its lines share) and the height its lines share.
        fileprivate let blocks: [(width: Double, height: Double, overlap: Double)]
    }

    func sizes(scale: Double) -> Sizes {
        if let known = storage.sizes.first(where: { $0.scale == scale }) { return known }
        let made = makeSizes(scale: scale)
        if storage.sizes.count == 4 { storage.sizes.removeFirst() }
        storage.sizes.append(made)
        return made
    }

    /// What `clearAngle` found for this column from `axis` with these settings, worked out by `find` the first time.
    /// `find` is given a guess: the angle found with the same settings at the nearest other scale, scaled to this one.
    func clearAngle(from axis: Double, after: Bool, scale: Double, clearance: Double, _ find: (Double?) -> Double) -> Double {
        let key = Storage.ClearAngle(axis: axis, after: after, scale: scale, clearance: clearance, track: track)
        var nearest: (key: Storage.ClearAngle, angle: Double)?
        for known in storage.clearAngles {
            if known.key == key { return known.angle }
            var other = known.key
            other.scale = scale
            guard other == key, nearest.map({ abs($0.key.scale - scale) > abs(known.key.scale - scale) }) ?? true else { continue }
            nearest = known
        }
        let found = find(nearest.map { $0.angle * scale / $0.key.scale })
        storage.clearAngles.append((key, found))
        return found
    }

    /// A builder's runs and what it has worked out; a layout is worked out on one thread.
    private final class Storage {
        let runs: [(glyphs: [Glyph], height: Double)]
        /// Every block's lines, outside in, each line the runs it sets side by side (a run is a block of one line
        /// of its own unless grouped), one after the other; and each block's lines in it. Flat, so that the boxes'
        /// hundreds of walks a placement makes copy and count no nested arrays.
        let lines: [Range<Int>]
        let blockLines: [Range<Int>]
        /// Each run's advances, summed once, and its height: placement asks for the boxes hundreds of times, and
        /// reading these plain numbers spares it the reference counting of the runs' glyph arrays.
        let runSizes: [(advance: Double, height: Double)]

        struct ClearAngle: Equatable {
            var axis, scale, clearance: Double
            var after: Bool
            var track: Int

            init(axis: Double, after: Bool, scale: Double, clearance: Double, track: Int) {
                (self.axis, self.after, self.scale, self.clearance, self.track) = (axis, after, scale, clearance, track)
            }
        }

        /// A placement walks the same column at a few scales hundreds of times.
        var sizes: [Sizes] = []
        /// The clear angles found, asked for again at each try: a few dozen at most, so a list beats hashing.
        var clearAngles: [(key: ClearAngle, angle: Double)] = []

        init(runs: [(glyphs: [Glyph], height: Double)], lines: [Range<Int>], blockLines: [Range<Int>], runSizes: [(advance: Double, height: Double)]) {
            (self.runs, self.lines, self.blockLines, self.runSizes) = (runs, lines, blockLines, runSizes)
        }
    }

    private func makeSizes(scale: Double) -> Sizes {
        let lineSizes = storage.lines.map { extent(of: $0, scale: scale) }
        let blockSizes = storage.blockLines.map { range -> (width: Double, height: Double, overlap: Double) in
            // The block's box: as wide as its widest line, as tall as its lines together, less what lines may share
            // (the glyphs keep an eighth of a cell clear at the top and the bottom, so lines set that close still
            // read apart).
            var width = 0.0, height = 0.0
            for line in range {
                width = max(width, lineSizes[line].width)
                height += lineSizes[line].height
            }
            let overlap = range.count > 1 ? lineSizes[range].map(\.height).min()! / 8 : 0
            height -= Double(range.count - 1) * overlap
            return (width, height, overlap)
        }
        return Sizes(scale: scale, lines: lineSizes, blocks: blockSizes)
    }

    /// Each run's box at `direction` with `sizes`, outside in, until `visit` says to stop (false).
    func forEachBox(direction: (cos: Double, sin: Double), sizes: Sizes, _ visit: (Int, Box) -> Bool) {
        let c = abs(direction.cos), s = abs(direction.sin)
        let scale = sizes.scale
        var radius = 0.0
        var previous: (halfWidth: Double, halfHeight: Double)?
        let lines = storage.lines, runSizes = storage.runSizes
        for (block, range) in storage.blockLines.enumerated() {
            let (width, height, overlap) = sizes.blocks[block]
            let half = (width / 2, height / 2)
            if let p = previous {
                // Step inward until the boxes clear each other along x or along y.
                let alongX = c > 1e-9 ? (p.halfWidth + half.0) / c : .infinity
                let alongY = s > 1e-9 ? (p.halfHeight + half.1) / s : .infinity
                radius -= min(alongX, alongY) + gap * scale
            } else {
                // The outer corner of the first box touches the limit.
                radius = outerLimit - (half.0 * c + half.1 * s)
                // Further than the placement's clearance between columns (a whole gap at any scale), so that an
                // inner column never counts as meeting the outer one above it.
                if track > 0 { radius -= Double(track) * (depth(c: c, s: s, sizes: sizes) + 1.1 * gap) }
            }
            let center = polar.point(radius: radius, direction: direction)
            var top = center.y - height / 2
            for line in range {
                // The line centred on the block, its runs side by side, each centred on the line's height.
                let (lineWidth, lineHeight) = sizes.lines[line]
                var left = center.x - lineWidth / 2
                for index in lines[line] {
                    let runHeight = scaledHeight(index, scale), runWidth = runSizes[index].advance * runHeight / Glyph.cellHeight  // as GlyphRun.width(of:height:) has it
                    guard visit(index, Box(x: left, y: top + (lineHeight - runHeight) / 2, width: runWidth, height: runHeight)) else { return }
                    left += runWidth
                }
                top += lineHeight - overlap
            }
            previous = half
        }
    }

    /// How deep the column reaches in from its limit at a direction of `|cos|` `c` and `|sin|` `s`: its blocks
    /// stepped in as `forEachBox` steps them.
    private func depth(c: Double, s: Double, sizes: Sizes) -> Double {
        var depth = 0.0, previous: (Double, Double)?
        for block in sizes.blocks {
            let half = (block.width / 2, block.height / 2)
            if let p = previous {
                let alongX = c > 1e-9 ? (p.0 + half.0) / c : .infinity, alongY = s > 1e-9 ? (p.1 + half.1) / s : .infinity
                depth += min(alongX, alongY) + gap * sizes.scale
            } else {
                depth = half.0 * c + half.1 * s
            }
            previous = half
        }
        return depth + (previous.map { $0.0 * c + $0.1 * s } ?? 0)
    }

    /// Run `index`'s height at `scale`: a label no lower than `labelFloor`, nor than its full height.
    private func scaledHeight(_ index: Int, _ scale: Double) -> Double {
        let height = storage.runSizes[index].height
        return index == 0 ? height * scale : max(height * scale, min(height, labelFloor))
    }

    /// A line's width (its runs side by side) and height (its tallest run's).
    private func extent(of line: Range<Int>, scale: Double) -> (width: Double, height: Double) {
        let runSizes = storage.runSizes
        var width = 0.0, height = 0.0
        for index in line {
            let runHeight = scaledHeight(index, scale)
            width += runSizes[index].advance * runHeight / Glyph.cellHeight
            height = max(height, runHeight)
        }
        return (width, height)
    }
}
