import ChartModel
import Foundation

/// A printable page: the optional title, the wheel (a bi-wheel with a second chart), and below it the aspect
/// grid and the element table, on A4's proportions (1 : √2, portrait).
///
/// Contract: the page is `width` × `height` units, y down. Each part is laid out at its own size (the wheel
/// `wheel.size` square, the grid and the table their widths) and placed with its top-left corner at its origin,
/// on whole units; the parts' frames lie inside the page margins and meet neither each other nor the title.
public struct SheetLayout: Sendable {
    /// The page's width in user units, 800…4000.
    public var width: Double
    /// The page's height: the width × √2 (A4's proportions), rounded.
    public var height: Double
    /// The title, centred at the top, in a font; empty without one.
    public var titleLines: [WheelLayout.TitleLine]
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

    /// Page widths: from 800 px, where the grid's cells still hold their glyphs and orbs, to the largest image.
    public static let widthRange = 800...4000
    /// A4 at 150 dots per inch.
    public static let defaultWidth = 1240

    /// Why a page `width` wide cannot be drawn, naming the limit it passes, or `nil` when it can.
    public static func widthProblem(_ width: Int) -> String? {
        guard !widthRange.contains(width) else { return nil }
        return "\(width) is outside \(widthRange.lowerBound)...\(widthRange.upperBound), the widths of a printable sheet (default \(defaultWidth))"
    }

    /// `chart` (with `outer`, a bi-wheel) on a page `width` units wide, brought into `widthRange`; `options`
    /// as the wheel's, its title the page's and its size the page's part for the wheel.
    public init(chart: NatalChart, outer: OuterChart?, options: LayoutOptions, width: Int = defaultWidth) {
        let options = options.drawable()
        let w = Double(min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound))
        self.width = w
        height = (w * 2.0.squareRoot()).rounded()
        let margin = (w * 0.04).rounded()

        titleLines = options.title.map { Self.titleLines($0, width: w - 2 * margin, centre: w / 2, fontSize: (w * 0.032).rounded(), top: margin) } ?? []
        let titleBottom = titleLines.last.map { $0.baseline.y + 0.4 * $0.fontSize } ?? 0

        // The wheel as wide as the margins allow, unless that leaves the grid and the table, which share the row
        // beneath it, less than a third of the width in height.
        let wheelTop = max(margin, (titleBottom + margin / 2).rounded())
        var wheelOptions = options
        wheelOptions.title = nil
        wheelOptions.chartSize = Int(min(w - 2 * margin, height - wheelTop - 1.5 * margin - (w / 3).rounded()))
        wheel = WheelLayout(chart: chart, outer: outer, options: wheelOptions)
        wheelOrigin = Point(x: ((w - wheel.size) / 2).rounded(), y: wheelTop)

        let rowTop = wheelOrigin.y + wheel.size + margin / 2, rowHeight = height - margin - rowTop
        let charts = DrawnCharts(chart: chart, outer: outer, options: options)
        // The grid as wide as the row is high, at most half the width between the margins; narrower when the
        // grid it makes is taller than the row.
        var gridWidth = min(rowHeight, (w - 3 * margin) / 2).rounded(.down)
        grid = AspectGrid(charts: charts, width: gridWidth)
        if grid.height > rowHeight {
            gridWidth = (gridWidth * rowHeight / grid.height).rounded(.down)
            grid = AspectGrid(charts: charts, width: gridWidth)
        }
        var tableWidth = (w - 3 * margin - grid.width).rounded(.down)
        table = ElementTable(charts: charts, width: tableWidth)
        if table.height > rowHeight {
            tableWidth = (tableWidth * rowHeight / table.height).rounded(.down)
            table = ElementTable(charts: charts, width: tableWidth)
        }
        gridOrigin = Point(x: margin, y: (rowTop + (rowHeight - grid.height) / 2).rounded())
        tableOrigin = Point(x: w - margin - table.width, y: (rowTop + (rowHeight - table.height) / 2).rounded())
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
