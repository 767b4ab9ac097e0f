import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRaster
@testable import WheelRender

/// The words of every figure fit their boxes in every language at every size, measured with the fonts librsvg
/// finds (DejaVu Sans, Gargi, WenQuanYi Micro Hei, which CI installs): each text is rasterized alone,
/// as the SVG writes it, and its ink must lie inside the box the layout gave it. The layout only estimates widths
/// (`WheelLayout.estimatedWidth`); this is where the estimate meets the fonts.
@Suite
struct TextExtentTests {
    static let wheelSizes = [250, 300, 400, 600, 1000, 2000, 4000]
    static let sheetWidths = [800, 1240, 2400, 4000]
    /// A pixel of anti-aliasing either side.
    static let slack = 1.0

    static func options(_ language: Language, size: Int = LayoutOptions().chartSize) -> LayoutOptions {
        var options = LayoutOptions()
        options.chartSize = size
        options.language = language
        return options
    }

    /// The legend's names, every aspect kind drawn, at every size: inside their boxes, which keep clear of the
    /// wheel and of each other.
    @Test(arguments: Language.allCases)
    func legendNamesFitTheirBoxes(_ language: Language) throws {
        var chart = try SampleCharts.chart("b_1990_newyork")
        chart.aspects = nil
        for size in Self.wheelSizes {
            var options = Self.options(language, size: size)
            options.allowedAspects = Set(AspectKind.allCases)
            options.orbValues = Dictionary(uniqueKeysWithValues: AspectKind.allCases.map { ($0, 8.0) })
            let layout = WheelLayout(chart: chart, options: options)
            let legend = try #require(layout.aspectLegend)
            for name in legend.rows.compactMap(\.name) {
                let ink = try Ink.of(name.text, fontSize: name.fontSize, at: name.baseline, anchor: name.endsAtBaseline ? .end : .start)
                #expect(ink.lies(within: name.box, slack: Self.slack), "\(language) \(size) px: \(name.text) \(ink) outside \(name.box)")
            }
        }
    }

    /// The house system and the zodiac in the top-left corner keep off the wheel.
    @Test(arguments: Language.allCases)
    func cornerLabelKeepsOffTheWheel(_ language: Language) throws {
        let chart = try SampleCharts.chart("b_1990_newyork")
        for size in Self.wheelSizes {
            let options = Self.options(language, size: size)
            let layout = WheelLayout(chart: chart, options: options)
            let terms = language.terms
            let label = layout.houseSystemLabel(terms.houseSystem("Regiomontanus") + " · " + terms.zodiac(chartLabel: "Sidereal, Fagan/Bradley"))
            let ink = try Ink.of(label.text, fontSize: label.fontSize, at: label.baseline, anchor: .start)
            #expect(ink.box.distanceRange(from: layout.center).lowerBound >= layout.rings.outer, "\(language) \(size) px: \(label.text) reaches the wheel")
            #expect(ink.box.x >= 0 && ink.box.y >= 0, "\(language) \(size) px: \(label.text) leaves the image")
        }
    }

    /// The element table's headings, whole words or short forms, inside their cells.
    @Test(arguments: Language.allCases)
    func tableHeadingsFitTheirCells(_ language: Language) throws {
        let chart = try SampleCharts.chart("b_1990_newyork")
        for size in Self.wheelSizes {
            let options = Self.options(language, size: size)
            let table = ElementTable(chart: chart, options: options)
            for label in table.columnHeaders + [table.totalsHeader] + table.rows.map(\.header) where label.run == nil {
                let ink = try Ink.of(label.text, fontSize: label.fontSize, at: label.baseline, anchor: .middle)
                #expect(ink.lies(within: label.box, slack: 0), "\(language) \(size) px: \(label.text) \(ink) outside \(label.box)")
            }
        }
    }

    /// The positions table's words (the blocks' headings, the house column's, every body's name) inside their cells,
    /// one chart of every body the model has and two charts' headings, at every size: each text alone, as the
    /// SVG writes it (a word drawn twice is measured once, at each size).
    @Test(arguments: Language.allCases)
    func positionsWordsFitTheirCells(_ language: Language) throws {
        let everyBody = TestCharts.chart((0..<BodyID.allCases.count).map { Double($0) * 17.3 }, ids: BodyID.allCases)
        for size in Self.wheelSizes {
            let options = Self.options(language, size: size)
            let one = PositionsTable(chart: everyBody, options: options)
            let two = PositionsTable(chart: everyBody, outer: OuterChart(chart: everyBody, kind: .synastry), options: options)
            var labels = one.blocks.flatMap { [$0.heading] + ($0.houseHeading.map { [$0] } ?? []) + $0.bodies.map(\.name) }
            labels += two.blocks.map(\.heading)
            for label in labels where label.runs.isEmpty {
                let ink = try Ink.of(label.text, fontSize: label.fontSize, at: label.baseline, anchor: label.centred ? .middle : .start)
                #expect(ink.lies(within: label.box, slack: 0), "\(language) \(size) px: \(label.text) \(ink) outside \(label.box)")
            }
        }
    }

