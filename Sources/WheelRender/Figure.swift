import ChartModel
import Geometry

/// What to draw: the wheel (with an outer chart, the bi-wheel), the aspect grid, the element table, the positions
/// table or a printable sheet of them. `WheelRenderer.svg(_:options:)` writes any of them as SVG; WheelRaster's `png(_:options:threads:)`
/// and `render(_:as:options:threads:)` paint them as PNG. The options are the wheel's for every figure; each
/// figure draws the ones that apply to it.
public enum Figure: Sendable {
    /// The wheel, `options.chartSize` square; with `outer`, the bi-wheel: `chart` inside with its houses, the
    /// outer chart's bodies on a ring of their own and the cross-aspects between them (`chart`'s own too with
    /// `options.innerAspects`).
    case wheel(NatalChart, outer: OuterChart? = nil)
    /// The aspect grid, `options.chartSize` wide: `chart`'s own aspects as a triangle, or with `outer` the
    /// cross-aspects between the two charts as a square.
    case aspectGrid(NatalChart, outer: OuterChart? = nil)
    /// The element and modality table, `options.chartSize` wide: `chart`'s planets (Sun to Pluto, less the
    /// excluded) counted by the element and the modality of their signs.
    case elementTable(NatalChart)
    /// The positions table, `options.chartSize` wide: every body of `chart` (less the excluded) with its sign,
    /// degree and minute, retrograde mark and house, then the Ascendant, the Midheaven and the house cusps; with
    /// `outer`, the outer chart's bodies beside them, each in `chart`'s house.
    case positionsTable(NatalChart, outer: OuterChart? = nil)
    /// A printable sheet `width` pixels wide (`SheetLayout.widthRange`, A4's proportions): a header (the title,
    /// `options.title`, else the chart's `birth`; the house system; the outer chart), the wheel (with `outer`, the
    /// bi-wheel), the aspect grid, the element table and the positions table. `options.chartSize` does not apply.
    case sheet(NatalChart, outer: OuterChart? = nil, width: Int = SheetLayout.defaultWidth)
}

extension Drawing {
    /// The one place a figure becomes a drawing, for the SVG writer and the PNG painter alike. It never traps:
    /// a chart or options changed through their `var`s into values their checks refuse are drawn repaired
    /// (`NatalChart.drawable()`, `RenderOptions.drawable()`).
    package init(_ figure: Figure, options: RenderOptions) {
        let options = options.drawable()
        let palette = Palette(options: options)
        switch figure {
        case let .wheel(chart, outer):
            let drawable = chart.drawable()
            // A system that replaced the one asked for is named unasked: its houses are not the ones a reader assumes.
            let houseSystem = options.houseSystem ?? (drawable.houseSystemRequested != nil ? drawable.houseSystem : nil)
            self.init(wheel: WheelLayout(chart: chart, outer: outer, options: options.layout), palette: palette,
                      legend: options.legend, houseSystem: houseSystem, zodiac: drawable.zodiac)
        case let .aspectGrid(chart, outer):
            self.init(aspectGrid: AspectGrid(chart: chart, outer: outer, options: options.layout), palette: palette)
        case let .elementTable(chart):
            self.init(elementTable: ElementTable(chart: chart, options: options.layout), palette: palette)
        case let .positionsTable(chart, outer):
            self.init(positionsTable: PositionsTable(chart: chart, outer: outer, options: options.layout), palette: palette)
        case let .sheet(chart, outer, width):
            self.init(sheet: SheetLayout(chart: chart, outer: outer, options: options.layout, width: width, houseSystem: options.houseSystem),
                      palette: palette, legend: options.legend, zodiac: chart.drawable().zodiac)
        }
        idPrefix = options.idPrefix
    }
}
