import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// The house system's name sits in the top-left corner: inside the image, below a title, clear of the wheel.
@Suite
struct HouseSystemLabelTests {
    @Test(arguments: [100, 250, 600, 2000])
    func theNameFitsTheCornerClearOfTheWheelAndTheTitle(size: Int) throws {
        for title in [nil, "Albert Einstein, born 14 March 1879 at 11:30 in Ulm, Kingdom of Württemberg, German Empire, natal chart"] {
            for name in ["Placidus", "Whole Sign", String(repeating: "W", count: 40)] {
                var options = LayoutOptions()
                options.chartSize = size
                options.title = title
                let layout = WheelLayout(chart: try SampleCharts.chart("d_1962_newdelhi"), options: options)
                let label = layout.houseSystemLabel(name)
                let box = Box(x: label.baseline.x, y: label.baseline.y - 0.97 * label.fontSize,
                              width: WheelLayout.estimatedWidth(of: name) * label.fontSize, height: WheelLayout.titleLineHeight * label.fontSize)
                #expect(box.x > 0 && box.y > 0 && box.x + box.width < layout.size, "\(size) px \(name): inside the image")
                #expect(box.distanceRange(from: layout.center).lowerBound >= layout.rings.outer, "\(size) px \(name): clear of the wheel")
                for line in layout.titleLines {
                    #expect(line.baseline.y + 0.25 * line.fontSize <= box.y, "\(size) px \(name): below the title")
                }
            }
        }
    }
}
