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

    /// The figures these tests draw: New York's grid, its grid with Sydney, its table.
    enum Sample: String, CaseIterable {
        case grid, crossGrid, table

        var figure: Figure {
            switch self {
            case .grid: .aspectGrid(newYork)
            case .crossGrid: .aspectGrid(newYork, outer: sydney)
            case .table: .elementTable(newYork)
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
        let height = figure == .table ? ElementTable(chart: Self.newYork, options: options.layout).height : 600
        #expect(document.attributes["width"] == "600" && document.attributes["height"] == SVGText.number(height))
        #expect(document.attributes["viewBox"] == "0 0 600 \(SVGText.number(height))")
        #expect(document.attributes["role"] == "img")
        #expect(document.children.first?.name == "title")
        #expect(document.children.first?.text == (figure == .table ? "Elements and modalities" : "Aspect grid"))
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
