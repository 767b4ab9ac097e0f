import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The printable sheet: A4's proportions, its parts inside the margins and apart, each part as it would be drawn
/// on its own.
@Suite
struct SheetLayoutTests {
    static func frames(_ sheet: SheetLayout) -> [(String, Box)] {
        [("wheel", Box(x: sheet.wheelOrigin.x, y: sheet.wheelOrigin.y, width: sheet.wheel.size, height: sheet.wheel.size)),
         ("grid", Box(x: sheet.gridOrigin.x, y: sheet.gridOrigin.y, width: sheet.grid.width, height: sheet.grid.height)),
         ("table", Box(x: sheet.tableOrigin.x, y: sheet.tableOrigin.y, width: sheet.table.width, height: sheet.table.height)),
         ("positions", Box(x: sheet.positionsOrigin.x, y: sheet.positionsOrigin.y, width: sheet.positions.width, height: sheet.positions.height))]
    }

    /// The frames of the parts on the page, `margin` in from its edges, none meeting another: for `sheet`.
    static func partsFitThePageApart(_ sheet: SheetLayout, _ label: String) {
        let margin = (sheet.width * 0.04).rounded()
        let frames = frames(sheet)
        for (name, frame) in frames {
            #expect(frame.x >= margin - 0.5 && frame.y >= margin - 0.5 && frame.x + frame.width <= sheet.width - margin + 0.5
                    && frame.y + frame.height <= sheet.height - margin + 0.5, "\(label): \(name) at \(frame)")
        }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] { #expect(!a.1.overlaps(b.1), "\(label): \(a.0) meets \(b.0)") }
        }
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
            Self.partsFitThePageApart(sheet, "\(width) px")
            for (name, frame) in Self.frames(sheet) {
                #expect(frame.x == frame.x.rounded() && frame.y == frame.y.rounded(), "\(name) on whole pixels")
            }
            // The header above the wheel, within the page; the wheel is the bi-wheel when there is a second chart.
            for line in sheet.headerLines {
                #expect(line.baseline.y < sheet.wheelOrigin.y && line.fontSize * WheelLayout.estimatedWidth(of: line.text) <= sheet.width - 2 * margin + 0.5)
            }
            // These charts come from a service's JSON: no birth, no house system; a header only for a title.
            #expect(sheet.headerLines.isEmpty == (title == nil))
            #expect(sheet.wheel.title == nil, "the page has the title, not the wheel")
            #expect((sheet.wheel.rings.divider != nil) == (outer != nil) && sheet.grid.isCrossGrid == (outer != nil))
            // The wheel takes most of the page; the grid and the table stay readable.
            #expect(sheet.wheel.size >= SheetLayout.smallestWheel * sheet.width && sheet.grid.cellSize >= 0.025 * sheet.width, "\(sheet.wheel.size), \(sheet.grid.cellSize)")
        }
    }

    /// A computed chart's fifteen bodies (the Sun to Pluto, the nodes, Lilith, the Part of Fortune) at random
    /// longitudes, its aspects left to the layout to find.
    static func fifteenBodies(seed: UInt64) -> NatalChart {
        var rng = SplitMix64(seed: seed)
        let ids: [BodyID] = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto, .northNode, .meanNode,
                             .southNode, .lilith, .partOfFortune]
        let bodies = ids.map { try! Body(id: $0, longitude: Double.random(in: 0..<360, using: &rng)) }
        let ascendant = Double.random(in: 0..<360, using: &rng)
        let cusps = (0..<12).map { normalizedDegrees(ascendant + Double($0) * 30) }
        return try! NatalChart(bodies: bodies, cusps: cusps, ascendant: ascendant, midheaven: cusps[9], aspects: nil)
    }

    /// At the default page width the grid's orbs are at least 9 px tall (1.5 mm on A4), for a computed chart's
    /// fifteen bodies and for a service's eleven, one chart or two, but for two charts of fifteen: there the grid
    /// yields the positions table the width its two charts' blocks need side by side, and its orbs are at their
    /// floor, 8.5 px. The grid and the tables' column share the row beneath the wheel as equals (neither more than
    /// twice the other's width), apart and on the page.
    @Test(arguments: [false, true])
    func theGridsOrbsAreReadableAtTheDefaultWidth(biWheel: Bool) throws {
        let pairs: [(NatalChart, NatalChart)] = try [(Self.fifteenBodies(seed: 1), Self.fifteenBodies(seed: 2)),
                                                     (Self.fifteenBodies(seed: 3), Self.fifteenBodies(seed: 4)),
                                                     (SampleCharts.chart("b_1990_newyork"), SampleCharts.chart("h_1994_sydney"))]
        for (inner, partner) in pairs {
            let outer = biWheel ? OuterChart(chart: partner, kind: .synastry) : nil
            let sheet = SheetLayout(chart: inner, outer: outer, options: LayoutOptions())
            let orbs = sheet.grid.cells.compactMap(\.orb)
            #expect(!orbs.isEmpty && sheet.grid.orbDetail != .none, "the grid shows its orbs")
            let least = biWheel && inner.bodies.count > 11 ? AspectGrid.smallestOrb : 9
            #expect(orbs.allSatisfy { $0.height >= least }, "orbs \(orbs.map(\.height).min() ?? 0) px tall in \(sheet.grid.rows.count) rows")
            for orb in orbs {
                let cell = sheet.grid.cells.first { $0.orb == orb }!.box
                #expect(orb.box.x >= cell.x && orb.box.x + orb.box.width <= cell.x + cell.width, "an orb inside its cell")
            }
            let frames = Self.frames(sheet)
            let margin = (sheet.width * 0.04).rounded()
            for (name, frame) in frames {
                #expect(frame.x >= margin && frame.y >= margin && frame.x + frame.width <= sheet.width - margin
                        && frame.y + frame.height <= sheet.height - margin, "\(name) on the page: \(frame)")
            }
            Self.partsFitThePageApart(sheet, "the default width")
            let (grid, column) = (sheet.grid.width, sheet.positions.width)
            #expect(max(grid, column) <= 2 * min(grid, column), "grid \(grid) px beside a column \(column) px wide")
        }
    }

    /// The positions table beside the grid, over the element table, at the page's scale: its glyphs no larger than
    /// the grid's, the element table's as large as its own; every part on the page, from the narrowest page to the
    /// widest, with one chart or two and from eleven bodies to twenty each (where a narrow page has no room for
    /// them at the wheel's floors, the tables go below them rather than off the page).
    @Test(arguments: [SheetLayout.widthRange.lowerBound, SheetLayout.defaultWidth, SheetLayout.widthRange.upperBound])
    func thePositionsTableSharesTheColumnWithTheElementTable(width: Int) throws {
        let newYork = try SampleCharts.chart("b_1990_newyork")
        let everyBody = TestCharts.chart((0..<BodyID.allCases.count).map { Double($0) * 17.3 }, ids: BodyID.allCases)
        let sydney = OuterChart(chart: try SampleCharts.chart("h_1994_sydney"), kind: .synastry)
        for (name, inner, outer) in [("New York", newYork, nil), ("New York and Sydney", newYork, sydney), ("every body", everyBody, nil),
                                     ("every body twice", everyBody, OuterChart(chart: everyBody, kind: .transits))] as [(String, NatalChart, OuterChart?)] {
            let sheet = SheetLayout(chart: inner, outer: outer, options: LayoutOptions(), width: width)
            Self.partsFitThePageApart(sheet, "\(name) at \(width) px")
            #expect(sheet.positions.hasOuterChart == (outer != nil))
            #expect(sheet.positions.blocks.flatMap(\.bodies).count == inner.bodies.count + (outer?.chart.bodies.count ?? 0), "\(name): every body")
            #expect(sheet.positions.glyphHeight <= max(sheet.grid.headers[0].glyph.height, PositionsTable.smallestGlyph) + 1e-9, "\(name): the grid's scale")
            #expect(sheet.positionsOrigin.x + sheet.positions.width == sheet.width - (sheet.width * 0.04).rounded(), "\(name): at the right margin")
            #expect(sheet.tableOrigin.y == sheet.positionsOrigin.y + sheet.positions.height, "\(name): the element table beneath")
            #expect(sheet.gridOrigin.x < sheet.positionsOrigin.x, "\(name): the grid to the left")
            #expect(sheet.wheel.size >= 0.5 * sheet.width, "\(name) at \(width) px: the wheel \(sheet.wheel.size)")
        }
        // At the default width the eleven bodies of a service's chart keep the wheel's floors.
        if width == SheetLayout.defaultWidth {
            let sheet = SheetLayout(chart: newYork, outer: sydney, options: LayoutOptions(), width: width)
            #expect(sheet.positions.glyphHeight >= PositionsTable.smallestGlyph)
        }
    }

    /// The header says whose chart it is: the title, else the birth's date, time, zone and place; the house
    /// system; a bi-wheel's outer chart. Only what the chart knows, and no band when it knows nothing.
    @Test func theHeaderSaysWhatTheChartKnows() throws {
        var chart = Self.fifteenBodies(seed: 5)
        let margin = (Double(SheetLayout.defaultWidth) * 0.04).rounded()
        let bare = SheetLayout(chart: chart, outer: nil, options: LayoutOptions())
        #expect(bare.headerLines.isEmpty && bare.wheelOrigin.y == margin, "no header, no band for one")

        chart.houseSystem = "Placidus"
        chart.birth = BirthDetails(date: "1879-03-14", time: "11:30", zone: "LMT (UTC+00:40:00)", place: "Ulm, Baden-Württemberg, Germany",
                                   latitude: 48.4, longitude: 9.99)
        let sheet = SheetLayout(chart: chart, outer: nil, options: LayoutOptions())
        let texts = sheet.headerLines.map(\.text)
        // Too long for one line in large type: the time on one, the place on the next.
        #expect(texts == ["14 March 1879 11:30 LMT (UTC+00:40:00)", "Ulm, Baden-Württemberg, Germany (48°24′ N, 9°59′ E)", "Houses: Placidus"],
                "\(texts)")
        #expect(sheet.headerLines[1].fontSize > sheet.headerLines[2].fontSize && sheet.wheelOrigin.y > sheet.headerLines[2].baseline.y)
        chart.birth?.zone = "UTC"
        chart.birth?.place = "Ulm"
        let short = SheetLayout(chart: chart, outer: nil, options: LayoutOptions()).headerLines.map(\.text)
        #expect(short == ["14 March 1879 11:30 UTC · Ulm (48°24′ N, 9°59′ E)", "Houses: Placidus"], "\(short)")

        // A title takes the birth's place; a bi-wheel names its outer chart, with what it knows of its moment.
        var options = LayoutOptions()
        options.title = "Albert"
        var sky = Self.fifteenBodies(seed: 6)
        sky.birth = BirthDetails(date: "2026-11-27", time: "05:00", zone: "UTC")
        let biWheel = SheetLayout(chart: chart, outer: OuterChart(chart: sky, kind: .transits), options: options, houseSystem: "Koch")
        #expect(biWheel.headerLines.map(\.text) == ["Albert", "Houses: Koch   ·   Outer ring, transits: 27 November 2026 05:00 UTC"],
                "\(biWheel.headerLines.map(\.text))")
        // Only what is known: coordinates without a name, and of a partner's chart from JSON nothing.
        chart.birth = BirthDetails(latitude: -33.87, longitude: 151.21)
        chart.houseSystem = nil
        let partner = SheetLayout(chart: chart, outer: OuterChart(chart: Self.fifteenBodies(seed: 7), kind: .synastry), options: LayoutOptions())
        #expect(partner.headerLines.map(\.text) == ["33°52′ S, 151°13′ E"], "\(partner.headerLines.map(\.text))")
        var born = Self.fifteenBodies(seed: 8)
        born.birth = BirthDetails(date: "1985-06-01", place: "Tromsø, Norway")
        let both = SheetLayout(chart: chart, outer: OuterChart(chart: born, kind: .synastry), options: LayoutOptions())
        #expect(both.headerLines.map(\.text) == ["33°52′ S, 151°13′ E", "Outer ring, synastry: 1 June 1985 · Tromsø, Norway"], "\(both.headerLines.map(\.text))")
    }

    @Test func aWidthOutsideTheRangeIsBroughtIntoIt() throws {
        let chart = try SampleCharts.chart("a_2000_mumbai")
        #expect(SheetLayout(chart: chart, outer: nil, options: LayoutOptions(), width: 300).width == Double(SheetLayout.widthRange.lowerBound))
        #expect(SheetLayout(chart: chart, outer: nil, options: LayoutOptions(), width: 99_999).width == Double(SheetLayout.widthRange.upperBound))
        #expect(SheetLayout.widthProblem(300) != nil && SheetLayout.widthProblem(1240) == nil)
    }
}
