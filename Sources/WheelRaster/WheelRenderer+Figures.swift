import ChartModel
import Foundation
import WheelRender

extension WheelRenderer {
    /// The aspect grid (see `aspectGridSVG(for:outer:options:)`) as a PNG `options.chartSize` pixels wide.
    public static func aspectGridPNG(for chart: NatalChart, outer: OuterChart? = nil, options: RenderOptions = RenderOptions(),
                                     threads: Int = defaultThreads) throws(RasterError) -> Data {
        try Rasterizer.png(aspectGridDrawing(for: chart, outer: outer, options: options), threads: threads)
    }

    /// The element and modality table (see `elementTableSVG(for:options:)`) as a PNG `options.chartSize` pixels wide.
    public static func elementTablePNG(for chart: NatalChart, options: RenderOptions = RenderOptions(),
                                       threads: Int = defaultThreads) throws(RasterError) -> Data {
        try Rasterizer.png(elementTableDrawing(for: chart, options: options), threads: threads)
    }
}
