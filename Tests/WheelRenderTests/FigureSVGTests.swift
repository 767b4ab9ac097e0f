import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// The grid's and the table's SVG keep the wheel's promises (well-formed, accessible, self-contained, no font,
/// deterministic) and draw in the colours a user chose.
@Suite
struct FigureSVGTests {
    static let newYork = try! SampleCharts.chart("b_1990_newyork")
    static let sydney = OuterChart(chart: try! SampleCharts.chart("h_1994_sydney"), kind: .synastry)

    /// The figures these tests draw: New York's grid, its grid with Sydney, its tables, its positions with Sydney's.
    enum Sample: String, CaseIterable {
        case grid, crossGrid, table, positions, twoChartsPositions

        var figure: Figure {
            switch self {
            case .grid: .aspectGrid(newYork)
            case .crossGrid: .aspectGrid(newYork, outer: sydney)
            case .table: .elementTable(newYork)
            case .positions: .positionsTable(newYork)
            case .twoChartsPositions: .positionsTable(newYork, outer: sydney)
            }
        }

        var title: String {
            switch self {
            case .grid, .crossGrid: "Aspect grid"
            case .table: "Elements and modalities"
            case .positions, .twoChartsPositions: "Positions and houses"
            }
        }

        func height(_ options: RenderOptions) -> Double {
            switch self {
            case .grid, .crossGrid: 600
            case .table: ElementTable(chart: newYork, options: options.layout).height
            case .positions: PositionsTable(chart: newYork, options: options.layout).height
            case .twoChartsPositions: PositionsTable(chart: newYork, outer: sydney, options: options.layout).height
            }
        }
    }

    static func svg(_ sample: Sample, _ options: RenderOptions) -> String {
        WheelRenderer.svgText(sample.figure, options: options)
    }

    @Test(arguments: Sample.allCases, RenderOptions.Theme.allCases)
    func wellFormedAccessibleSelfContainedAndFontFree(figure: Sample, theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let svg = Self.svg(figure, options)
        let document = try XMLElementTree(svg)
        let height = figure.height(options)
        #expect(document.attributes["width"] == "600" && document.attributes["height"] == SVGText.number(height))
        #expect(document.attributes["viewBox"] == "0 0 600 \(SVGText.number(height))")
        #expect(document.attributes["role"] == "img")
        #expect(document.children.first?.name == "title")
        #expect(document.children.first?.text == figure.title)
        #expect(document.children.dropFirst().first?.name == "desc")
        #expect(!svg.contains("<text"), "our own glyphs, no font")
        #expect(!svg.contains("<style") && !svg.contains("style=") && !svg.contains("var("), "no CSS")
        #expect(!svg.contains("<script") && svg.range(of: #"href="[^#]"#, options: .regularExpression) == nil)
        #expect(document.children.contains { $0.name == "rect" && $0.attributes["fill"] == Palette(options: options).background.hex }, "the theme's background")
        #expect(svg == Self.svg(figure, options), "the same bytes twice")
    }

    /// The description reads every aspect as the wheel's does.
    @Test func theGridsDescriptionReadsEveryAspectInTheWheelsWords() throws {
        let desc = try #require(try XMLElementTree(Self.svg(.grid, RenderOptions())).children.dropFirst().first?.text)
        #expect(desc.contains("Sun trine Saturn (orb 0°45′)"))
        #expect(desc.contains("Neptune sextile Pluto (orb 1°48′)"))
        let wheel = ChartDescription.text(for: WheelLayout(chart: Self.newYork, options: RenderOptions()))
        let wheelAspects = try #require(wheel.components(separatedBy: " Aspects: ").last)
        #expect(desc.hasSuffix("Aspects: " + wheelAspects), "the wheel's aspects, word for word: \(desc)")
        #expect(desc.components(separatedBy: "(orb ").count - 1 == 18, "New York's 18 aspects")

        let cross = try #require(try XMLElementTree(Self.svg(.crossGrid, RenderOptions())).children.dropFirst().first?.text)
        #expect(cross.contains("Cross-aspects: Sun trine outer Mercury (orb 1°40′);"))
        let charts = DrawnCharts(chart: Self.newYork, outer: Self.sydney, options: LayoutOptions())
        #expect(cross.components(separatedBy: "(orb ").count - 1 == charts.crossAspects.count)
    }

