import ChartModel
import Foundation
import Geometry

/// Chart in, figure out: the library's front door. A `Figure` (the wheel, a bi-wheel, the aspect grid, the
/// element table, the positions table, a sheet) becomes its layout (Geometry), the layout a `Drawing` (Drawing/, with the glyph outlines
/// of Glyphs/ and the colours of Theme/), and the drawing SVG text (SVG/, with the chart in words from
/// Description/); Options/ reads the services' option names. PNG output is an extension in `WheelRaster`, which
/// needs cairo.
public enum WheelRenderer {
    /// `figure` as SVG, UTF-8 bytes: what `wheel render … -o wheel.svg` (and `wheel grid`, `wheel table`,
    /// `wheel positions`, `wheel render --sheet`) writes. `String(decoding:as: UTF8.self)` makes it text.
    ///
    /// It never traps: a chart or options changed through their `var`s into values their checks refuse are drawn
    /// repaired (`NatalChart.drawable()`, `RenderOptions.drawable()`); call their `validate()` first to refuse them.
    public static func svg(_ figure: Figure, options: RenderOptions = RenderOptions()) -> Data {
        DrawingSVG.write(Drawing(figure, options: options))
    }

    /// Colour choices that fall short of WCAG contrast (4.5:1 for glyphs and labels, 3:1 for the aspect lines
    /// drawn); rendering goes ahead, the caller may warn.
    public static func warnings(for options: RenderOptions) -> [String] {
        Palette(options: options).contrastWarnings(aspects: options.effectiveAspectKinds)
    }
}
