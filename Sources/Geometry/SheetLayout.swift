import ChartModel
import Foundation

/// A printable page: the header (the title, or when and where the chart is for; the house system; a bi-wheel's
/// outer chart), the wheel (a bi-wheel with a second chart), and below it the aspect grid beside a column of the
/// positions table over the element table, on A4's proportions (1 : √2, portrait).
///
/// Contract: the page is `width` × `height` units, y down. Each part is laid out at its own size (the wheel
/// `wheel.size` square, the grid and the tables their widths) and placed with its top-left corner at its origin,
/// on whole units; the parts' frames lie inside the page margins and meet neither each other nor the header.
/// With nothing to say (no title, no birth, no house system, no outer chart's birth) there is no header and no
/// band for one.
public struct SheetLayout: Sendable {
    /// The page's width in user units, 800…4000.
    public var width: Double
    /// The page's height: the width × √2 (A4's proportions), rounded.
    public var height: Double
    /// The header, centred at the top, in a font: first the title (or the birth's date, time, zone and place)
    /// in one or two large lines, then in smaller ones the house system and a bi-wheel's outer chart. Empty when
    /// there is nothing to say.
    public var headerLines: [WheelLayout.TitleLine]
    /// The wheel or bi-wheel, laid out at its size on the page.
    public var wheel: WheelLayout
    /// The wheel's top-left corner on the page.
    public var wheelOrigin: Point
    /// The aspect grid (the cross-aspects' square for two charts).
    public var grid: AspectGrid
    /// The grid's top-left corner on the page.
    public var gridOrigin: Point
    /// The inner chart's elements and modalities.
    public var table: ElementTable
    /// The table's top-left corner on the page.
    public var tableOrigin: Point
    /// Every body's position and the house cusps (the two charts' bodies with a second chart).
    public var positions: PositionsTable
    /// The positions table's top-left corner on the page.
    public var positionsOrigin: Point
    /// The language of the header and of every part's words (`LayoutOptions.language`).
    public var language: Language

    /// Page widths: from 800 px, where the grid's cells still hold their glyphs and orbs, to the largest image.
    public static let widthRange = 800...4000
    /// A4 at 150 dots per inch.
    public static let defaultWidth = 1240
    /// The orbs' height the grid is made wide enough for (a computed chart's fifteen bodies at the default
    /// width; 1.5 mm on A4), as far as the row beneath the wheel allows.
    public static let gridOrbHeight = 9.0
    /// The least of the page's width the wheel keeps, however many cells the grid needs.
    static let smallestWheel = 0.6

    /// Why a page `width` wide cannot be drawn, naming the limit it passes, or `nil` when it can.
    public static func widthProblem(_ width: Int) -> String? {
        guard !widthRange.contains(width) else { return nil }
        return "\(width) is outside \(widthRange.lowerBound)...\(widthRange.upperBound), the widths of a printable sheet (default \(defaultWidth))"
    }

    /// `chart` (with `outer`, a bi-wheel) on a page `width` units wide, brought into `widthRange`; `options`
    /// as the wheel's, its title the page's. `houseSystem`: the name the header gives the houses, else the
    /// chart's own (`NatalChart.houseSystem`).
    public init(chart: NatalChart, outer: OuterChart?, options: LayoutOptions, width: Int = defaultWidth, houseSystem: String? = nil) {
        let options = options.drawable()
        let w = Double(min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound))
        self.width = w
        language = options.language
        height = (w * 2.0.squareRoot()).rounded()
        let margin = (w * 0.04).rounded()

        let header = Self.header(chart: chart, outer: outer, title: options.title, houseSystem: houseSystem, terms: options.language.terms)
        headerLines = Self.headerLines(header, width: w - 2 * margin, centre: w / 2, top: margin, pageWidth: w)
        let headerBottom = headerLines.last.map { $0.baseline.y + 0.4 * $0.fontSize } ?? 0
        let wheelTop = headerLines.isEmpty ? margin : max(margin, (headerBottom + margin / 2).rounded())

