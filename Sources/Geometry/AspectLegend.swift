import ChartModel

/// A key to the aspect lines in the image's two bottom corners, which the round wheel leaves free, so that the
/// wheel keeps its size: for each aspect kind drawn, its glyph and a sample of its line, colour and dash.
/// Font-free like the wheel: the glyphs are the wheel's own, which have no letters to spell the names with.
public struct AspectLegend: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var kind: AspectKind
        public var glyph: GlyphRun
        /// Where the sample of the aspect's line is drawn, left to right.
        public var sample: Segment
    }

    public var rows: [Row]
    /// The bottom-left block, then the bottom-right one when there are rows for it: each holds its rows.
    public var blocks: [Box]
}

extension WheelLayout {
    /// The legend of the aspect kinds this wheel draws, in `AspectKind` order, the first half in the bottom-left
    /// corner and the rest in the bottom-right one; `nil` when no aspect is drawn. The glyphs are as large as
    /// the corners allow, at most 6% of the wheel's radius: each block keeps clear of the wheel by the image's
    /// margin.
    public var aspectLegend: AspectLegend? {
        let drawn = Set(aspects.map(\.kind))
        let kinds = AspectKind.allCases.filter(drawn.contains)
        guard !kinds.isEmpty else { return nil }
        let columns = [Array(kinds.prefix((kinds.count + 1) / 2)), Array(kinds.dropFirst((kinds.count + 1) / 2))].filter { !$0.isEmpty }
        let rowCount = Double(columns[0].count)
        // The margins the wheel leaves at the side and at the bottom (a title moves the wheel down, not up).
        let side = min(center.x, size - center.x) - rings.outer, bottom = size - center.y - rings.outer
        let clearance = min(side, bottom)
        func blockSize(glyph: Double) -> (width: Double, height: Double) {
            (glyph * (1 + Self.legendGap + Self.legendSample), glyph * Self.legendRowHeight * rowCount)
        }
        // Shrunk in 5% steps until the block's corner nearest the centre is clear of the wheel.
        var glyph = 0.06 * rings.outer
        for _ in 0..<80 {
            let block = blockSize(glyph: glyph)
            // The bottom-left block; the right one is its mirror image.
            let box = Box(x: side, y: size - bottom - block.height, width: block.width, height: block.height)
            if box.distanceRange(from: center).lowerBound >= rings.outer + clearance { break }
            glyph *= 0.95
        }
        let block = blockSize(glyph: glyph)
        var rows: [AspectLegend.Row] = [], blocks: [Box] = []
        for (index, column) in columns.enumerated() {
            let left = index == 0 ? side : size - side - block.width
            let top = size - bottom - block.height
            blocks.append(Box(x: left, y: top, width: block.width, height: block.height))
            for (row, kind) in column.enumerated() {
                let middle = top + (Double(row) + 0.5) * glyph * Self.legendRowHeight
                let run = GlyphRun([Glyph.forAspect(kind)], origin: Point(x: left, y: middle - glyph / 2), height: glyph)
                let sampleStart = left + glyph * (1 + Self.legendGap)
                rows.append(AspectLegend.Row(kind: kind, glyph: run,
                                             sample: Segment(from: Point(x: sampleStart, y: middle), to: Point(x: sampleStart + glyph * Self.legendSample, y: middle))))
            }
        }
        return AspectLegend(rows: rows, blocks: blocks)
    }

    /// Proportions of a legend row, in glyph heights: row pitch, gap between glyph and sample, sample length
    /// (long enough to show a whole period of the longest dash pattern at the usual line widths).
    static let legendRowHeight = 1.4
    static let legendGap = 0.5
    static let legendSample = 2.8
}
