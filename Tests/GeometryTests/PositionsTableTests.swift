import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The positions table lists every body and cusp with the sign, degree, minute, retrograde mark and house a reader
/// would read off the chart, and nothing in it overlaps or leaves its row, its frame or the image.
@Suite
struct PositionsTableTests {
    static let newYork = try! SampleCharts.chart("b_1990_newyork")
    static let sydney = OuterChart(chart: try! SampleCharts.chart("h_1994_sydney"), kind: .synastry)

    /// The degree and minute within the sign, spelled as a reader writes them: `24°29′`.
    static func glyphs(_ text: String) -> [Glyph] {
        text.map { character -> Glyph in
            switch character {
            case "°": .degree
            case "′": .minute
            default: .digit(Int(String(character))!)
            }
        }
    }

    /// The sample's own answer, as AstrologyAPI wrote it: each planet's sign, degree, retrograde flag and house, each
    /// house's sign and degree. The table must read the same.
    @Test func newYorksRowsAreTheServicesAnswer() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: SampleCharts.data("b_1990_newyork")) as? [String: Any])
        let planets = try #require(json["planets"] as? [[String: Any]])
        let houses = try #require(json["houses"] as? [[String: Any]])
        let table = PositionsTable(chart: Self.newYork, options: LayoutOptions())
        #expect(table.blocks.map(\.kind) == [.bodies(.inner), .houses])
        let rows = table.blocks[0].bodies
        #expect(rows.count == planets.count, "every body")
        for (row, planet) in zip(rows, planets) {
            let name = try #require(planet["name"] as? String), degree = try #require(planet["full_degree"] as? Double)
            #expect(row.body == BodyID(serviceName: name), "\(name)")
            #expect(row.sign.name == planet["sign"] as? String, "\(name)")
            let within = degree.truncatingRemainder(dividingBy: 30)
            let expected = String(format: "%d°%02d′", Int(within), Int((within - within.rounded(.down)) * 60))
            #expect(row.degrees.glyphs == Self.glyphs(expected), "\(name): \(expected)")
            #expect(row.retrograde == (planet["is_retro"] as? String == "true") && (row.retrogradeMark != nil) == row.retrograde, "\(name)")
            #expect(row.retrogradeMark.map { $0.glyphs == [.retrograde] } ?? true)
            #expect(row.house == planet["house"] as? Int && row.houseNumber.glyphs == FigureRules.digits(row.house), "\(name)")
            #expect(row.glyph.glyphs == [Glyph.forBody(row.body)] && row.signGlyph.glyphs == [Glyph.forSign(row.sign)])
            #expect(row.name.text == row.body.displayName.uppercased() && row.ring == .inner)
        }
        let cusps = table.blocks[1].cusps
        #expect(cusps.map(\.point) == [.ascendant, .midheaven] + (1...12).map { .house($0) })
        #expect(cusps[0].label.glyphs == [.letterA, .letterC] && cusps[1].label.glyphs == [.letterM, .letterC])
        #expect(abs(cusps[0].longitude - (json["ascendant"] as? Double ?? .nan)) < 1e-9 && abs(cusps[1].longitude - (json["midheaven"] as? Double ?? .nan)) < 1e-9)
        for (row, house) in zip(cusps.dropFirst(2), houses) {
            let degree = try #require(house["start_degree"] as? Double), within = degree.truncatingRemainder(dividingBy: 30)
            let expected = String(format: "%d°%02d′", Int(within), Int((within - within.rounded(.down)) * 60))
            #expect(row.point == .house(try #require(house["house_id"] as? Int)) && row.sign.name == house["sign"] as? String)
            #expect(row.degrees.glyphs == Self.glyphs(expected), "house \(row.point): \(expected)")
            #expect(row.label.glyphs == FigureRules.digits(try #require(house["house_id"] as? Int)))
        }
    }

    /// What a reader checks first, written out: the Sun at 24°29′ Taurus in the 10th, Mercury retrograde at 8°00′.
    @Test func newYorksSunAndMercury() throws {
        let table = PositionsTable(chart: Self.newYork, options: LayoutOptions())
        let sun = try #require(table.blocks[0].bodies.first { $0.body == .sun })
        #expect(sun.sign == .taurus && sun.position.degrees == 24 && sun.position.minutes == 29 && sun.house == 10 && !sun.retrograde)
        #expect(sun.degrees.glyphs == [.digit2, .digit4, .degree, .digit2, .digit9, .minute])
        #expect(sun.name.runs.map(\.glyphs) == [[.letterS, .letterU, .letterN]])
        let mercury = try #require(table.blocks[0].bodies.first { $0.body == .mercury })
        #expect(mercury.degrees.glyphs == [.digit8, .degree, .digit0, .digit0, .minute] && mercury.retrogradeMark != nil)
        let node = try #require(table.blocks[0].bodies.last)
        #expect(node.name.text == "NORTH NODE" && node.name.runs.count == 2, "two words, a run each")
        #expect(table.blocks.map(\.heading.text) == ["BODIES", "HOUSES"] && table.blocks[0].houseHeading?.text == "HOUSE")
    }

    /// Rounded down as everywhere: 29°59.99′ stays in its sign at 29°59′; 15.05 (15.0499… as a Double) is 15°03′.
    @Test func degreesAreRoundedDown() throws {
        let chart = TestCharts.chart([59.99999, 15.05, 0, 359.9999], ids: [.sun, .moon, .mars, .venus])
        let rows = PositionsTable(chart: chart, options: LayoutOptions()).blocks[0].bodies
        #expect(rows.map(\.sign) == [.taurus, .aries, .aries, .pisces])
        #expect(rows.map(\.degrees.glyphs) == ["29°59′", "15°03′", "0°00′", "29°59′"].map(Self.glyphs))
    }

    /// Two charts: the outer chart's bodies in a block of their own, each in the inner chart's house, as the
    /// bi-wheel places them; the houses are the inner chart's.
    @Test func twoChartsSideBySide() throws {
        let table = PositionsTable(chart: Self.newYork, outer: Self.sydney, options: LayoutOptions())
        #expect(table.hasOuterChart)
        #expect(table.blocks.map(\.kind) == [.bodies(.inner), .bodies(.outer), .houses])
        #expect(table.blocks.map(\.heading.text) == ["INNER CHART", "OUTER CHART", "HOUSES"])
        let outer = table.blocks[1].bodies
        #expect(outer.map(\.body) == Self.sydney.chart.bodies.map(\.id) && outer.allSatisfy { $0.ring == .outer })
        for row in outer {
            #expect(row.house == Self.newYork.house(of: row.longitude), "\(row.body) in New York's houses")
            #expect(row.position == DegreesMinutes(withinSign: row.longitude) && row.sign == ZodiacSign(longitude: row.longitude))
        }
        #expect(table.blocks[2].cusps.dropFirst(2).map(\.longitude) == Self.newYork.cusps)
        // At 600 px the three blocks stand side by side, in reading order.
        let frames = table.blocks.map(\.frame)
        #expect(frames[0].x + frames[0].width < frames[1].x && frames[1].x + frames[1].width < frames[2].x)
        #expect(Set(frames.map(\.y)).count == 1)
    }

    @Test func excludedBodiesAreLeftOut() throws {
        var options = LayoutOptions()
        options.excludePlanets = [.sun, .northNode]
        let table = PositionsTable(chart: Self.newYork, options: options)
        #expect(table.blocks[0].bodies.map(\.body) == Self.newYork.bodies.map(\.id).filter { ![.sun, .northNode].contains($0) })
    }

    /// Side by side while the glyphs stay large enough, else the houses under the inner chart, else one column;
    /// under one another the houses' signs and degrees stand in the bodies' columns.
    @Test func theBlocksStackWhenTheWidthIsNarrow() throws {
        func table(_ size: Int, outer: OuterChart? = nil) -> PositionsTable {
            var options = LayoutOptions()
            options.chartSize = size
            return PositionsTable(chart: Self.newYork, outer: outer, options: options)
        }
        let wide = table(600), narrow = table(250)
        #expect(wide.blocks[1].frame.x > wide.blocks[0].frame.x + wide.blocks[0].frame.width, "one chart at 600 px: side by side")
        #expect(wide.glyphHeight == 24, "at 600 px the glyphs are the width's own size: \(wide.glyphHeight)")
        #expect(narrow.blocks[1].frame.y > narrow.blocks[0].frame.y + narrow.blocks[0].frame.height, "at 250 px: one under the other")
        let (body, cusp) = (narrow.blocks[0].bodies[0], narrow.blocks[1].cusps[0])
        #expect(abs(body.signGlyph.box.center.x - cusp.signGlyph.box.center.x) < 1e-9)
        #expect(abs(body.degrees.box.x + body.degrees.box.width - (cusp.degrees.box.x + cusp.degrees.box.width)) < 1e-9)

        let two = table(400, outer: Self.sydney)
        let frames = two.blocks.map(\.frame)
        #expect(frames[2].x == frames[0].x && frames[2].y > frames[0].y + frames[0].height, "at 400 px the houses under the inner chart")
        #expect(frames[1].x > frames[0].x + frames[0].width && frames[1].y == frames[0].y, "the outer chart beside it")
        let one = table(350, outer: Self.sydney).blocks.map(\.frame)
        #expect(one[1].y > one[0].y + one[0].height && one[2].y > one[1].y + one[1].height, "at 350 px one column")
        // In every block the degrees end on one line, so their marks stand one under another.
        for block in wide.blocks + two.blocks {
            let ends = Set((block.bodies.map(\.degrees) + block.cusps.map(\.degrees)).map { (($0.box.x + $0.box.width) * 1e6).rounded() })
            #expect(ends.count == 1, "\(block.kind)")
        }
    }

    /// On a sheet the glyphs keep the page's scale (the grid's), not a narrow column's.
    @Test func theLargestGlyphCanBeGiven() throws {
        let charts = DrawnCharts(chart: Self.newYork, outer: nil, options: LayoutOptions())
        #expect(PositionsTable(charts: charts, width: 400).glyphHeight == 16)
        let page = PositionsTable(charts: charts, width: 400, largestGlyph: 24)
        #expect(page.glyphHeight > 16 && page.glyphHeight <= 24, "\(page.glyphHeight)")
    }

    /// Every sample, a crowd of sixteen, every body of the model and two charts, at every size and in every
    /// language: each run inside its row (its name's and headings' cells), inside its block's frame, no run on
    /// another, the frames apart and inside the image; English's words in the stroke capitals, the others' in a
    /// font (their ink is TextExtentTests'); the glyphs and digits at the wheel's floors or above.
    @Test(arguments: [250, 400, 600, 1000, 4000], Language.allCases)
    func nothingOverlapsAndEverythingIsInsideTheImage(size: Int, language: Language) throws {
        var options = LayoutOptions()
        options.chartSize = size
        options.language = language
        let everyBody = TestCharts.chart((0..<BodyID.allCases.count).map { Double($0) * 17.3 }, ids: BodyID.allCases)
        var cases: [(String, PositionsTable)] = try SampleCharts.ids.map { ($0, PositionsTable(chart: try SampleCharts.chart($0), options: options)) }
        cases.append(("sixteen at one longitude", PositionsTable(chart: TestCharts.crowded[3].1, options: options)))
        cases.append(("every body", PositionsTable(chart: everyBody, options: options)))
        cases.append(("every body twice", PositionsTable(chart: everyBody, outer: OuterChart(chart: everyBody, kind: .transits), options: options)))
        cases.append(("New York and Sydney", PositionsTable(chart: Self.newYork, outer: Self.sydney, options: options)))
        for (name, table) in cases {
            #expect(table.width == Double(size))
            let problems = FigureRules.violations(FigureRules.placed(table), lines: table.lines, width: table.width, height: table.height)
            #expect(problems.isEmpty, "\(name), \(language), \(size) px: \(problems.prefix(5))")
            let frames = table.blocks.map(\.frame)
            for (i, frame) in frames.enumerated() {
                #expect(FigureRules.inside(frame, Box(x: 0, y: 0, width: table.width, height: table.height)), "\(name): \(frame)")
                #expect(!frames[(i + 1)...].contains { $0.overlaps(frame) }, "\(name), \(size) px: frames meet")
            }
            for block in table.blocks {
                let labels = [block.heading] + (block.houseHeading.map { [$0] } ?? []) + block.bodies.map(\.name)
                for label in labels {
                    #expect(FigureRules.inside(label.box, block.frame), "\(name): \(label.text)'s cell leaves its frame")
                    #expect(label.runs.isEmpty == (language != .en), "\(language): \(label.text) in the stroke capitals only in English")
                    #expect(label.runs.isEmpty || label.runs.map(\.glyphs) == GlyphRun.words(label.text), "\(label.text) in our letters")
                }
                for row in block.bodies.map(\.box) + block.cusps.map(\.box) {
                    #expect(FigureRules.inside(row, block.frame), "\(name): a row leaves its frame")
                }
                #expect(block.houseHeading.map { !$0.box.overlaps(block.heading.box) } ?? true, "\(name): the headings meet")
            }
            let rows = table.blocks.flatMap(\.bodies)
            #expect(rows.allSatisfy { $0.glyph.height >= 13 && $0.degrees.height >= 8.5 && $0.signGlyph.height >= 9 }, "\(name): the floors")
        }
    }
}
