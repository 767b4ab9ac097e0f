import ChartModel
import Foundation
import Testing
import TestSupport
import WheelRender

/// Figures sharing a web page: each SVG's ids are its own, so that no `<use>`, `aria-labelledby` or `url(#…)`
/// of one figure reaches into another.
@Suite
struct SVGIDTests {
    static func ids(in svg: String) -> [String] { svg.matches(of: /\sid="([^"]*)"/).map { String($0.1) } }

    /// Every id a figure refers to: `href="#x"`, `url(#x)` and the names in `aria-labelledby`.
    static func references(in svg: String) -> [String] {
        svg.matches(of: /href="#([^"]*)"/).map { String($0.1) } + svg.matches(of: /url\(#([^)]*)\)/).map { String($0.1) }
            + svg.matches(of: /aria-labelledby="([^"]*)"/).flatMap { $0.1.split(separator: " ").map(String.init) }
    }

    /// Figures a page might hold together: two charts' wheels, one chart's wheel in both themes, its grid, its
    /// tables, a bi-wheel and a sheet.
    static func figures() throws -> [(String, String)] {
        let a = try SampleCharts.chart("a_2000_mumbai"), b = try SampleCharts.chart("b_1990_newyork")
        var dark = RenderOptions()
        dark.theme = .dark
        return [("wheel a", WheelRenderer.svgText(.wheel(a))), ("wheel b", WheelRenderer.svgText(.wheel(b))),
                ("wheel a dark", WheelRenderer.svgText(.wheel(a), options: dark)), ("grid a", WheelRenderer.svgText(.aspectGrid(a))),
                ("table a", WheelRenderer.svgText(.elementTable(a))), ("positions a", WheelRenderer.svgText(.positionsTable(a))),
                ("bi-wheel", WheelRenderer.svgText(.wheel(a, outer: OuterChart(chart: b, kind: .synastry)))),
                ("sheet a", WheelRenderer.svgText(.sheet(a)))]
    }

    @Test func differentFiguresShareNoID() throws {
        let figures = try Self.figures()
        for (name, svg) in figures {
            let ids = Self.ids(in: svg)
            #expect(Set(ids).count == ids.count, "\(name): an id twice")
        }
        for (i, (first, a)) in figures.enumerated() {
            for (second, b) in figures[(i + 1)...] {
                let shared = Set(Self.ids(in: a)).intersection(Self.ids(in: b))
                #expect(shared.isEmpty, "\(first) and \(second) share \(shared.sorted().prefix(3))")
            }
        }
    }

    @Test func everyReferenceResolvesInItsOwnFigure() throws {
        for (name, svg) in try Self.figures() {
            let ids = Set(Self.ids(in: svg)), references = Self.references(in: svg)
            #expect(references.contains { $0.hasSuffix("-title") }, "\(name) labels itself by its title")
            for reference in references { #expect(ids.contains(reference), "\(name): #\(reference) is not an id of its own") }
        }
        // A wheel's glyphs over lines are drawn through <use>: the references are there to resolve.
        let wheel = try #require(try Self.figures().first).1
        #expect(wheel.contains("xlink:href=\"#"), "the wheel draws its haloed glyphs through <use>")
    }

    @Test func theSameFigureGivesTheSameBytes() throws {
        let chart = try SampleCharts.chart("c_1879_ulm")
        #expect(WheelRenderer.svg(.wheel(chart)) == WheelRenderer.svg(.wheel(chart)))
    }

    @Test func aPrefixStartsEveryID() throws {
        var options = RenderOptions()
        try options.set("id_prefix", "natal_Ada-1")
        let svg = WheelRenderer.svgText(.wheel(try SampleCharts.chart("a_2000_mumbai")), options: options)
        let ids = Self.ids(in: svg)
        #expect(ids.contains("natal_Ada-1-title") && ids.contains("natal_Ada-1-desc"))
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("natal_Ada-1-") }, "\(ids.prefix(4))")
        for reference in Self.references(in: svg) { #expect(ids.contains(reference)) }
    }

    /// A prefix must start an XML id and hold nothing else than letters, digits, `_` and `-`, so nothing typed
    /// reaches the markup; the error names the option and the value, as every option's does.
    @Test(arguments: ["1chart", "-chart", "", "chart one", "a\"><script>x()</script>", "chärt", "a.b", "a:b",
                      String(repeating: "x", count: RenderOptions.maxIDPrefixLength + 1)])
    func aBadPrefixIsRefused(prefix: String) {
        var options = RenderOptions()
        expectError(at: "id_prefix", naming: "\"\(prefix.prefix(1))") { try options.set("id_prefix", prefix) }
        expectError(at: "id_prefix", naming: "\"\(prefix.prefix(1))") {
            let json = try JSONSerialization.data(withJSONObject: ["id_prefix": prefix])
            _ = try RenderOptions.decode(json: json)
        }
        // Set through its `var`, it is refused by `validate()` and left out of what is drawn.
        options.idPrefix = prefix
        expectError(at: "id_prefix", naming: "\"\(prefix.prefix(1))") { try options.validate() }
        let svg = WheelRenderer.svgText(.elementTable(TestCharts.chart([10, 100])), options: options)
        #expect(Self.ids(in: svg).allSatisfy { $0.hasPrefix("chart-") } && !svg.contains("<script"))
    }

    @Test func aGoodPrefixIsKept() throws {
        for prefix in ["a", "_x", "Chart-2_b", String(repeating: "y", count: RenderOptions.maxIDPrefixLength)] {
            var options = RenderOptions()
            try options.set("id_prefix", prefix)
            #expect(options.idPrefix == prefix)
            try options.validate()
        }
    }
}
