import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The aspect grid shows DrawnCharts' aspects, each in the cell of its two bodies, glyph over orb, nothing on
/// anything else and all of it inside the image.
@Suite
struct AspectGridTests {
    /// Twelve planets and points spread round the zodiac, their aspects computed with wide orbs: a full grid.
    static let twelve = TestCharts.chart([3, 35, 64, 95, 128, 152, 181, 214, 240, 275, 301, 333], ids: Array(BodyID.allCases.prefix(12)))
    static let wideOrbs: [AspectKind: Double] = [.conjunction: 10, .opposition: 10, .square: 10, .trine: 10, .sextile: 8, .quincunx: 5]

    /// The cell of two bodies is in the row of the later one and the column of the earlier one, below the
    /// diagonal: level with the later body's glyph and under the earlier one's.
    @Test(arguments: SampleCharts.ids)
    func eachAspectIsInTheCellOfItsBodiesWithItsOrb(id: String) throws {
        let charts = DrawnCharts(chart: try SampleCharts.chart(id), outer: nil, options: LayoutOptions())
        let grid = AspectGrid(charts: charts, width: 600)
        let ids = charts.inner.bodies.map(\.id)
        #expect(grid.rows == ids && grid.columns == ids)
        #expect(grid.headers.map(\.body) == ids)
        #expect(!charts.innerAspects.isEmpty)
        #expect(grid.cells.count == charts.innerAspects.count, "one cell an aspect, the others empty")
        #expect(grid.orbDetail == .degreesAndMinutes)
        for aspect in charts.innerAspects {
            let (a, b) = (ids.firstIndex(of: aspect.first)!, ids.firstIndex(of: aspect.second)!)
            let cell = try #require(grid.cells.first { $0.row == max(a, b) && $0.column == min(a, b) }, "\(aspect)")
            #expect(cell.row > cell.column, "below the diagonal")
            #expect(cell.box.y == grid.headers[cell.row].box.y, "level with \(ids[cell.row])")
            #expect(cell.box.x == grid.headers[cell.column].box.x, "under \(ids[cell.column])")
            #expect(cell.aspect.kind == aspect.kind && cell.aspect.orb == aspect.orb)
            #expect(cell.glyph.glyphs == [Glyph.forAspect(aspect.kind)])
            let orb = try #require(cell.orb)
            #expect(orb.glyphs == FigureRules.orbGlyphs(try #require(aspect.orb)), "\(aspect): \(DegreesMinutes(aspect.orb!))")
            #expect(orb.box.y >= cell.glyph.box.y + cell.glyph.box.height, "the orb beneath the glyph")
        }
        #expect(grid.aspects.count == charts.innerAspects.count)
    }

    @Test func newYorksSunTrineSaturnReads0Degrees45() throws {
        let grid = AspectGrid(chart: try SampleCharts.chart("b_1990_newyork"), options: LayoutOptions())
        let cell = try #require(grid.cells.first { Set([$0.aspect.first, $0.aspect.second]) == [.sun, .saturn] })
        #expect(cell.aspect.kind == .trine)
        #expect(cell.orb?.glyphs == [.digit0, .degree, .digit4, .digit5, .minute])
        #expect(grid.rows[cell.row] == .saturn && grid.columns[cell.column] == .sun)
    }

