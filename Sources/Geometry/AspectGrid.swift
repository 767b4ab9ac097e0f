import ChartModel

/// The aspect grid, resolved to absolute user units: one chart's aspects as the classic triangle, or two charts'
/// cross-aspects as a square, each aspect its kind's glyph over its orb in a cell.
///
/// One chart: a row and a column per body in the chart's order, the bodies' glyphs on the diagonal (a staircase),
/// and below it the cell of row `r` and column `c` (`r > c`) holds the aspect between bodies `r` and `c`. Two
/// charts: the inner chart's bodies down the left, the outer chart's along the top, and each cell the
/// cross-aspect of its row's and column's bodies. The aspects are `DrawnCharts`' own, so the grid and the wheel
/// never disagree.
///
/// Contract: the image is `width` × `height` units, y down; every box lies inside it; each run lies inside its
/// cell, and no run meets another.
public struct AspectGrid: Sendable, Hashable {
    /// One aspect as the grid reads it, with the chart of each end (a single chart's are all `inner`).
    public struct Entry: Sendable, Hashable {
        /// The body of its row's end (the inner chart's, for two charts).
        public var first: BodyID
        /// The chart of the first body.
        public var firstRing: WheelLayout.Ring
        /// The body of the other end (the outer chart's, for two charts).
        public var second: BodyID
        /// The chart of the second body.
        public var secondRing: WheelLayout.Ring
        /// The aspect's kind.
        public var kind: AspectKind
        /// How far from exact, in degrees; `nil` when the source gave none.
        public var orb: Double?
    }

    /// A body's glyph: on the diagonal of one chart's grid; down the left (inner) and along the top (outer) of two.
    public struct Header: Sendable, Hashable {
        /// The body.
        public var body: BodyID
        /// The chart it belongs to; the outer chart's glyphs take its colour.
        public var ring: WheelLayout.Ring
        /// The header's cell.
        public var box: Box
        /// The body's glyph, centred in the cell.
        public var glyph: GlyphRun
    }

    /// A cell that holds an aspect: the aspect's glyph over its orb.
    public struct Cell: Sendable, Hashable {
        /// Indices into `rows` and `columns`.
        public var row: Int
        /// Index into `columns`.
        public var column: Int
        /// The cell.
        public var box: Box
        /// The aspect it shows.
        public var aspect: Entry
        /// The aspect's glyph, in its colour.
        public var glyph: GlyphRun
        /// The orb, `2°13′` or, where the cells have no room for minutes, `2°`; nil when they have room for
        /// neither, or the aspect came without one.
        public var orb: GlyphRun?
    }

    /// How much of the orbs the cells show: a grid shows them all alike.
    public enum OrbDetail: String, Sendable, Hashable {
        case degreesAndMinutes, degrees, none
    }

    /// The grid's width in user units: the size asked for.
    public var width: Double
    /// The grid's height: as wide for one chart; for two, as tall as the rows need, at most as tall as wide.
    public var height: Double
    /// The side of a cell.
    public var cellSize: Double
    /// The inner chart's bodies, top to bottom.
    public var rows: [BodyID]
    /// The columns' bodies, left to right: the same as `rows` for one chart, the outer chart's for two.
    public var columns: [BodyID]
    /// True for two charts.
    public var isCrossGrid: Bool
    /// The bodies' glyphs: the diagonal of one chart's grid, the left and top of two.
    public var headers: [Header]
    /// The cells that hold an aspect; the others stay empty. A pair given two aspects by the source shows the
    /// closer one (the smaller orb); `aspects` lists both.
    public var cells: [Cell]
    /// Boxes that together cover every cell that may hold an aspect, one a row: what is filled behind them.
    public var cellArea: [Box]
    /// The grid's lines: the edges of every cell and header.
    public var lines: [Segment]
    /// How much of the orbs the cells have room for.
    public var orbDetail: OrbDetail
    /// Every aspect, in `DrawnCharts`' order (the wheel's): what the grid shows, to read out in words.
    public var aspects: [Entry]
    /// The language its title and description are in.
    public var language: Language

