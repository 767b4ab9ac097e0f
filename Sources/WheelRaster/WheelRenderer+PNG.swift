import ChartModel
import Foundation
import Geometry
import WheelRender

extension WheelRenderer {
    /// How many threads paint one PNG by default: its two halves at once where there are two cores.
    public static let defaultThreads = min(2, ProcessInfo.processInfo.activeProcessorCount)

    /// The wheel as a PNG of `options.chartSize` pixels square: the SVG's drawing, painted by cairo directly, its
    /// two halves on `threads` threads (1 or 2). Callers that already render several charts in parallel should
    /// pass 1. The bytes are the same either way.
    public static func png(for chart: NatalChart, options: RenderOptions = RenderOptions(), threads: Int = defaultThreads) throws(RasterError) -> Data {
        try png(for: chart, outer: nil, options: options, threads: threads)
    }

    /// A bi-wheel with `outer` (see `svgData(for:outer:options:)`), as a PNG.
    public static func png(for chart: NatalChart, outer: OuterChart?, options: RenderOptions = RenderOptions(),
                           threads: Int = defaultThreads) throws(RasterError) -> Data {
        let options = options.drawable()  // a size within limits, showable text: as `svgData` draws
        let layout = WheelLayout(chart: chart, outer: outer, options: options.layout)
        return try Rasterizer.png(Drawing(wheel: layout, palette: Palette(options: options), legend: options.legend, houseSystem: options.houseSystem),
                                  threads: threads)
    }

    /// The wheel in `format`; a PNG is painted on `threads` threads.
    public static func render(_ chart: NatalChart, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads) throws(RasterError) -> Data {
        try render(chart, outer: nil, as: format, options: options, threads: threads)
    }

    /// The wheel, or with `outer` the bi-wheel, in `format`.
    public static func render(_ chart: NatalChart, outer: OuterChart?, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads) throws(RasterError) -> Data {
        switch format {
        case .svg: svgData(for: chart, outer: outer, options: options)
        case .png: try png(for: chart, outer: outer, options: options, threads: threads)
        }
    }
}