    /// The sheet's header, a birth with its place, the house system, the zodiac and a partner's chart, inside the
    /// page's margins and above the wheel.
    @Test(arguments: Language.allCases)
    func sheetHeaderFitsThePage(_ language: Language) throws {
        var chart = try SampleCharts.chart("b_1990_newyork")
        chart.birth = BirthDetails(date: "1990-09-28", time: "10:30", zone: "America/New_York (UTC−04:00)",
                                   place: "Petropavlovsk-Kamchatsky, Kamchatka, Russia", latitude: 53.0444, longitude: 158.6508)
        chart.zodiac = "Sidereal, Fagan/Bradley"
        var partner = try SampleCharts.chart("c_1879_ulm")
        partner.birth = BirthDetails(date: "1879-03-14", time: "11:30", zone: "LMT (UTC+00:40:00)", place: "Ulm, Baden-Württemberg, Germany",
                                     latitude: 48.4, longitude: 9.99)
        for width in Self.sheetWidths {
            let options = Self.options(language)
            let sheet = SheetLayout(chart: chart, outer: OuterChart(chart: partner, kind: .synastry), options: options, width: width,
                                    houseSystem: "Whole Sign")
            let margin = (sheet.width * 0.04).rounded()
            for line in sheet.headerLines {
                let ink = try Ink.of(line.text, fontSize: line.fontSize, at: line.baseline, anchor: .middle)
                let page = Box(x: margin, y: 0, width: sheet.width - 2 * margin, height: sheet.wheelOrigin.y)
                #expect(ink.lies(within: page, slack: Self.slack), "\(language) \(width) px: \(line.text) \(ink) outside \(page)")
            }
        }
    }
}

/// Where a text's ink falls, as librsvg draws it with the machine's fonts.
struct Ink: CustomStringConvertible {
    var box: Box

    var description: String { "ink x \(Int(box.x))…\(Int(box.x + box.width)), y \(Int(box.y))…\(Int(box.y + box.height))" }

    func lies(within other: Box, slack: Double) -> Bool {
        box.x >= other.x - slack && box.y >= other.y - slack && box.x + box.width <= other.x + other.width + slack
            && box.y + box.height <= other.y + other.height + slack
    }

    /// The ink of `text` set at `fontSize` from `baseline` as `anchor` says, as the SVG writer writes it: drawn
    /// alone on a canvas as large as it can need, in image coordinates.
    static func of(_ text: String, fontSize: Double, at baseline: Point, anchor: Drawing.Text.Anchor) throws -> Ink {
        // Room for three ems a character across and two above and below the baseline: far more than any font takes.
        let reach = ((WheelLayout.estimatedWidth(of: text) * 2 + 4) * fontSize).rounded(.up)
        // The canvas puts the baseline on the same fraction of a pixel as the figure does, so the ink is the same.
        let origin = Point(x: reach + baseline.x - baseline.x.rounded(.down), y: (2 * fontSize).rounded(.up) + baseline.y - baseline.y.rounded(.down))
        var drawing = Drawing(width: 2 * reach + 1, height: (4 * fontSize).rounded(.up) + 1, background: Colour(red: 255, green: 255, blue: 255), title: "", description: "")
        drawing.texts = [Drawing.Text(text: text, baseline: origin, fontSize: fontSize, anchor: anchor, colour: Colour(red: 0, green: 0, blue: 0))]
        let image = try Rasterizer.image(svg: DrawingSVG.write(drawing))
        var (left, top, right, bottom) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 200 {
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x + 1), max(bottom, y + 1))
            }
        }
        guard left <= right else { throw InkError.noInk(text) }
        return Ink(box: Box(x: Double(left) - origin.x + baseline.x, y: Double(top) - origin.y + baseline.y,
                            width: Double(right - left), height: Double(bottom - top)))
    }

    enum InkError: Error { case noInk(String) }
}
