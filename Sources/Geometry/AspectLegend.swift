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
        let (glyph, block) = cornerBlock(.bottomLeft, largest: 0.06 * rings.outer, width: 1 + Self.legendGap + Self.legendSample,
                                         height: Self.legendRowHeight * rowCount)
        var rows: [AspectLegend.Row] = [], blocks: [Box] = []
        for (index, column) in columns.enumerated() {
            let left = index == 0 ? block.x : size - block.x - block.width
            blocks.append(Box(x: left, y: block.y, width: block.width, height: block.height))
            for (row, kind) in column.enumerated() {
                let middle = block.y + (Double(row) + 0.5) * glyph * Self.legendRowHeight
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