    /// The grid of `charts` (one chart's own aspects, or with an outer chart the cross-aspects) `width` pixels
    /// wide, brought into `LayoutOptions.chartSizeRange` as a wheel's size is. One chart's grid is square; two
    /// charts' is as tall as its rows need, never taller than wide.
    public init(charts: DrawnCharts, width: Double) {
        let width = LayoutOptions.drawableWidth(width)
        let inner = charts.inner.bodies.map(\.id)
        let outer = charts.outer?.bodies.map(\.id)
        self.width = width
        language = charts.language
        rows = inner
        columns = outer ?? inner
        isCrossGrid = outer != nil
        aspects = outer == nil
            ? charts.innerAspects.map { Entry(first: $0.first, firstRing: .inner, second: $0.second, secondRing: .inner, kind: $0.kind, orb: $0.orb) }
            : charts.crossAspects.map { Entry(first: $0.inner, firstRing: .inner, second: $0.outer, secondRing: .outer, kind: $0.kind, orb: $0.orb) }

        // Whole pixels, the lines on half pixels, so that a 1-pixel hairline (600 px) is crisp.
        let margin = max(4, (width * Self.margin).rounded())
        // A cross grid adds a row and a column of headers.
        let gridRows = isCrossGrid ? inner.count + 1 : max(inner.count, 1)
        let gridColumns = isCrossGrid ? columns.count + 1 : gridRows
        let c = Self.cellSize(width: width, across: max(gridRows, gridColumns))
        cellSize = c
        height = isCrossGrid ? Double(gridRows) * c + 2 * margin : width
        let left = ((width - Double(gridColumns) * c) / 2).rounded(.down) + 0.5
        let top = ((height - Double(gridRows) * c) / 2).rounded(.down) + 0.5
        func box(_ gridRow: Int, _ gridColumn: Int) -> Box {
            Box(x: left + Double(gridColumn) * c, y: top + Double(gridRow) * c, width: c, height: c)
        }

        let bodyGlyph = min(max(Self.bodyGlyph * c, Self.smallestBodyGlyph), 0.9 * c)
        func header(_ body: BodyID, _ ring: WheelLayout.Ring, _ at: Box) -> Header {
            Header(body: body, ring: ring, box: at, glyph: GlyphRun([Glyph.forBody(body)], center: at.center, height: bodyGlyph))
        }
        if isCrossGrid {
            headers = inner.enumerated().map { header($1, .inner, box($0 + 1, 0)) }
                + columns.enumerated().map { header($1, .outer, box(0, $0 + 1)) }
            cellArea = inner.isEmpty || columns.isEmpty ? []
                : [Box(x: left + c, y: top + c, width: Double(columns.count) * c, height: Double(inner.count) * c)]
        } else {
            headers = inner.enumerated().map { header($1, .inner, box($0, $0)) }
            cellArea = inner.indices.dropFirst().map { Box(x: left, y: top + Double($0) * c, width: Double($0) * c, height: c) }
        }
        lines = headers.isEmpty ? [] : Self.lines(rows: gridRows, columns: gridColumns, left: left, top: top, cell: c, staircase: !isCrossGrid)

        let shown = Self.cells(Self.onePerCell(aspects, rows: inner, columns: columns, cross: isCrossGrid), cell: c, cross: isCrossGrid, box: box)
        orbDetail = shown.detail
        cells = shown.cells
    }

    /// The side of a cell in a grid `width` wide that is `across` cells on its longer side: whole pixels,
    /// within the margins.
    static func cellSize(width: Double, across: Int) -> Double {
        let margin = max(4, (width * Self.margin).rounded())
        return ((width - 2 * margin) / Double(max(across, 1))).rounded(.down)
    }

    /// How many cells `charts`' grid has on its longer side: a row and a column a body, and a cross grid's
    /// headers besides.
    static func cellsAcross(_ charts: DrawnCharts) -> Int {
        let inner = charts.inner.bodies.count
        guard let outer = charts.outer?.bodies.count else { return max(inner, 1) }
        return max(inner, outer) + 1
    }

    /// The narrowest whole width whose cells are at least `cell` on a side, for `across` cells.
    static func width(forCell cell: Double, across: Int) -> Double {
        var width = (cell * Double(max(across, 1)) / (1 - 2 * Self.margin)).rounded(.down)
        while cellSize(width: width, across: across) < cell { width += 1 }
        return width
    }

    /// An aspect in the cell at `row` and `column` (indices into `rows` and `columns`).
    private struct PlacedAspect {
        let row: Int
        let column: Int
        var entry: Entry
    }

    /// One aspect a cell, the closest where a source gave a pair two, in the order of rows then columns; a
    /// single chart's below the diagonal.
    private static func onePerCell(_ aspects: [Entry], rows inner: [BodyID], columns: [BodyID], cross: Bool) -> [PlacedAspect] {
        var placed: [PlacedAspect] = []
        for entry in aspects {
            guard let a = inner.firstIndex(of: entry.first), let b = columns.firstIndex(of: entry.second) else { continue }
            let (row, column) = cross ? (a, b) : (max(a, b), min(a, b))
            guard let kept = placed.firstIndex(where: { $0.row == row && $0.column == column }) else {
                placed.append(PlacedAspect(row: row, column: column, entry: entry))
                continue
            }
            if abs(entry.orb ?? .infinity) < abs(placed[kept].entry.orb ?? .infinity) { placed[kept].entry = entry }
        }
        placed.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        return placed
    }

    /// The cells as drawn, and how much of the orbs they show.
    private struct ShownCells {
        let cells: [Cell]
        let detail: OrbDetail
    }