    @Test func theTablesDescriptionReadsTheCounts() throws {
        let desc = try #require(try XMLElementTree(Self.svg(.table, RenderOptions())).children.dropFirst().first?.text)
        #expect(desc.hasPrefix("Fire 1: Venus; Earth 6: Sun, Moon, Mercury, Saturn, Uranus, Neptune; Air 0; Water 3: Mars, Jupiter, Pluto. "
            + "Cardinal 6: Moon, Venus, Jupiter, Saturn, Uranus, Neptune; Fixed 3: Sun, Mercury, Pluto; Mutable 1: Mars."), "\(desc)")
        #expect(desc.contains("Capricorn 4: Moon, Saturn, Uranus, Neptune"))
        #expect(desc.hasSuffix("Planets counted: 10 (Sun to Pluto; points are not)."))
    }

    /// The positions table reads every row: each body's position, retrograde state and house, then the angles and
    /// the cusps; with two charts the outer chart's bodies in the inner chart's houses, as the bi-wheel reads them.
    @Test func thePositionsTablesDescriptionReadsEveryRow() throws {
        let desc = try #require(try XMLElementTree(Self.svg(.positions, RenderOptions())).children.dropFirst().first?.text)
        #expect(desc.hasPrefix("Bodies: Sun 24°29′ Taurus, house 10; Moon 28°27′ Capricorn, house 6; Mercury 8°00′ Taurus, retrograde, house 10;"), "\(desc)")
        #expect(desc.contains("; North Node 10°15′ Aquarius, retrograde, house 7. Houses: Ascendant 2°12′ Leo; Midheaven 17°57′ Aries; "
            + "house 1: 2°12′ Leo; house 2: 22°28′ Leo;"), "\(desc)")
        #expect(desc.hasSuffix("house 12: 1°03′ Cancer."), "\(desc)")
        // The wheel reads the same bodies in the same words.
        let wheel = ChartDescription.text(for: WheelLayout(chart: Self.newYork, options: RenderOptions()))
        for body in Self.newYork.bodies {
            let words = ChartDescription.placement(body.id, body.longitude, body.retrograde, body.house!, Language.en.terms)
            #expect(desc.contains(words) && wheel.contains(words), "\(words)")
        }
        let two = try #require(try XMLElementTree(Self.svg(.twoChartsPositions, RenderOptions())).children.dropFirst().first?.text)
        #expect(two.hasPrefix("Inner chart: Sun 24°29′ Taurus, house 10;"), "\(two)")
        let biWheel = ChartDescription.text(for: WheelLayout(chart: Self.newYork, outer: Self.sydney, options: RenderOptions()))
        let outer = try #require(biWheel.components(separatedBy: " Outer chart: ").last?.components(separatedBy: ". ").first)
        #expect(two.contains(". Outer chart: " + outer + ". Houses: Ascendant"), "the bi-wheel's outer chart, word for word: \(two)")
    }

    /// The bodies in their chart's colour, each sign in its element's, every second row in the inner circle's
    /// fill; the outer chart's heading and glyphs in its own colour.
    @Test(arguments: RenderOptions.Theme.allCases)
    func thePositionsTableDrawsInTheChosenColours(theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let palette = Palette(options: options)
        let svg = Self.svg(.positions, options)
        for element in ZodiacSign.Element.allCases {
            #expect(svg.contains("stroke=\"\(palette.signIcon[element]!.hex)\""), "\(element) signs")
        }
        #expect(svg.contains("fill=\"\(palette.innerBackground.hex)\"") && svg.contains("stroke=\"\(palette.planetIcon.hex)\""))
        #expect(!svg.contains(palette.outerPlanetIcon.hex), "one chart: nothing in the outer colour")
        #expect(Self.svg(.twoChartsPositions, options).contains("stroke=\"\(palette.outerPlanetIcon.hex)\""))
        options.planetIconColor = try Colour(parsing: "#123456", field: "test")
        options.signIconColor = try Colour(parsing: "#654321", field: "test")
        options.innerCircleBackground = try Colour(parsing: "#fedcba", field: "test")
        let coloured = Self.svg(.positions, options)
        #expect(coloured.contains("stroke=\"#123456\"") && coloured.contains("stroke=\"#654321\"") && coloured.contains("fill=\"#fedcba\""))
        #expect(!coloured.contains(palette.signIcon[.fire]!.hex), "every sign in the colour asked for")
    }

    /// Each aspect's glyph in its kind's colour (the user's where given), the orbs in the labels' colour, the
    /// outer chart's glyphs in its own.
    @Test func theGridDrawsInTheChosenColours() throws {
        var options = RenderOptions()
        options.aspectLineColors = [.trine: try Colour(parsing: "#0a6cae", field: "test")]
        let grid = AspectGrid(chart: Self.newYork, options: options.layout)
        let drawing = Drawing(aspectGrid: grid, palette: Palette(options: options))
        let strokes = drawing.layers.flatMap { layer -> [Colour] in
            if case .glyphs(let paths, _, _) = layer { return paths.map(\.stroke.colour) }
            return []
        }
        let kinds = Set(grid.cells.map(\.aspect.kind))
        #expect(kinds.contains(.trine))
        for kind in kinds { #expect(strokes.contains(Palette(options: options).aspect[kind]!), "\(kind)") }
        #expect(strokes.contains(Colour(red: 0x0a, green: 0x6c, blue: 0xae)) && !strokes.contains(Palette.light.aspect[.trine]!))
        #expect(strokes.contains(Palette.light.label) && strokes.contains(Palette.light.planetIcon))
        #expect(!strokes.contains(Palette.light.outerPlanetIcon), "one chart: no outer glyphs")
        #expect(Self.svg(.crossGrid, options).contains("stroke=\"\(Palette.light.outerPlanetIcon.hex)\""))
    }

    /// Each element's row in its signs' background, its name in their colour.
    @Test(arguments: RenderOptions.Theme.allCases)
    func theTableTintsEachElementsRow(theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let svg = Self.svg(.table, options)
        let palette = Palette(options: options)
        for element in ZodiacSign.Element.allCases {
            #expect(svg.contains("fill=\"\(palette.signBackground[element]!.hex)\""), "\(element) row")
            #expect(svg.contains("stroke=\"\(palette.signIcon[element]!.hex)\""), "\(element) word and signs")
        }
        options.signBackground = try Colour(parsing: "#fedcba", field: "test")
        #expect(Self.svg(.table, options).components(separatedBy: "fill=\"#fedcba\"").count == 5, "four rows")
    }

    /// `background: none`: no rectangle, but the cells keep their fills so the glyphs keep their contrast.
    @Test(arguments: Sample.allCases)
    func aTransparentBackgroundLeavesOutTheRectangleButNotTheCells(figure: Sample) throws {
        var options = RenderOptions()
        options.theme = .dark
        options.transparentBackground = true
        let svg = Self.svg(figure, options)
        #expect(!svg.contains("<rect "))
        #expect(svg.contains("<path d=\"M") && svg.contains("fill=\"\(Palette.dark.background.hex)\""))
    }
}
