import ChartModel
import Testing
import TestSupport
@testable import Geometry

/// A title of any length is wrapped or shrunk into the band above the wheel: never wider than the image, never
/// over the wheel, every character kept.
@Suite
struct TitleLinesTests {
    static let titles = [
        "Albert Einstein, born 14 March 1879 at 11:30 in Ulm, Kingdom of Württemberg, German Empire, natal chart",
        String(repeating: "W", count: 200),
        String(repeating: "Шщ ", count: 66),
        String(repeating: "名", count: 200),
        String(repeating: "Lovelace ", count: 22),
    ]

    @Test(arguments: [100, 250, 600, 2000])
    func everyTitleFitsTheBandAboveTheWheel(size: Int) throws {
        let chart = try SampleCharts.chart("c_1879_ulm")
        for title in Self.titles {
            var options = LayoutOptions()
            options.chartSize = size
            options.title = title
            let layout = WheelLayout(chart: chart, options: options)
            let lines = layout.titleLines
            #expect((1...WheelLayout.maxTitleLines).contains(lines.count))
            #expect(lines.map(\.text).joined().filter { $0 != " " } == title.filter { $0 != " " }, "every character kept")
            for line in lines {
                let width = WheelLayout.estimatedWidth(of: line.text) * line.fontSize
                #expect(width <= layout.size * 0.94 + 1e-9, "\(size) px: \(line.text.prefix(20))… is \(width) wide")
                #expect(line.baseline.y - 0.93 * line.fontSize >= 0, "\(size) px: the line's top is on the image")
                #expect(line.baseline.y + 0.25 * line.fontSize <= layout.center.y - layout.rings.outer, "\(size) px: above the wheel")
                #expect(line.fontSize <= layout.title!.fontSize)
            }
        }
    }

    @Test func aShortTitleKeepsItsPlaceAndSize() throws {
        var options = LayoutOptions()
        options.title = "Ada Lovelace"
        let layout = WheelLayout(chart: try SampleCharts.chart("c_1879_ulm"), options: options)
        let title = try #require(layout.title)
        #expect(layout.titleLines == [WheelLayout.TitleLine(text: "Ada Lovelace", baseline: title.baseline, fontSize: title.fontSize)])
    }

    @Test func aLongTitleAtSixHundredPixelsIsWrappedRatherThanShrunkIntoMush() throws {
        var options = LayoutOptions()
        options.title = Self.titles[0]
        let lines = WheelLayout(chart: try SampleCharts.chart("c_1879_ulm"), options: options).titleLines
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.fontSize >= 12 }, "\(lines.map(\.fontSize))")
    }
}
