import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The element table counts the planets a reader would count, its totals add up, and nothing in it overlaps.
@Suite
struct ElementTableTests {
    /// New York 1990 (see ElementBalanceTests for the signs, read off the sample file).
    @Test func newYorksCellsAndTotals() throws {
        let table = ElementTable(chart: try SampleCharts.chart("b_1990_newyork"), options: LayoutOptions())
        #expect(table.rows.map(\.element) == [.fire, .earth, .air, .water])
        #expect(table.rows.map(\.header.text) == ["FIRE", "EARTH", "AIR", "WATER"])
        #expect(table.columnHeaders.map(\.text) == ["CARDINAL", "FIXED", "MUTABLE", "TOTAL"])
        let cells = table.rows.map { $0.cells.map(\.sign) }
        #expect(cells == [[.aries, .leo, .sagittarius], [.capricorn, .taurus, .virgo], [.libra, .aquarius, .gemini], [.cancer, .scorpio, .pisces]])
        let bodies = Dictionary(uniqueKeysWithValues: table.rows.flatMap(\.cells).map { ($0.sign, $0.bodies) })
        #expect(bodies[.capricorn] == [.moon, .saturn, .uranus, .neptune])
        #expect(bodies[.taurus] == [.sun, .mercury])
        #expect(bodies[.aries] == [.venus] && bodies[.cancer] == [.jupiter] && bodies[.scorpio] == [.pluto] && bodies[.pisces] == [.mars])
        #expect(table.rows.map(\.total.value) == [1, 6, 0, 3])
        #expect(table.columnTotals.map(\.value) == [6, 3, 1])
        #expect(table.grandTotal.value == 10)
        #expect(table.rows.map(\.total.run.glyphs) == [[.digit1], [.digit6], [.digit0], [.digit3]])
        #expect(table.grandTotal.run.glyphs == [.digit1, .digit0])
    }

    /// Each cell's count is its glyphs' number, each row's and column's total the sum of its cells, and the grand
    /// total the sum of either: for every sample and for random charts.
    @Test func theTotalsAddUp() throws {
        let charts = try SampleCharts.ids.map { try SampleCharts.chart($0) } + (0..<40).map { TestCharts.random(seed: UInt64($0)) }
        for chart in charts {
            let table = ElementTable(chart: chart, options: LayoutOptions())
            for row in table.rows {
                for cell in row.cells {
                    #expect(cell.count.value == cell.bodies.count && cell.glyphs.count == cell.bodies.count)
                    #expect(cell.glyphs.map(\.glyphs) == cell.bodies.map { [Glyph.forBody($0)] })
                    #expect(cell.count.run.glyphs == FigureRules.digits(cell.count.value))
                    #expect(cell.signGlyph.glyphs == [Glyph.forSign(cell.sign)])
                }
                #expect(row.total.value == row.cells.map(\.count.value).reduce(0, +))
            }
            for (index, total) in table.columnTotals.enumerated() {
                #expect(total.value == table.rows.map { $0.cells[index].count.value }.reduce(0, +))
            }
            #expect(table.grandTotal.value == table.rows.map(\.total.value).reduce(0, +))
            #expect(table.grandTotal.value == table.columnTotals.map(\.value).reduce(0, +))
            let planets = chart.bodies.filter { ElementBalance.countedBodies.contains($0.id) }.count
            #expect(table.grandTotal.value == planets, "the planets only")
        }
    }

    @Test func excludedPlanetsAreNotCounted() throws {
        var options = LayoutOptions()
        options.excludePlanets = [.sun, .northNode]
        let table = ElementTable(chart: try SampleCharts.chart("b_1990_newyork"), options: options)
        #expect(table.rows.map(\.total.value) == [1, 5, 0, 3])
        #expect(table.grandTotal.value == 9)
    }

    /// English's words are our own capitals, another language's in a font where the capitals lack a letter (their
    /// ink is TextExtentTests'); in every language every cell holds its runs and nothing meets anything else, from
    /// the smallest size to the largest, ten planets in one sign included.
    @Test(arguments: [250, 400, 600, 1000, 4000], Language.allCases)
    func nothingOverlapsAndEverythingIsInsideTheImage(size: Int, language: Language) throws {
        var options = LayoutOptions()
        options.chartSize = size
        options.language = language
        let charts = try SampleCharts.ids.map { try SampleCharts.chart($0) } + TestCharts.crowded.map(\.1)
        for chart in charts {
            let table = ElementTable(chart: chart, options: options)
            #expect(table.width == Double(size))
            let labels = table.columnHeaders + [table.totalsHeader] + table.rows.map(\.header)
            #expect(labels.allSatisfy { $0.run != nil } == [.en, .fr].contains(language), "\(language): the stroke capitals")
            for label in labels {
                #expect(label.run == nil || label.run?.glyphs == Glyph.word(label.text), "\(label.text) in our letters")
            }
            let problems = FigureRules.violations(FigureRules.placed(table), lines: table.lines, width: table.width, height: table.height)
            #expect(problems.isEmpty, "\(language) \(size) px: \(problems.prefix(5))")
            #expect(table.rows.flatMap(\.cells).allSatisfy { $0.glyphs.allSatisfy { $0.height >= 13 } }, "body glyphs at the wheel's floor or above")
        }
    }

    @Test func theHeightFollowsTheRows() throws {
        let tenInOneSign = ElementTable(chart: TestCharts.crowded[0].1, options: LayoutOptions())
        let spread = ElementTable(chart: try SampleCharts.chart("b_1990_newyork"), options: LayoutOptions())
        #expect(tenInOneSign.height > spread.height, "two lines of glyphs make their row taller")
        #expect(spread.height < spread.width)
    }
}