        // The row beneath the wheel first: the grid beside a column of the positions over the element table, the
        // row no taller than leaves the wheel its least. The grid as wide as cells that hold orbs `gridOrbHeight`
        // tall need, between 45 % and 65 % of the row, narrower (to 45 %) where the column it leaves would be too
        // tall: two charts' positions stand in one column below a width, which no narrowing of it undoes.
        let charts = DrawnCharts(chart: chart, outer: outer, options: options)
        let rowWidth = w - 3 * margin
        let rowLimit = height - margin - margin / 2 - wheelTop - (Self.smallestWheel * w).rounded()
        let cell = (Self.gridOrbHeight / AspectGrid.orbHeight).rounded(.up)
        let wanted = AspectGrid.width(forCell: cell, across: AspectGrid.cellsAcross(charts))
        let widest = min(max(wanted, 0.45 * rowWidth), 0.65 * rowWidth).rounded(.down)
        let step = (0.02 * rowWidth).rounded()
        var row = Self.row(charts, gridWidth: widest, rowWidth: rowWidth)
        for gridWidth in stride(from: widest - step, through: (0.45 * rowWidth).rounded(.down), by: -step)
        where max(row.grid.height, row.columnHeight) > rowLimit {
            row = Self.row(charts, gridWidth: gridWidth, rowWidth: rowWidth)
        }
        (grid, positions, table) = (row.grid, row.positions, row.table)
        // Still too tall (a narrow page with many bodies): the grid shrinks to fit, and the tables go below their
        // floors, as far as a half, keeping the width (a narrower column would stack the positions' blocks).
        if grid.height > rowLimit {
            grid = AspectGrid(charts: charts, width: (grid.width * rowLimit / grid.height).rounded(.down))
        }
        let columnWidth = (rowWidth - grid.width).rounded(.down)
        if positions.height + table.height > rowLimit {
            var low = 0.5, high = 1.0
            for _ in 0..<20 {
                let middle = (low + high) / 2
                let floors = PositionsTable.Floors.wheel.scaled(middle)
                let (p, t) = Self.tables(charts, width: columnWidth, largest: floors.glyph, floors: floors)
                if p.height + t.height <= rowLimit { low = middle } else { high = middle }
            }
            let floors = PositionsTable.Floors.wheel.scaled(low)
            (positions, table) = Self.tables(charts, width: columnWidth, largest: floors.glyph, floors: floors)
        }
        let columnHeight = positions.height + table.height
        let rowHeight = max(grid.height, columnHeight)

        // The wheel as large as the margins and the row leave it.
        var wheelOptions = options
        wheelOptions.title = nil
        wheelOptions.chartSize = Int(min(w - 2 * margin, height - margin - rowHeight - margin / 2 - wheelTop))
        wheel = WheelLayout(chart: chart, outer: outer, options: wheelOptions)
        wheelOrigin = Point(x: ((w - wheel.size) / 2).rounded(), y: wheelTop)

