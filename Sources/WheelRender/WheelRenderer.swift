import ChartModel
import Foundation
import Geometry

/// Chart in, wheel out: the library's front door. The chart becomes a `WheelLayout` (Geometry), the layout a
/// `Drawing` (Drawing/, with the glyph outlines of Glyphs/ and the colours of Theme/), and the drawing SVG
/// text (SVG/, with the chart in words from Description/); Options/ reads the services' option names. PNG output
/// is an extension in `WheelRaster`, which needs cairo.
public enum WheelRenderer {
    /// The wheel as SVG text. `svgData(for:options:)` gives the same as UTF-8 bytes, faster: it skips the check
    /// that a `String`'s bytes are valid UTF-8.
    public static func svg(for chart: NatalChart, options: RenderOptions = RenderOptions()) -> String {
        String(decoding: svgData(for: chart, options: options), as: UTF8.self)
    }

    /// The wheel as SVG, UTF-8 bytes: what `wheel render … -o wheel.svg` writes.
    ///
    /// It never traps: a chart or options changed through their `var`s into values their checks refuse are drawn
    /// repaired (`NatalChart.drawable()`, `RenderOptions.drawable()`); call their `validate()` first to refuse them.
    public static func svgData(for chart: NatalChart, options: RenderOptions = RenderOptions()) -> Data {
        svgData(for: chart, outer: nil, options: options)
    }

    /// A bi-wheel with `outer`: `chart` inside with its houses, the outer chart's bodies on a ring of their own,
    /// the cross-aspects between them (and `chart`'s own with `innerAspects`). Without `outer`, the wheel.
    public static func svgData(for chart: NatalChart, outer: OuterChart?, options: RenderOptions = RenderOptions()) -> Data {
        let options = options.drawable()
        let layout = WheelLayout(chart: chart, outer: outer, options: options.layout)
        return DrawingSVG.write(Drawing(wheel: layout, palette: Palette(options: options), legend: options.legend, houseSystem: options.houseSystem))
    }

    /// Colour choices that fall short of WCAG contrast (4.5:1 for glyphs and labels, 3:1 for the aspect lines
    /// drawn); rendering goes ahead, the caller may warn.
    public static func warnings(for options: RenderOptions) -> [String] {
        Palette(options: options).contrastWarnings(aspects: options.effectiveAspectKinds)
    }
}
