import ChartModel
import Foundation
import Geometry
import WheelRender

extension WheelRenderer {
    /// How many threads paint one PNG by default: its two halves at once where there are two cores.
    public static let defaultThreads = min(2, ProcessInfo.processInfo.activeProcessorCount)

    /// `figure` as a PNG as wide as its SVG (`options.chartSize`, a sheet's `width`): the SVG's drawing, painted
    /// by cairo directly, its two halves on `threads` threads (1 or 2). Callers that already render several
    /// figures in parallel should pass 1. The bytes are the same either way.
    public static func png(_ figure: Figure, options: RenderOptions = RenderOptions(), threads: Int = defaultThreads) throws(RasterError) -> Data {
        try Rasterizer.png(Drawing(figure, options: options), threads: threads)
    }

    /// `figure` in `format`: `svg(_:options:)` or `png(_:options:threads:)`.
    public static func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads) throws(RasterError) -> Data {
        switch format {
        case .svg: svg(figure, options: options)
        case .png: try png(figure, options: options, threads: threads)
        }
    }
}