        let rowTop = wheelOrigin.y + wheel.size + margin / 2, rowSpace = height - margin - rowTop
        gridOrigin = Point(x: margin, y: (rowTop + (rowSpace - grid.height) / 2).rounded())
        // Each table keeps its own margins, which part them.
        positionsOrigin = Point(x: w - margin - positions.width, y: (rowTop + (rowSpace - columnHeight) / 2).rounded())
        tableOrigin = Point(x: positionsOrigin.x + ((positions.width - table.width) / 2).rounded(), y: positionsOrigin.y + positions.height)
    }

    /// The row beneath the wheel with the grid `gridWidth` wide and the tables' column the rest of `rowWidth`: the
    /// tables as large as the grid's glyphs and no taller together than the grid, where the floors allow, so that
    /// the row is as tall as the grid and the wheel keeps its size.
    private static func row(_ charts: DrawnCharts, gridWidth: Double, rowWidth: Double)
        -> (grid: AspectGrid, positions: PositionsTable, table: ElementTable, columnHeight: Double) {
        let grid = AspectGrid(charts: charts, width: gridWidth)
        let width = (rowWidth - grid.width).rounded(.down)
        let gridGlyph = grid.headers.first?.glyph.height ?? PositionsTable.smallestGlyph
        func height(_ tables: (PositionsTable, ElementTable)) -> Double { tables.0.height + tables.1.height }
        var tables = Self.tables(charts, width: width, largest: gridGlyph)
        if height(tables) > grid.height {
            var low = PositionsTable.smallestGlyph, high = gridGlyph
            for _ in 0..<20 where high - low > 0.01 {
                let middle = (low + high) / 2
                if height(Self.tables(charts, width: width, largest: middle)) <= grid.height { low = middle } else { high = middle }
            }
            tables = Self.tables(charts, width: width, largest: low)
        }
        return (grid, tables.0, tables.1, height(tables))
    }

    /// The positions table `width` wide, its glyphs at most `largest` (the page's scale), and the element table at
    /// the positions table's scale (its body glyphs as tall), no wider than that needs.
    private static func tables(_ charts: DrawnCharts, width: Double, largest: Double, floors: PositionsTable.Floors = .wheel)
        -> (PositionsTable, ElementTable) {
        let positions = PositionsTable(charts: charts, width: width, largestGlyph: largest, floors: floors)
        return (positions, ElementTable(charts: charts, width: min(width, ElementTable.width(forBodyGlyph: positions.glyphHeight))))
    }

    /// What the header says: the title, else what the chart knows of its birth, in large type; then the house
    /// system and the outer chart (its kind, and its birth when known) in small type, in `terms`' language (a
    /// house system or zodiac it does not know as given). Nothing is made up: a chart from a service's JSON
    /// without a title and a house system has no header.
    static func header(chart: NatalChart, outer: OuterChart?, title: String?, houseSystem: String?, terms: Terms) -> Header {
        let birth = chart.birth.map { $0.summary(in: terms) }.flatMap { $0.isEmpty ? nil : $0 }
        let system = (houseSystem ?? chart.houseSystem).map { ChartLimits.showable($0, limit: ChartLimits.maxHouseSystemScalars) }
        var details: [String] = []
        if let system, !system.isEmpty {
            let drawable = chart.drawable()
            let named = terms.houseSystem(system, used: drawable.houseSystem, requested: drawable.houseSystemRequested)
            details.append(terms.headed(terms.housesHeading, named))
        }
        // A sidereal chart says so: its signs are not the tropical ones a reader assumes.
        if let zodiac = chart.zodiac.map({ ChartLimits.showable($0, limit: ChartLimits.maxHouseSystemScalars) }), !zodiac.isEmpty {
            details.append(terms.headed(terms.zodiacHeading, terms.zodiac(chartLabel: zodiac)))
        }
        // The outer chart's line when it knows its birth or moment: a partner's chart from a service's JSON has
        // nothing to say that the bi-wheel does not show.
        if let outer, let when = outer.chart.birth.map({ $0.summary(in: terms) }), !when.isEmpty {
            let kind = switch outer.kind {
            case .synastry: terms.outerRingSynastry
            case .transits: terms.outerRingTransits
            }
            details.append(terms.headed(kind, when))
        }
        return Header(title: title, birth: title == nil ? birth : nil, details: details)
    }

    /// What the header says, before it is fitted to the page.
    struct Header {
        /// The title, in large type, wrapped onto two lines where that leaves it larger.
        var title: String?
        /// Without a title, the birth, in large type on one line, or a line a part where one would be smaller
        /// than the details.
        var birth: String?
        /// The house system and the outer chart, in small type.
        var details: [String]
    }

    /// The header's lines from the top at `top`, centred on `centre`, none wider than `width`: the main text in one
    /// or two lines of up to 3.2 % of the page's width, then the details on one line of up to 2 % when they fit
    /// there at that size, else a line each.
    static func headerLines(_ header: Header, width: Double, centre: Double, top: Double, pageWidth: Double) -> [WheelLayout.TitleLine] {
        let detailSize = (pageWidth * 0.02).rounded()
        var lines: [WheelLayout.TitleLine] = []
        var lineTop = top
        // Lines centred on `centre`, each at `size` or smaller to fit `width`, one under the other.
        func add(_ texts: [String], size largest: Double) {
            for text in texts {
                let size = min(largest, width / max(WheelLayout.estimatedWidth(of: text), 1))
                lines.append(WheelLayout.TitleLine(text: text, baseline: Point(x: centre, y: lineTop + 0.97 * size), fontSize: size))
                lineTop += WheelLayout.titleLineHeight * size
            }
        }
        if let title = header.title {
            lines = titleLines(title, width: width, centre: centre, fontSize: (pageWidth * 0.032).rounded(), top: top)
            lineTop = lines.last.map { $0.baseline.y - 0.97 * $0.fontSize + WheelLayout.titleLineHeight * $0.fontSize } ?? top
        } else if let birth = header.birth {
            let size = (pageWidth * 0.026).rounded()
            let fits = min(size, width / max(WheelLayout.estimatedWidth(of: birth), 1)) >= detailSize
            add(fits ? [birth] : birth.components(separatedBy: BirthDetails.separator), size: size)
        }
        guard !header.details.isEmpty else { return lines }
        // The details on one line when it holds them at full size, else a line each; a quarter line below the rest.
        if !lines.isEmpty { lineTop += 0.25 * detailSize }
        let joined = header.details.joined(separator: "   ·   ")
        add(detailSize * WheelLayout.estimatedWidth(of: joined) <= width ? [joined] : header.details, size: detailSize)
        return lines
    }

    /// The title in one line at `fontSize`, or smaller, or in two lines, whichever leaves it largest, centred on
    /// `centre` and no wider than `width`.
    static func titleLines(_ title: String, width: Double, centre: Double, fontSize: Double, top: Double) -> [WheelLayout.TitleLine] {
        var best: (lines: [String], fontSize: Double)?
        for count in 1...2 {
            let lines = WheelLayout.wrap(title, into: count)
            let size = min(fontSize, width / (lines.map(WheelLayout.estimatedWidth).max() ?? 1))
            if best == nil || size > best!.fontSize * 1.01 { best = (lines, size) }
        }
        let (lines, size) = best!
        // A line's baseline sits 0.97 font sizes below its top, as on the wheel's title.
        return lines.enumerated().map { index, text in
            WheelLayout.TitleLine(text: text, baseline: Point(x: centre, y: top + 0.97 * size + Double(index) * WheelLayout.titleLineHeight * size),
                                  fontSize: size)
        }
    }
}
