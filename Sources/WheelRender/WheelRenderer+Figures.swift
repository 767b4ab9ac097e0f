import ChartModel
import Foundation
import Geometry

/// The aspect grid and the element table beside the wheel: the same charts under the same options, drawn as
/// their own images. PNG output is an extension in `WheelRaster`.
extension WheelRenderer {
    /// The aspect grid as SVG, UTF-8 bytes: `chart`'s own aspects as a triangle, or with `outer` the
    /// cross-aspects between the two charts as a square; `options.chartSize` wide.
    public static func aspectGridSVG(for chart: NatalChart, outer: OuterChart? = nil, options: RenderOptions = RenderOptions()) -> Data {
        DrawingSVG.write(aspectGridDrawing(for: chart, outer: outer, options: options))
    }

    /// The element and modality table as SVG, UTF-8 bytes: `chart`'s planets (Sun to Pluto, less the excluded)
    /// counted by the element and the modality of their signs; `options.chartSize` wide.
    public static func elementTableSVG(for chart: NatalChart, options: RenderOptions = RenderOptions()) -> Data {
        DrawingSVG.write(elementTableDrawing(for: chart, options: options))
    }

    /// What `aspectGridSVG` writes and `aspectGridPNG` paints, with the options repaired as the wheel's are.
    package static func aspectGridDrawing(for chart: NatalChart, outer: OuterChart?, options: RenderOptions) -> Drawing {
        let options = options.drawable()
        return Drawing(aspectGrid: AspectGrid(chart: chart, outer: outer, options: options.layout), palette: Palette(options: options))
    }

    package static func elementTableDrawing(for chart: NatalChart, options: RenderOptions) -> Drawing {
        let options = options.drawable()
        return Drawing(elementTable: ElementTable(chart: chart, options: options.layout), palette: Palette(options: options))
    }

    /// A printable sheet as SVG, UTF-8 bytes: the title (`options.title`), the wheel (with `outer`, the bi-wheel),
    /// the aspect grid and the element table on a page `width` pixels wide (`SheetLayout.widthRange`, A4's
    /// proportions). The options are the wheel's.
    public static func sheetSVG(for chart: NatalChart, outer: OuterChart? = nil, options: RenderOptions = RenderOptions(),
                                width: Int = SheetLayout.defaultWidth) -> Data {
        DrawingSVG.write(sheetDrawing(for: chart, outer: outer, options: options, width: width))
    }

    package static func sheetDrawing(for chart: NatalChart, outer: OuterChart?, options: RenderOptions, width: Int) -> Drawing {
        let options = options.drawable()
        return Drawing(sheet: SheetLayout(chart: chart, outer: outer, options: options.layout, width: width), palette: Palette(options: options),
                       legend: options.legend, houseSystem: options.houseSystem)
    }
}