    @Test(arguments: [250, 400, 600, 1000, 4000])
    func nothingOverlapsAndEverythingIsInsideTheImage(size: Int) throws {
        var charts = try SampleCharts.ids.map { ($0, DrawnCharts(chart: try SampleCharts.chart($0), outer: nil, options: LayoutOptions())) }
        var wide = LayoutOptions()
        wide.orbValues = Self.wideOrbs
        wide.allowedAspects = Set(Self.wideOrbs.keys)
        charts.append(("twelve", DrawnCharts(chart: Self.twelve, outer: nil, options: wide)))
        charts.append(("sixteen on one degree", DrawnCharts(chart: TestCharts.crowded[3].1, outer: nil, options: wide)))
        charts.append(("New York and Sydney", DrawnCharts(chart: try SampleCharts.chart("b_1990_newyork"),
                                                          outer: OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry),
                                                          options: LayoutOptions())))
        for (name, drawn) in charts {
            let grid = AspectGrid(charts: drawn, width: Double(size))
            #expect(grid.width == Double(size))
            #expect(!grid.cells.isEmpty, "\(name): aspects to show")
            let problems = FigureRules.violations(FigureRules.placed(grid), lines: grid.lines, width: grid.width, height: grid.height)
            #expect(problems.isEmpty, "\(name) at \(size) px: \(problems.prefix(5))")
            let boxes = grid.headers.map(\.box) + grid.cells.map(\.box)
            for (i, box) in boxes.enumerated() {
                #expect(!boxes[(i + 1)...].contains { $0.overlaps(box, clearance: -0.01) }, "\(name) at \(size) px: cells only touch")
            }
            // The cells drawn behind the aspects cover every aspect's cell.
            for cell in grid.cells {
                #expect(grid.cellArea.contains { FigureRules.inside(cell.box, $0) }, "\(name): \(cell.box) filled")
            }
        }
    }

    /// At 600 px a twelve-body grid's aspect glyph is 40–45 % of its cell and the orb's digits about 20 %; at
    /// 250 px the floors hold and the orbs lose their minutes; with sixteen bodies at 250 px they go.
    @Test func proportionsAndDetailFollowTheSize() throws {
        var options = LayoutOptions()
        options.orbValues = Self.wideOrbs
        options.allowedAspects = Set(Self.wideOrbs.keys)
        let charts = DrawnCharts(chart: Self.twelve, outer: nil, options: options)
        let full = AspectGrid(charts: charts, width: 600)
        #expect(full.rows.count == 12)
        let cell = try #require(full.cells.first)
        #expect((0.45...0.5).contains(cell.glyph.height / full.cellSize), "\(cell.glyph.height) of \(full.cellSize)")
        #expect((0.2...0.22).contains(try #require(cell.orb).height / full.cellSize))
        #expect(full.headers.allSatisfy { $0.glyph.height >= 16 }, "body glyphs as large as the wheel's at 600 px")
        #expect(full.orbDetail == .degreesAndMinutes)

        let small = AspectGrid(charts: charts, width: 250)
        #expect(small.orbDetail == .degrees)
        #expect(small.cells.allSatisfy { $0.glyph.height >= 9 && ($0.orb?.height ?? 0) >= 8.5 && $0.orb?.glyphs.contains(.minute) == false })
        #expect(small.headers.allSatisfy { $0.glyph.height >= 13 })

        let crowd = AspectGrid(charts: DrawnCharts(chart: TestCharts.crowded[3].1, outer: nil, options: options), width: 250)
        #expect(crowd.rows.count == 16)
        #expect(crowd.orbDetail == .none && crowd.cells.allSatisfy { $0.orb == nil && $0.glyph.height >= 9 })
        #expect(crowd.headers.allSatisfy { $0.glyph.height >= 13 })
    }

    /// Inner chart down the left, the outer chart along the top, each cross-aspect where its bodies meet.
    @Test func twoChartsMakeASquareOfCrossAspects() throws {
        let outer = OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry)
        let charts = DrawnCharts(chart: try SampleCharts.chart("b_1990_newyork"), outer: outer, options: LayoutOptions())
        let grid = AspectGrid(charts: charts, width: 600)
        #expect(grid.isCrossGrid)
        #expect(grid.rows == charts.inner.bodies.map(\.id) && grid.columns == charts.outer!.bodies.map(\.id))
        #expect(grid.height == grid.width, "eleven bodies each: a square")
        #expect(grid.cells.count == charts.crossAspects.count && !charts.crossAspects.isEmpty)
        let left = grid.headers.filter { $0.ring == .inner }, top = grid.headers.filter { $0.ring == .outer }
        #expect(left.map(\.body) == grid.rows && top.map(\.body) == grid.columns)
        #expect(Set(left.map(\.box.x)).count == 1 && Set(top.map(\.box.y)).count == 1, "a column of inner glyphs, a row of outer ones")
        for aspect in charts.crossAspects {
            let row = grid.rows.firstIndex(of: aspect.inner)!, column = grid.columns.firstIndex(of: aspect.outer)!
            let cell = try #require(grid.cells.first { $0.row == row && $0.column == column }, "\(aspect)")
            #expect(cell.box.y == left[row].box.y && cell.box.x == top[column].box.x)
            #expect(cell.aspect.kind == aspect.kind && cell.aspect.firstRing == .inner && cell.aspect.secondRing == .outer)
            #expect(cell.orb?.glyphs == FigureRules.orbGlyphs(aspect.orb))
        }
        // Four inner bodies against eleven: as wide as asked, only as tall as its five rows need.
        let four = TestCharts.chart([10, 100, 200, 300], ids: [.sun, .moon, .mars, .saturn])
        let short = AspectGrid(chart: four, outer: outer, options: LayoutOptions())
        #expect(short.width == 600 && short.rows.count == 4 && short.columns.count == 11)
        #expect(short.height == 5 * short.cellSize + 2 * 12, "five rows and the margins")
        let problems = FigureRules.violations(FigureRules.placed(short), lines: short.lines, width: short.width, height: short.height)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// A source that gives one pair two aspects: the cell shows the closer, the list keeps both.
    @Test func theCloserOfTwoAspectsOfAPairHoldsTheCellAndANegativeOrbReadsWithAMinus() throws {
        let chart = try NatalChart(bodies: [try Body(id: .sun, longitude: 10), try Body(id: .moon, longitude: 128.5)],
                                   cusps: (0..<12).map { Double($0) * 30 },
                                   aspects: [try Aspect(first: .moon, second: .sun, kind: .square, orb: 12.25),
                                             try Aspect(first: .sun, second: .moon, kind: .trine, orb: -1.5)])
        var options = LayoutOptions()
        options.allowedAspects = [.square, .trine]
        let grid = AspectGrid(chart: chart, options: options)
        #expect(grid.aspects.count == 2)
        #expect(grid.cells.count == 1)
        #expect(grid.cells.first?.aspect.kind == .trine)
        #expect(grid.cells.first?.orb?.glyphs == [.minus, .digit1, .degree, .digit3, .digit0, .minute])
    }

    @Test func excludedBodiesHaveNoRowNorColumn() throws {
        var options = LayoutOptions()
        options.excludePlanets = [.saturn]
        let grid = AspectGrid(chart: try SampleCharts.chart("b_1990_newyork"), options: options)
        #expect(!grid.rows.contains(.saturn) && !grid.headers.contains { $0.body == .saturn })
        #expect(!grid.cells.contains { $0.aspect.first == .saturn || $0.aspect.second == .saturn })
    }
}
