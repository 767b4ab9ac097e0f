import ChartModel
import Foundation
import Geometry

/// Chart in, wheel out: the library's front door.
public enum WheelRenderer {
    /// The wheel as SVG text. `render(_:as: .svg)` gives the same as UTF-8 bytes, faster: it skips the check
    /// that a `String`'s bytes are valid UTF-8.
    public static func svg(for chart: NatalChart, options: RenderOptions = RenderOptions()) -> String {
        String(decoding: svgData(for: chart, options: options), as: UTF8.self)
    }

    private static func svgData(for chart: NatalChart, options: RenderOptions) -> Data {
        WheelSVG.document(WheelLayout(chart: chart, options: options), palette: Palette(options: options))
    }

    /// How many threads paint one PNG by default: its two halves at once where there are two cores.
    public static let defaultThreads = min(2, ProcessInfo.processInfo.activeProcessorCount)

    /// The wheel as a PNG of `options.chartSize` pixels square: the SVG's drawing, painted by cairo directly, its
    /// two halves on `threads` threads (1 or 2). Callers that already render several charts in parallel should
    /// pass 1. The bytes are the same either way.
    public static func png(for chart: NatalChart, options: RenderOptions = RenderOptions(), threads: Int = defaultThreads) throws(RasterError) -> Data {
        let layout = WheelLayout(chart: chart, options: options)
        let drawing = WheelDrawing(layout, palette: Palette(options: options))
        guard drawing.title == nil else {
            // A title is text in a font, which librsvg lays out: it draws the SVG as it stands.
            let svg = WheelSVG.write(drawing, layout: layout)
            return try Rasterizer.png(svg: svg, width: options.chartSize, height: options.chartSize)
        }
        return try Rasterizer.png(drawing, threads: threads)
    }

    /// The wheel in `format`; a PNG is painted on `threads` threads.
    public static func render(_ chart: NatalChart, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads) throws(RasterError) -> Data {
        switch format {
        case .svg: svgData(for: chart, options: options)
        case .png: try png(for: chart, options: options, threads: threads)
        }
    }

    /// Colour choices that fall short of WCAG contrast (4.5:1 for glyphs and labels, 3:1 for the aspect lines
    /// drawn); rendering goes ahead, the caller may warn.
    public static func warnings(for options: RenderOptions) -> [String] {
        Palette(options: options).contrastWarnings(aspects: options.effectiveAspectKinds)
    }
}
