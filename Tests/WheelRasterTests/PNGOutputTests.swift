import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRaster
import WheelRender

/// The PNG is the size asked for and shows the wheel's colours where the layout put them.
@Suite
struct PNGOutputTests {
    @Test func sameInputGivesTheSameBytes() throws {
        let chart = try SampleCharts.chart("d_1962_newdelhi")
        var options = RenderOptions()
        options.theme = .dark
        let first = try WheelRenderer.png(.wheel(chart), options: options), second = try WheelRenderer.png(.wheel(chart), options: options)
        let same = first == second  // compare into a Bool: #expect on two large Data values renders a slow diff
        #expect(same, "PNG bytes differ between two renders")
    }

    @Test(arguments: [250, 600, 1000])
    func pngHasExactlyTheSizeAsked(size: Int) throws {
        var options = RenderOptions()
        options.chartSize = size
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.wheel(try SampleCharts.chart("c_1879_ulm")), options: options))
        #expect(image.width == size && image.height == size)
    }

    /// A size set through the `var` outside 250...4000 is drawn at the nearest limit, as the SVG is.
    @Test func aSizeOutsideTheRangeIsDrawnAtItsLimit() throws {
        var options = RenderOptions()
        options.chartSize = 150
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.wheel(try SampleCharts.chart("c_1879_ulm")), options: options))
        #expect(image.width == 250 && image.height == 250)
    }

    @Test(arguments: RenderOptions.Theme.allCases)
    func pixelsShowBackgroundZodiacBandAndInnerCircle(theme: RenderOptions.Theme) throws {
        var options = RenderOptions()
        options.theme = theme
        let chart = try SampleCharts.chart("h_1994_sydney")
        let image = try Rasterizer.decodePNG(try WheelRenderer.png(.wheel(chart), options: options))
        let layout = WheelLayout(chart: chart, options: options)
        let palette = Palette(options: options)
        let polar = Polar(center: layout.center)

        #expect(matches(image, Point(x: 1, y: 1), palette.background), "corner shows the background")
        for sector in layout.signs {
            // Inside the band, a few degrees from the sign's start: away from its glyph and the dividers.
            let p = polar.point(radius: (layout.rings.outer + layout.rings.zodiacInner) / 2, angle: sector.startAngle + 4)
            #expect(matches(image, p, palette.signBackground[sector.sign.element]!), "\(sector.sign) sector colour")
        }
        // With no aspects allowed the inner circle is clear: its centre shows the inner background.
        options.allowedAspects = []
        let plain = try Rasterizer.decodePNG(try WheelRenderer.png(.wheel(chart), options: options))
        #expect(matches(plain, layout.center, palette.innerBackground), "inner circle colour")
    }

    /// `background: none`: the corners are transparent (RGBA, alpha 0) and the wheel is opaque, whether cairo paints
    /// the drawing on one thread or two, or librsvg draws the SVG because of a title.
    @Test(arguments: [nil, "A title"])
    func aTransparentBackgroundGivesTransparentCornersAndAnOpaqueWheel(title: String?) throws {
        let chart = try SampleCharts.chart("h_1994_sydney")
        var options = RenderOptions()
        options.theme = .dark
        options.transparentBackground = true
        options.title = title
        let layout = WheelLayout(chart: chart, options: options)
        let palette = Palette(options: options)
        let one = try WheelRenderer.png(.wheel(chart), options: options, threads: 1)
        let image = try Rasterizer.decodePNG(one)
        for corner in [(1, 1), (options.chartSize - 2, 1), (1, options.chartSize - 2), (options.chartSize - 2, options.chartSize - 2)] {
            #expect(image.pixel(x: corner.0, y: corner.1).alpha == 0, "corner \(corner) is transparent")
        }
        // Between the house numbers and the columns, left of the centre along the AC axis, lies the disc's background.
        let inner = Polar(center: layout.center).point(radius: (layout.rings.aspect + layout.rings.houseNumbers) / 2, angle: 120)
        #expect(image.pixel(x: Int(layout.center.x), y: Int(layout.center.y)).alpha == 255, "the wheel is opaque")
        #expect(image.pixel(x: Int(inner.x), y: Int(inner.y)).alpha == 255)
        let zodiac = Polar(center: layout.center).point(radius: (layout.rings.outer + layout.rings.zodiacInner) / 2, angle: layout.signs[0].startAngle + 4)
        #expect(matches(image, zodiac, palette.signBackground[layout.signs[0].sign.element]!))
        if title == nil {
            let same = one == (try WheelRenderer.png(.wheel(chart), options: options, threads: 2))
            #expect(same, "the same bytes on one thread or two")
        }
    }

    /// On two threads the halves of the image are painted and compressed apart: the file must be the same.
    @Test(arguments: ["a_2000_mumbai", "c_1879_ulm", "h_1994_sydney"])
    func thePNGIsTheSameBytesOnOneThreadOrTwo(sample: String) throws {
        let chart = try SampleCharts.chart(sample)
        for (size, theme) in [(150, RenderOptions.Theme.dark), (451, .light), (1000, .dark)] {
            var options = RenderOptions()
            options.chartSize = size
            options.theme = theme
            let one = try WheelRenderer.png(.wheel(chart), options: options, threads: 1)
            let two = try WheelRenderer.png(.wheel(chart), options: options, threads: 2)
            let same = one == two  // a Bool first: a failing #expect on two large Data values takes minutes
            #expect(same, "\(size) px \(theme): \(one.count) bytes on one thread, \(two.count) on two")
        }
    }

    @Test func aCorruptPNGIsAnErrorNotACrash() throws {
        let png = try WheelRenderer.png(.wheel(try SampleCharts.chart("c_1879_ulm")), options: RenderOptions())
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(png.prefix(200)) }
        #expect(throws: RasterError.self) { try Rasterizer.decodePNG(Data("<html>".utf8)) }
    }
}

/// Whether the pixel at `point` shows `colour`, within the two levels anti-aliasing and rounding leave.
func matches(_ image: RGBAImage, _ point: Point, _ colour: Colour) -> Bool {
    let p = image.pixel(x: Int(point.x), y: Int(point.y))
    return abs(Int(p.red) - Int(colour.red)) <= 2 && abs(Int(p.green) - Int(colour.green)) <= 2 && abs(Int(p.blue) - Int(colour.blue)) <= 2
}
