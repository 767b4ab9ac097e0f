import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The aspect legend sits in the bottom corners, clear of the wheel and inside the image, one row a kind drawn.
struct AspectLegendTests {
    @Test(arguments: [100, 250, 600, 2000])
    func theLegendIsInTheCornersClearOfTheWheel(size: Int) throws {
        for id in SampleCharts.ids {
            for (title, allowed) in [(nil, nil), ("A title", Set(AspectKind.allCases))] as [(String?, Set<AspectKind>?)] {
                var options = LayoutOptions()
                options.chartSize = size
                options.title = title
                options.allowedAspects = allowed
                if allowed != nil { options.orbValues = [.quintile: 4, .semiSextile: 4, .semiSquare: 4, .sesquiquadrate: 4] }
                let layout = WheelLayout(chart: try SampleCharts.chart(id), options: options)
                let legend = try #require(layout.aspectLegend)
                let drawn = AspectKind.allCases.filter { kind in layout.aspects.contains { $0.kind == kind } }
                #expect(legend.rows.map(\.kind) == drawn, "one row a kind drawn, in order")
                let image = Box(x: 0, y: 0, width: layout.size, height: layout.size)
                for block in legend.blocks {
                    #expect(block.x >= 0 && block.y >= 0 && block.x + block.width <= image.width && block.y + block.height <= image.height)
                    #expect(block.distanceRange(from: layout.center).lowerBound >= layout.rings.outer, "\(id) \(size) px: clear of the wheel")
                    for line in layout.titleLines {
                        #expect(line.baseline.y < block.y, "below the title")
                    }
                }
                if legend.blocks.count == 2 { #expect(legend.blocks[0].x + legend.blocks[0].width < legend.blocks[1].x) }
                for row in legend.rows {
                    let inBlock = legend.blocks.contains { block in
                        [row.glyph.box.x, row.sample.to.x].allSatisfy { $0 >= block.x - 1e-9 && $0 <= block.x + block.width + 1e-9 }
                            && row.glyph.box.y >= block.y - 1e-9 && row.glyph.box.y + row.glyph.box.height <= block.y + block.height + 1e-9
                    }
                    #expect(inBlock, "\(id) \(size) px: \(row.kind) inside its block")
                    #expect(row.sample.from.x > row.glyph.box.x + row.glyph.box.width, "the sample right of the glyph")
                }
            }
        }
    }

    @Test func noAspectsNoLegend() throws {
        var options = LayoutOptions()
        options.allowedAspects = []
        #expect(WheelLayout(chart: try SampleCharts.chart("a_2000_mumbai"), options: options).aspectLegend == nil)
    }
}
