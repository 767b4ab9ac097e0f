import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The aspect legend sits in the bottom corners, clear of the wheel and inside the image, one row a kind drawn.
@Suite
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
                var named = 0
                let drawn = AspectKind.allCases.filter { kind in layout.aspects.contains { $0.kind == kind } }
                #expect(legend.rows.map(\.kind) == drawn, "one row a kind drawn, in order")
                let image = Box(x: 0, y: 0, width: layout.size, height: layout.size)
                for block in legend.blocks {
                    #expect(block.x >= 0 && block.y >= 0 && block.x + block.width <= image.width && block.y + block.height <= image.height)
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
                    // Glyph, sample, name, left to right in the left-hand corner, mirrored in the right-hand one.
                    let isLeft = row.glyph.box.x < layout.size / 2
                    if isLeft {
                        #expect(row.sample.from.x > row.glyph.box.x + row.glyph.box.width, "the sample right of the glyph")
                    } else {
                        #expect(row.sample.to.x < row.glyph.box.x, "the sample left of the glyph")
                    }
                    #expect(row.box.distanceRange(from: layout.center).lowerBound >= layout.rings.outer, "\(id) \(size) px: \(row.kind) clear of the wheel")
                    if let name = row.name {
                        #expect(name.text == row.kind.displayName)
                        #expect(name.fontSize >= WheelLayout.legendSmallestName)
                        #expect(name.box.x >= row.box.x - 1e-9 && name.box.x + name.box.width <= row.box.x + row.box.width + 1e-9, "the name inside its row")
                        #expect(name.box.x >= 0 && name.box.x + name.box.width <= layout.size && name.box.y + name.box.height <= layout.size)
                        if isLeft {
                            #expect(name.box.x > row.sample.to.x, "the name right of the sample")
                        } else {
                            #expect(name.box.x + name.box.width < row.sample.from.x, "the name left of the sample")
                        }
                        named += 1
                    }
                    #expect(!legend.rows.contains { $0 != row && $0.box.overlaps(row.box) }, "rows apart")
                }
                // Every name or none; with the major aspects, names from 600 px up (with a dozen kinds and a
                // title they would be too small, and the legend goes without them).
                #expect(named == 0 || named == legend.rows.count)
                if size >= 600 && allowed == nil { #expect(named == legend.rows.count, "\(id) \(size) px: names") }
            }
        }
    }

    @Test func noAspectsNoLegend() throws {
        var options = LayoutOptions()
        options.allowedAspects = []
        #expect(WheelLayout(chart: try SampleCharts.chart("a_2000_mumbai"), options: options).aspectLegend == nil)
    }
}
