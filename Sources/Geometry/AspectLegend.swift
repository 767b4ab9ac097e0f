import ChartModel
import Foundation

/// A key to the aspect lines in the image's two bottom corners, which the round wheel leaves free, so that the
/// wheel keeps its size: for each aspect kind drawn, its glyph, a sample of its line (colour and dash) and its
/// name. The names are text in a font, like the title; the glyphs are the wheel's own. In the bottom-left
/// corner a row reads glyph, line, name; in the bottom-right one it is mirrored (name, line, glyph), so that
/// the glyphs line up along the image's edges and the names, of different widths, face the wheel. The rows
/// nearer the bottom have more room beside the wheel, so each row is fitted on its own.
public struct AspectLegend: Sendable, Hashable {
    /// One kind of aspect in the legend: its glyph, a sample of its line, its name.
    public struct Row: Sendable, Hashable {
        /// The aspect's kind.
        public var kind: AspectKind
        /// The aspect's glyph, at the image's edge.
        public var glyph: GlyphRun
        /// Where the sample of the aspect's line is drawn, left to right.
        public var sample: Segment
        /// The aspect's name (`Square`): its baseline starts at `baseline` in the left-hand corner and ends there
        /// in the right-hand one. `nil` when the names would be too small to read (a small image with many kinds).
        public var name: Name?
        /// The row's glyph, sample and name.
        public var box: Box
    }

    /// An aspect's name, in a font, facing the wheel.
    public struct Name: Sendable, Hashable {
        /// The name (`Square`).
        public var text: String
        /// Where its baseline starts, or ends (`endsAtBaseline`).
        public var baseline: Point
        /// The font size in user units.
        public var fontSize: Double
        /// True when the text ends at `baseline` (the right-hand corner), false when it starts there.
        public var endsAtBaseline: Bool
        /// The text's estimated box, as wide as it is in DejaVu Sans or narrower, from 1.0 font sizes above the
        /// baseline (Devanagari's vowel signs rise to 0.97) to 0.36 below (its ु and ृ reach 0.31).
        public var box: Box
    }

    /// Every kind of aspect drawn on the wheel, one a row.
    public var rows: [Row]
    /// The bottom-left block, then the bottom-right one when there are rows for it: each holds its rows.
    public var blocks: [Box]
}

extension WheelLayout {
    /// The legend of the aspect kinds this wheel draws, in `AspectKind` order, the first half in the bottom-left
    /// corner and the rest in the bottom-right one; `nil` when no aspect is drawn. The glyphs are as large as
    /// the corners allow, at most 6% of the wheel's radius, and every row keeps clear of the wheel by the image's
    /// margin. The names come with the glyphs while their font size stays at `legendSmallestName` or above;
    /// smaller, the legend goes without them, at the size it has without them.
    public var aspectLegend: AspectLegend? {
        let drawn = Set(aspects.map(\.kind))
        let kinds = AspectKind.allCases.filter(drawn.contains)
        guard !kinds.isEmpty else { return nil }
        let columns = [Array(kinds.prefix((kinds.count + 1) / 2)), Array(kinds.dropFirst((kinds.count + 1) / 2))].filter { !$0.isEmpty }
        if let named = legend(columns, names: true), (named.rows.first?.name?.fontSize ?? 0) >= Self.legendSmallestName {
            return named
        }
        return legend(columns, names: false)
    }

    /// The legend at the largest glyph height that fits, shrunk in 5% steps; `nil` when none does.
    private func legend(_ columns: [[AspectKind]], names: Bool) -> AspectLegend? {
        let (side, bottom) = cornerMargins
        let clearance = min(side, bottom)
        let rowCount = Double(columns[0].count)
        // Per unit of glyph height: the glyph, the gap, the sample, and a gap before the name.
        let fixed = 1 + Self.legendGap + Self.legendSample + (names ? Self.legendGap : 0)
        var glyph = 0.06 * rings.outer
        for _ in 0..<80 {
            let legend = legendRows(columns, glyph: glyph, fixed: fixed, names: names, side: side, bottom: bottom, rowCount: rowCount)
            if legend.rows.allSatisfy({ $0.box.distanceRange(from: center).lowerBound >= rings.outer + clearance }) {
                return legend
            }
            glyph *= 0.95
        }
        return nil
    }

    private func legendRows(_ columns: [[AspectKind]], glyph: Double, fixed: Double, names: Bool, side: Double, bottom: Double,
                            rowCount: Double) -> AspectLegend {
        let top = size - bottom - Self.legendRowHeight * rowCount * glyph
        let fontSize = glyph * Self.legendNameSize
        var rows: [AspectLegend.Row] = [], blocks: [Box] = []
        for (index, column) in columns.enumerated() {
            let isLeft = index == 0
            var block: Box?
            for (row, kind) in column.enumerated() {
                let middle = top + (Double(row) + 0.5) * glyph * Self.legendRowHeight
                let text = language.terms.name(of: kind)
                let nameWidth = names ? Self.estimatedWidth(of: text) * fontSize : 0
                let width = fixed * glyph + nameWidth
                let left = isLeft ? side : size - side - width
                // Left to right: glyph, gap, sample, gap, name; mirrored on the right.
                let glyphX = isLeft ? left : left + width - glyph
                let sampleStart = isLeft ? left + glyph * (1 + Self.legendGap) : glyphX - glyph * (Self.legendGap + Self.legendSample)
                let sample = Segment(from: Point(x: sampleStart, y: middle), to: Point(x: sampleStart + glyph * Self.legendSample, y: middle))
                let box = Box(x: left, y: middle - glyph / 2, width: width, height: glyph)
                var name: AspectLegend.Name?
                if names {
                    // The font's ascent is about 0.73 of its size for capitals, its descent 0.24: centred on the row.
                    let baseline = Point(x: isLeft ? left + width - nameWidth : left, y: middle + 0.36 * fontSize)
                    name = AspectLegend.Name(text: text, baseline: isLeft ? baseline : Point(x: left + nameWidth, y: baseline.y),
                                             fontSize: fontSize, endsAtBaseline: !isLeft,
                                             box: Box(x: baseline.x, y: baseline.y - 1.0 * fontSize, width: nameWidth, height: 1.36 * fontSize))
                }
                rows.append(AspectLegend.Row(kind: kind, glyph: GlyphRun([Glyph.forAspect(kind)], origin: Point(x: glyphX, y: middle - glyph / 2), height: glyph),
                                             sample: sample, name: name, box: box))
                block = block.map { $0.union(box) } ?? box
            }
            if let block { blocks.append(block) }
        }
        return AspectLegend(rows: rows, blocks: blocks)
    }

    /// Proportions of a legend row, in glyph heights: row pitch, gap between glyph, sample and name, sample
    /// length (long enough to show a whole period of the longest dash pattern at the usual line widths), and
    /// the names' font size.
    static let legendRowHeight = 1.4
    static let legendGap = 0.5
    static let legendSample = 2.8
    static let legendNameSize = 0.8
    /// The smallest font size the names are drawn at, in pixels.
    public static let legendSmallestName = 7.0
}

extension Box {
    /// The smallest box holding both.
    func union(_ other: Box) -> Box {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Box(x: x0, y: y0, width: max(x + width, other.x + other.width) - x0, height: max(y + height, other.y + other.height) - y0)
    }
}
