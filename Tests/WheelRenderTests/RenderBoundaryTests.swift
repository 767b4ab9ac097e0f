import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// Nothing the public API accepts makes the renderer trap: values set through `var`s after the checks are drawn
/// repaired, and the SVG stays well-formed XML.
@Suite struct RenderBoundaryTests {
    static let equalCusps = (0..<12).map { Double($0) * 30 }

    private func sample() throws -> NatalChart {
        try NatalChart(bodies: [Body(id: .sun, longitude: 10), Body(id: .moon, longitude: 100)], cusps: Self.equalCusps,
                       aspects: [Aspect(first: .sun, second: .moon, kind: .square, orb: 0)])
    }

    @Test func aLongitudeJustBelowZeroAriesReadsTwentyNineFiftyNinePiscesEverywhere() throws {
        let chart = try NatalChart(bodies: [Body(id: .sun, longitude: 359.9999999999999)], cusps: Self.equalCusps,
                                   ascendant: 359.9999999999999)
        let svg = WheelRenderer.svgText(.wheel(chart))
        #expect(svg.contains("Ascendant 29°59′ Pisces") && svg.contains("Sun 29°59′ Pisces"))
        #expect(!svg.contains("30°00′"))
        let layoutText = String(decoding: WheelLayout(chart: chart, options: LayoutOptions()).jsonData(), as: UTF8.self)
        #expect(layoutText.contains("AC 29°59′ Pisces"), "\(layoutText.prefix(400))")
        #expect(!layoutText.contains("30°00′"))
    }

    @Test func aNegativeOrbIsReadWithItsSign() throws {
        var chart = try sample()
        chart.aspects = [try Aspect(first: .sun, second: .moon, kind: .square, orb: -1.5)]
        #expect(WheelRenderer.svgText(.wheel(chart)).contains("Sun square Moon (orb −1°30′)"))
    }

    @Test func aTitleIsCountedInScalarsAndHoldsOnlyWhatXMLCan() {
        var options = RenderOptions()
        let marks = "a" + String(repeating: "\u{0301}", count: 100_000)  // one character
        expectError(at: "title", naming: "100001 Unicode scalars long, at most 200") { try options.set("title", marks) }
        for bad in [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFF, 0x85, 0x7F, 0x9].map({ String(Unicode.Scalar(UInt32($0))!) }) {
            expectError(at: "title", naming: "U+") { try options.set("title", "Ada" + bad) }
            expectError(at: "house_system", naming: "U+") { try options.set("house_system", "P" + bad) }
        }
        #expect(options.title == nil && options.houseSystem == nil)
    }

    @Test func textSetThroughVarsIsStrippedAndTheSVGStaysWellFormed() throws {
        var options = RenderOptions()
        options.title = "Ada\u{FFFE} Lovelace\u{FFFF}\u{1}" + String(repeating: "\u{0301}", count: 10_000)
        options.houseSystem = "Placidus\u{FFFF}"
        expectError(at: "title", naming: "Unicode scalars long") { try options.validate() }
        var chart = try sample()
        chart.houseSystem = "Koch\u{FFFE}"
        let svg = WheelRenderer.svgText(.wheel(chart), options: options)
        let tree = try XMLElementTree(svg)
        #expect(tree.name == "svg")
        #expect(!svg.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 1 })
        #expect(svg.contains("Ada Lovelac"))  // the last letter carries the marks that fit in 200 scalars
    }

    @Test func sizesSetThroughVarsAreDrawnWithinTheLimits() throws {
        var options = RenderOptions()
        options.chartSize = 1_000_000_000
        expectError(at: "chart_size", naming: "1000000000 is above 4000") { try options.validate() }
        #expect(WheelRenderer.svgText(.wheel(try sample()), options: options).contains(#"width="4000" height="4000""#))
        options.chartSize = -5
        #expect(WheelRenderer.svgText(.wheel(try sample()), options: options).contains(#"width="250" height="250""#))
        options.chartSize = 600
        options.orbValues = [.trine: .nan, .square: -1, .sextile: 1e300]
        expectError(at: "orb_values.Sextile", naming: "outside 0 < orb <= 15") { try options.validate() }
        _ = WheelRenderer.svgText(.wheel(try sample()), options: options)
    }

    @Test func aChartChangedIntoNonsenseIsDrawnRepaired() throws {
        var chart = try sample()
        chart.bodies[0].longitude = .nan
        chart.bodies[1].longitude = -1e300
        chart.bodies.append(chart.bodies[1])
        chart.cusps = [.infinity]
        chart.ascendant = .nan
        chart.midheaven = 1e300
        chart.aspects?[0].orb = 3e7
        let tree = try XMLElementTree(WheelRenderer.svgText(.wheel(chart)))
        #expect(tree.name == "svg")
    }
}
