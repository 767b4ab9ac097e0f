import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The printable sheet: A4's proportions, its parts inside the margins and apart, each part as it would be drawn
/// on its own.
struct SheetLayoutTests {
    static func frames(_ sheet: SheetLayout) -> [(String, Box)] {
        [("wheel", Box(x: sheet.wheelOrigin.x, y: sheet.wheelOrigin.y, width: sheet.wheel.size, height: sheet.wheel.size)),
         ("grid", Box(x: sheet.gridOrigin.x, y: sheet.gridOrigin.y, width: sheet.grid.width, height: sheet.grid.height)),
         ("table", Box(x: sheet.tableOrigin.x, y: sheet.tableOrigin.y, width: sheet.table.width, height: sheet.table.height))]
    }

    @Test(arguments: [SheetLayout.widthRange.lowerBound, SheetLayout.defaultWidth, 2480, SheetLayout.widthRange.upperBound])
    func thePartsFitThePageApart(width: Int) throws {
        let inner = try SampleCharts.chart("b_1990_newyork"), partner = try SampleCharts.chart("h_1994_sydney")
        for (outer, title) in [(nil, nil), (OuterChart(chart: partner, kind: .synastry), "Anna & Ben: synastry, drawn on a page of its own")] as [(OuterChart?, String?)] {
            var options = LayoutOptions()
            options.title = title
            let sheet = SheetLayout(chart: inner, outer: outer, options: options, width: width)
            #expect(sheet.width == Double(width) && abs(sheet.height - Double(width) * 2.0.squareRoot()) < 1)
            let margin = (Double(width) * 0.04).rounded()
            let frames = Self.frames(sheet)
            for (name, frame) in frames {
                #expect(frame.x >= margin - 0.5 && frame.y >= margin - 0.5 && frame.x + frame.width <= sheet.width - margin + 0.5
                        && frame.y + frame.height <= sheet.height - margin + 0.5, "\(name) at \(width) px: \(frame)")
                #expect(frame.x == frame.x.rounded() && frame.y == frame.y.rounded(), "\(name) on whole pixels")
            }
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] { #expect(!a.1.overlaps(b.1), "\(a.0) meets \(b.0) at \(width) px") }
            }
            // The title above the wheel, within the page; the wheel is the bi-wheel when there is a second chart.
            for line in sheet.titleLines {
                #expect(line.baseline.y < sheet.wheelOrigin.y && line.fontSize * WheelLayout.estimatedWidth(of: line.text) <= sheet.width - 2 * margin + 0.5)
            }
            #expect(sheet.titleLines.isEmpty == (title == nil))
            #expect(sheet.wheel.title == nil, "the page has the title, not the wheel")
            #expect((sheet.wheel.rings.divider != nil) == (outer != nil) && sheet.grid.isCrossGrid == (outer != nil))
            // The wheel takes most of the page; the grid and the table stay readable.
            #expect(sheet.wheel.size >= 0.8 * sheet.width && sheet.grid.cellSize >= 0.025 * sheet.width, "\(sheet.wheel.size), \(sheet.grid.cellSize)")
        }
    }

    @Test func aWidthOutsideTheRangeIsBroughtIntoIt() throws {
        let chart = try SampleCharts.chart("a_2000_mumbai")
        #expect(SheetLayout(chart: chart, outer: nil, options: LayoutOptions(), width: 300).width == Double(SheetLayout.widthRange.lowerBound))
        #expect(SheetLayout(chart: chart, outer: nil, options: LayoutOptions(), width: 99_999).width == Double(SheetLayout.widthRange.upperBound))
        #expect(SheetLayout.widthProblem(300) != nil && SheetLayout.widthProblem(1240) == nil)
    }
}