    /// The cells of `placed`, each `c` on a side at `box(row, column)` of the grid: the aspect's glyph over its orb,
    /// the orbs showing as much as the widest one fits.
    private static func cells(_ placed: [PlacedAspect], cell c: Double, cross: Bool, box: (Int, Int) -> Box) -> ShownCells {
        let orbHeight = max(Self.orbHeight * c, Self.smallestOrb)
        let gap = Self.orbGap * c, inset = Self.inset * c
        // Where the orbs' floor leaves the glyph less than its share of a small cell, the glyph gives way, to its own floor.
        let aspectGlyph = min(max(Self.aspectGlyph * c, Self.smallestAspectGlyph), max(c - 2 * inset - gap - orbHeight, Self.smallestAspectGlyph), 0.8 * c)
        let orbs = placed.compactMap(\.entry.orb)
        // The most the cells show for which the widest orb fits, under the glyph, inside the cell.
        let fits = c - 2 * inset >= aspectGlyph + gap + orbHeight - 1e-9
        let detail = [OrbDetail.degreesAndMinutes, .degrees].first { detail in
            fits && orbs.allSatisfy { GlyphRun.width(of: Self.orbGlyphs($0, detail), height: orbHeight) <= c - 2 * inset }
        } ?? .none
        let cells = placed.map { aspect in
            let (row, column, entry) = (aspect.row, aspect.column, aspect.entry)
            let at = cross ? box(row + 1, column + 1) : box(row, column)
            let orb = detail == .none ? nil : entry.orb
            let block = aspectGlyph + (orb == nil ? 0 : gap + orbHeight)
            let blockTop = at.y + (c - block) / 2
            let glyph = GlyphRun([Glyph.forAspect(entry.kind)], center: Point(x: at.center.x, y: blockTop + aspectGlyph / 2), height: aspectGlyph)
            let orbRun = orb.map {
                GlyphRun(Self.orbGlyphs($0, detail), center: Point(x: at.center.x, y: blockTop + aspectGlyph + gap + orbHeight / 2), height: orbHeight)
            }
            return Cell(row: row, column: column, box: at, aspect: entry, glyph: glyph, orb: orbRun)
        }
        return ShownCells(cells: cells, detail: detail)
    }

    /// `chart`'s grid, or with `outer` the two charts', under `options` (excluded bodies, aspects and orbs), as
    /// wide as `options.chartSize`.
    public init(chart: NatalChart, outer: OuterChart? = nil, options: LayoutOptions) {
        self.init(charts: DrawnCharts(chart: chart, outer: outer, options: options), width: Double(options.drawable().chartSize))
    }

    /// Proportions, as fractions of the image's width (the margin) or of a cell's side: at 600 px a twelve-body
    /// grid has 48 px cells, the aspect glyph 24 px over its orb's 10.5 px digits. The floors, the wheel's own,
    /// keep 250 px grids legible: there the orbs lose their minutes, and from thirteen bodies up the orbs go (the
    /// description still reads them).
    static let margin = 0.02
    static let bodyGlyph = 0.6, smallestBodyGlyph = 13.0
    static let aspectGlyph = 0.5, smallestAspectGlyph = 9.0
    static let orbHeight = 0.22, smallestOrb = 8.5
    static let orbGap = 0.04, inset = 0.04

    /// `2°13′`, `−1°30′` or `2°`, rounded down as everywhere else.
    static func orbGlyphs(_ orb: Double, _ detail: OrbDetail) -> [Glyph] {
        let value = DegreesMinutes(orb)
        var glyphs: [Glyph] = value.isNegative ? [.minus] : []
        glyphs += GlyphRun.number(value.degrees, mark: .degree, digits: 1)
        if detail == .degreesAndMinutes { glyphs += GlyphRun.number(value.minutes, mark: .minute) }
        return glyphs
    }

    /// The edges of every cell. A staircase: row `r` holds columns 0 to `r`, so the line under it (and over row
    /// `r + 1`) runs to column `r + 1`'s right edge, and column `j`'s left edge starts at row `j - 1`. A cross
    /// grid's empty top-left corner has no edges of its own.
    private static func lines(rows: Int, columns: Int, left: Double, top: Double, cell c: Double, staircase: Bool) -> [Segment] {
        var lines: [Segment] = []
        for k in 0...rows {
            let y = top + Double(k) * c
            let (from, to) = staircase ? (0, min(k, rows - 1) + 1) : (k == 0 ? 1 : 0, columns)
            lines.append(Segment(from: Point(x: left + Double(from) * c, y: y), to: Point(x: left + Double(to) * c, y: y)))
        }
        for j in 0...columns {
            let x = left + Double(j) * c
            let from = staircase ? max(j - 1, 0) : (j == 0 ? 1 : 0)
            lines.append(Segment(from: Point(x: x, y: top + Double(from) * c), to: Point(x: x, y: top + Double(rows) * c)))
        }
        return lines
    }
}
