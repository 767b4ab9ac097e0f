import ChartModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import WheelRender

/// What the SVG promises: well-formed, accessible, self-contained, font-free, deterministic, and safe.
@Suite
struct SVGOutputTests {
    /// Numbers are written from whole hundredths: at most two decimals, no trailing zeros, no "-0", any size.
    @Test func numbersAreWrittenShortAndExact() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.001, "0"), (0.05, "0.05"), (1, "1"), (-3.1, "-3.1"), (12.3456, "12.35"), (100, "100"),
            (999.999, "1000"), (9999.99, "9999.99"), (12345.678, "12345.68"), (-1234567, "-1234567"),
        ]
        for (value, text) in cases { #expect(SVGText.number(value) == text, "\(value)") }
    }

    /// Every number a wheel of up to 10000 px can hold, and some beyond, against formatting by interpolation:
    /// each length and digit must be right.
    @Test func everyNumberOfHundredthsIsWrittenAsThePlainWayWould() {
        func plain(_ hundredths: Int) -> String {
            let sign = hundredths < 0 ? "-" : "", magnitude = abs(hundredths)
            let fraction = magnitude % 100
            let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
            return sign + String(magnitude / 100) + decimals
        }
        var mismatches: [Int] = []
        for hundredths in stride(from: -1_000_000, through: 1_000_000, by: 1) where SVGText.number(Double(hundredths) / 100) != plain(hundredths) {
            mismatches.append(hundredths)
        }
        for hundredths in [99_999_999, 100_000_000, 1_234_567_890, -2_000_000_000] where SVGText.number(Double(hundredths) / 100) != plain(hundredths) {
            mismatches.append(hundredths)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5).map { "\($0): \(SVGText.number(Double($0) / 100))" })")
    }

    @Test(arguments: SampleCharts.ids, RenderOptions.Theme.allCases)
    func sampleSVGIsWellFormedAccessibleAndSelfContained(id: String, theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let chart = try SampleCharts.chart(id)
        let svg = WheelRenderer.svgText(.wheel(chart), options: options)
        let document = try XMLElementTree(svg)
        #expect(document.name == "svg")
        #expect(document.attributes["viewBox"] == "0 0 600 600")
        #expect(document.attributes["role"] == "img")
        #expect(document.children.first?.name == "title")
        #expect(document.children.dropFirst().first?.name == "desc")
        #expect(!svg.contains("var("), "no CSS custom properties")
        #expect(!svg.contains("<style"), "no style sheets")
        #expect(!svg.contains("<script"), "no scripts")
        #expect(svg.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "no event handlers")
        #expect(svg.range(of: #"href="[^#]"#, options: .regularExpression) == nil, "no external references")
        #expect(!svg.contains("<text"), "no text, so no fonts, without a title")
    }

    @Test func descriptionListsEveryPlacementInWords() throws {
        let chart = try SampleCharts.chart("a_2000_mumbai")
        let desc = ChartDescription.text(for: .init(chart: chart, options: RenderOptions()))
        #expect(desc.contains("Sun 15°03′ Capricorn, house 12"))
        #expect(desc.contains("Saturn 10°19′ Taurus, retrograde, house 4"))
        #expect(desc.contains("Ascendant 21°23′ Capricorn"))
        for body in chart.bodies { #expect(desc.contains(body.id.displayName + " ")) }
        #expect(desc.contains("Sun trine Saturn (orb 4°43′)"))
    }

    @Test func userTextCannotInjectMarkup() throws {
        var options = RenderOptions()
        options.title = "Ada</title><script>alert(1)</script><text onload=\"x\">&"
        options.houseSystem = "<script>alert(2)</script>&amp;"
        let svg = WheelRenderer.svgText(.wheel(try SampleCharts.chart("b_1990_newyork")), options: options)
        let document = try XMLElementTree(svg)
        #expect(!svg.contains("<script"))
        #expect(document.children.first?.text == options.title)
        let lines = WheelLayoutProbe.layout(try SampleCharts.chart("b_1990_newyork"), options).titleLines.count
        #expect(svg.components(separatedBy: "<text ").count == 2 + lines, "no text element but the title's lines and the house system")
        #expect(svg.contains(">&lt;script&gt;alert(2)&lt;/script&gt;&amp;amp;</text>"))
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let chart = try SampleCharts.chart("d_1962_newdelhi")
        var options = RenderOptions()
        options.theme = .dark
        #expect(WheelRenderer.svgText(.wheel(chart), options: options) == WheelRenderer.svgText(.wheel(chart), options: options))
    }

    @Test func colourOptionsReachTheDrawing() throws {
        var options = RenderOptions()
        options.planetIconColor = Colour(red: 0x12, green: 0x34, blue: 0x56)
        options.signBackground = Colour(red: 0xfe, green: 0xdc, blue: 0xba)
        options.aspectLineColors = [.trine: Colour(red: 0, green: 0, blue: 0xff)]
        let svg = WheelRenderer.svgText(.wheel(try SampleCharts.chart("a_2000_mumbai")), options: options)
        #expect(svg.contains("stroke=\"#123456\""))
        #expect(svg.components(separatedBy: "fill=\"#fedcba\"").count == 13, "all twelve sectors")
        #expect(svg.contains("stroke=\"#0000ff\""))
    }

    /// `background: none`: no rectangle behind the wheel, and the disc alone keeps the background colour.
    @Test(arguments: RenderOptions.Theme.allCases)
    func aTransparentBackgroundLeavesOutTheRectangleButNotTheDisc(theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let chart = try SampleCharts.chart("a_2000_mumbai")
        let opaque = WheelRenderer.svgText(.wheel(chart), options: options)
        #expect(opaque.contains("<rect "))
        options.transparentBackground = true
        let transparent = WheelRenderer.svgText(.wheel(chart), options: options)
        #expect(!transparent.contains("<rect "))
        let layout = WheelLayoutProbe.layout(chart, options)
        let disc = "r=\"\(layout.rings.outer.snapped.svg)\" fill=\"\(Palette(options: options).background.hex)\""
        #expect(transparent.contains(disc), "the disc in the background colour: \(disc)")
    }

    /// The legend is off by default; on, it adds a line sample in each drawn aspect's stroke and its glyph.
    @Test func theLegendAddsOneSampleForEachAspectKindDrawn() throws {
        let chart = try SampleCharts.chart("b_1990_newyork")
        var options = RenderOptions()
        let plain = WheelRenderer.svgText(.wheel(chart), options: options)
        options.legend = true
        let withLegend = WheelRenderer.svgText(.wheel(chart), options: options)
        let palette = Palette(options: options)
        let kinds = Set(WheelLayoutProbe.layout(chart, options).aspects.map(\.kind))
        #expect(kinds.count >= 4)
        for kind in kinds {
            let stroke = "stroke=\"\(palette.aspect[kind]!.hex)\""
            #expect(withLegend.components(separatedBy: stroke).count == plain.components(separatedBy: stroke).count + 1, "\(kind)")
        }
        #expect(withLegend.count > plain.count)
        // Each kind's name, as text in a font; the names face the wheel, so the right-hand ones end at their x.
        for kind in kinds {
            #expect(withLegend.contains(">\(kind.displayName)</text>"), "\(kind)")
        }
        #expect(withLegend.contains("text-anchor=\"end\""))
        #expect(!plain.contains("<text"))
        // At 250 px the names would be too small: the legend goes without them.
        options.chartSize = 250
        #expect(!WheelRenderer.svgText(.wheel(chart), options: options).contains("<text"))
    }

    @Test func cuspDegreesAreDrawnOnlyWhenAsked() throws {
        let chart = try SampleCharts.chart("b_1990_newyork")
        var options = RenderOptions()
        let plain = WheelRenderer.svgText(.wheel(chart), options: options)
        options.cuspDegrees = true
        #expect(!WheelLayoutProbe.layout(chart, options).cuspLabels.isEmpty)
        #expect(WheelRenderer.svgText(.wheel(chart), options: options).count > plain.count)
        // Ulm's crowded 8th house sends its cusp's label to the band, drawn as a circle where the lines start.
        let ulm = try SampleCharts.chart("c_1879_ulm")
        let band = try #require(WheelLayoutProbe.layout(ulm, options).rings.cuspBand)
        #expect(WheelRenderer.svgText(.wheel(ulm), options: options).contains("r=\"\(band.snapped.svg)\" fill=\"none\""))
    }

    @Test func excludedBodiesAndDisallowedAspectsAreNotDrawn() throws {
        var options = RenderOptions()
        options.excludePlanets = [.sun]
        options.allowedAspects = [.square]
        let layout = WheelLayoutProbe.layout(try SampleCharts.chart("a_2000_mumbai"), options)
        #expect(!layout.bodies.contains { $0.id == .sun })
        #expect(!layout.aspects.isEmpty && layout.aspects.allSatisfy { $0.kind == .square })
    }
}

import Geometry

enum WheelLayoutProbe {
    static func layout(_ chart: NatalChart, _ options: RenderOptions) -> WheelLayout { WheelLayout(chart: chart, options: options) }
}

/// A small DOM built with Foundation's XMLParser: parsing fails on anything not well-formed.
struct XMLElementTree {
    var name: String
    var attributes: [String: String]
    var children: [XMLElementTree] = []
    var text = ""

    init(_ xml: String) throws {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseFailure(message: parser.parserError.map { "\($0)" } ?? "no root element")
        }
        self = root
    }

    private init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    struct ParseFailure: Error { var message: String }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLElementTree] = []
        var root: XMLElementTree?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            stack.append(XMLElementTree(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let element = stack.removeLast()
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }
    }
}
