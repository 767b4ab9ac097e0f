import Foundation
import RemoteCharts
import Testing
import TestSupport
import WheelRaster

/// The cost model prices what librsvg 2.54 does with a document: what it counts, and that the costly kinds of
/// documents come out costly and chart wheels cheap.
@Suite(.hangGuard)
struct SVGDrawingCostTests {
    /// The budget's default, and the share of it an estimate may take (ChartImages refuses above it).
    let affordable = 5.0 * 0.5

    @Test func twoThousandBlurredRectanglesCostSecondsAt600Pixels() throws {
        let cost = try SVGDrawingCost.estimate(svg: CostlySVG.blurredRectangles(2000), width: 600, height: 600)
        #expect(cost.filtered == 2000 && cost.primitives == 2000 && cost.elements == 2001)
        #expect(cost.seconds > affordable, "\(cost.seconds) s")
        #expect(cost.summary == "2000 filtered elements (2000 filter primitives)")
        // Filters are drawn on surfaces the size of the image: a small image makes them cheap.
        let small = try SVGDrawingCost.estimate(svg: CostlySVG.blurredRectangles(2000), width: 150, height: 150)
        #expect(small.seconds < cost.seconds / 10)
    }

    @Test func aBlurCostsItsRegionsPixelsToo() throws {
        // Full-size rectangles: each blur covers the whole image (librsvg: about 27 ms each at 600 px).
        let large = try SVGDrawingCost.estimate(svg: CostlySVG.blurredRectangles(2000, side: 600), width: 600, height: 600)
        let small = try SVGDrawingCost.estimate(svg: CostlySVG.blurredRectangles(2000), width: 600, height: 600)
        #expect(large.blurredPixels == 2000 * 600 * 600)
        #expect(small.blurredPixels == 2000 * 24 * 24)
        #expect(large.seconds > 10 * small.seconds)
    }

    @Test func aStyleSheetRuleFiltersEveryElementItMatches() throws {
        let cost = try SVGDrawingCost.estimate(svg: CostlySVG.rectanglesBlurredByAStyleSheet(2000), width: 600, height: 600)
        #expect(cost.filtered == 2000)
        #expect(cost.seconds > affordable)
    }

    @Test func nestingCountsEveryBlurredLevelAndShape() throws {
        let nested = try SVGDrawingCost.estimate(svg: CostlySVG.nestedBlurredGroups(depth: 50, shapes: 40), width: 600, height: 600)
        #expect(nested.filtered == 50 * 41)
        #expect(nested.seconds > affordable)
        // Depth alone costs little: librsvg draws 50 nested groups in a few hundredths of a second.
        let plain = try SVGDrawingCost.estimate(svg: CostlySVG.nestedGroups(depth: 50), width: 600, height: 600)
        #expect(plain.elements == 52 && plain.seconds < 0.1)
    }

    @Test func useReferencesAreCountedAsOftenAsTheyAreDrawn() throws {
        let cost = try SVGDrawingCost.estimate(svg: CostlySVG.useBomb(levels: 7, fanOut: 10), width: 600, height: 600)
        // 10^7 rectangles, their groups and uses: far beyond any budget, from under a kilobyte.
        #expect(cost.elements > 1e7)
        #expect(cost.seconds > 10 * affordable)
        #expect(cost.summary.hasSuffix(" elements"))
    }

    @Test func aReferenceCycleEnds() throws {
        let svg = Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>"##.utf8)
        let cost = try SVGDrawingCost.estimate(svg: svg, width: 10, height: 10)
        #expect(cost.elements < 10)
    }

    @Test(arguments: SampleCharts.ids.prefix(3))
    func aChartWheelCostsLittle(id: String) throws {
        let svg = try Data(contentsOf: SampleCharts.folder.appendingPathComponent("wheels/\(id)-light.svg"))
        let cost = try SVGDrawingCost.estimate(svg: svg, width: 600, height: 600)
        #expect(cost.elements > 50, "a whole wheel was read")
        #expect(cost.seconds < 0.1, "\(cost.seconds) s")
    }

    @Test func aConvolutionKernelThatWouldAbortTheProcessIsRefused() throws {
        func kernel(_ order: Int) -> Data {
            let numbers = Array(repeating: "1", count: order * order).joined(separator: " ")
            return Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60"><filter id="f"><feConvolveMatrix order="\#(order)" kernelMatrix="\#(numbers)"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>"#.utf8)
        }
        #expect(throws: RasterError.svgKernelTooLarge(entries: 441, limit: 400)) {
            try SVGDrawingCost.estimate(svg: kernel(21), width: 60, height: 60)
        }
        // 20 × 20 is drawn, and costs what a filter costs.
        let drawable = try SVGDrawingCost.estimate(svg: kernel(20), width: 60, height: 60)
        #expect(drawable.filtered == 1)
        #expect((try? Rasterizer.image(svg: kernel(20), width: 60, height: 60)) != nil)
    }
}
