import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRaster
import WheelRender

/// The grid's and the tables' PNGs: as wide as asked, as tall as their layouts, their cells' colours where the
/// layouts put them.
@Suite
struct FigurePNGTests {
    @Test(arguments: [250, 600, 1000], RenderOptions.Theme.allCases)
    func theGridIsASquareOfTheAskedWidthWithItsCellsFilled(size: Int, theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.chartSize = size
        options.theme = theme
        let chart = try SampleCharts.chart("b_1990_newyork")
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.aspectGrid(chart), options: options))
        #expect(image.width == size && image.height == size)
        let grid = AspectGrid(chart: chart, options: options.layout)
        let palette = Palette(options: options)
        // An empty cell (Sun and Mercury have no aspect) shows the aspect cells' fill; the corner the background.
        let empty = try #require(grid.cellArea.first { $0.y > grid.headers[2].box.y })
        #expect(!grid.cells.contains { $0.row == 2 && $0.column == 0 })
        #expect(matches(image, Point(x: empty.x + grid.cellSize / 2, y: empty.y + grid.cellSize / 2), palette.innerBackground))
        #expect(matches(image, Point(x: Double(size) - 3, y: 3), palette.background))
    }

    @Test func aCrossGridWithFewerRowsIsShorter() throws {
        let four = TestCharts.chart([10, 100, 200, 300], ids: [.sun, .moon, .mars, .saturn])
        let outer = OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry)
        let grid = AspectGrid(chart: four, outer: outer, options: LayoutOptions())
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.aspectGrid(four, outer: outer)))
        #expect(image.width == 600 && Double(image.height) == grid.height && grid.height < 300)
    }

    @Test(arguments: RenderOptions.Theme.allCases)
    func theTableIsAsTallAsItsRowsWithEachElementsTint(theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let chart = try SampleCharts.chart("b_1990_newyork")
        let table = ElementTable(chart: chart, options: options.layout)
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.elementTable(chart), options: options))
        #expect(image.width == 600 && Double(image.height) == table.height)
        let palette = Palette(options: options)
        for row in table.rows {
            // Left of the count in the top band of the mutable cell: clear of every glyph.
            let cell = row.cells[2]
            let point = Point(x: cell.count.run.box.x - 6, y: cell.count.run.box.y + cell.count.run.box.height / 2)
            #expect(matches(image, point, palette.signBackground[row.element]!), "\(row.element) row")
        }
    }

    /// The positions table is as tall as its blocks, at every size in both themes, its stripes in the inner circle's
    /// fill and the rows between them in the background, its sign glyphs in their elements' colours.
    @Test(arguments: [250, 600, 1000], RenderOptions.Theme.allCases)
    func thePositionsTableIsAsTallAsItsBlocksWithItsStripes(size: Int, theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.chartSize = size
        options.theme = theme
        let chart = try SampleCharts.chart("b_1990_newyork")
        let outer = OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry)
        let table = PositionsTable(chart: chart, outer: outer, options: options.layout)
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.positionsTable(chart, outer: outer), options: options))
        #expect(image.width == size && Double(image.height) == table.height)
        let palette = Palette(options: options)
        let rows = table.blocks[0].bodies
        // Between the name and the sign, clear of every glyph: the second row striped, the first not.
        for (row, colour) in [(rows[1], palette.innerBackground), (rows[0], palette.background)] {
            let point = Point(x: row.signGlyph.box.x - 2, y: row.box.center.y)
            #expect(matches(image, point, colour), "\(size) px \(theme): \(row.body)'s row")
        }
    }

    /// The same bytes on one thread or two, and transparent around the cells without a background.
    @Test func theTableIsTheSameOnTwoThreadsAndTransparentWithoutABackground() throws {
        var options = RenderOptions()
        options.transparentBackground = true
        let chart = try SampleCharts.chart("h_1994_sydney")
        let one = try WheelRenderer.png(.elementTable(chart), options: options, threads: 1)
        let two = try WheelRenderer.png(.elementTable(chart), options: options, threads: 2)
        let same = one == two  // a Bool first: a failing #expect on two large Data values is slow to report
        #expect(same)
        let image = try Rasterizer.decodePNG(one)
        #expect(image.pixel(x: 1, y: 1).alpha == 0)
        let table = ElementTable(chart: chart, options: options.layout)
        #expect(image.pixel(x: Int(table.grandTotal.box.center.x), y: Int(table.grandTotal.box.y) + 2).alpha == 255)
    }
}
