import ChartModel
import Foundation
import Geometry
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

    /// The printable sheet (see `sheetSVG(for:outer:options:width:)`) as a PNG `width` pixels wide.
    public static func sheetPNG(for chart: NatalChart, outer: OuterChart? = nil, options: RenderOptions = RenderOptions(),
                                width: Int = SheetLayout.defaultWidth, threads: Int = defaultThreads) throws(RasterError) -> Data {
        try Rasterizer.png(sheetDrawing(for: chart, outer: outer, options: options, width: width), threads: threads)
    }
}
