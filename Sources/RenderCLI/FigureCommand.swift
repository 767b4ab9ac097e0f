import ArgumentParser
import ChartModel
import WheelRender

/// A command that draws one figure of a chart beside the wheel (`grid`, `table`, `positions`): its options are
/// those of its figure, its chart is read as `render` reads it, a second chart too where it takes one, and the
/// figure is written whole or not at all.
protocol FigureCommand: ParsableCommand, TakesRenderOptions {
    var chart: ChartInput { get }
    var flags: RenderFlags { get }
    var output: String? { get }
}

extension FigureCommand {
    /// One chart: a file, three FreeAstrologyAPI files or a birth.
    func validate() throws {
        try chart.requireOne()
    }

    /// Draws `figure` of the chart and, with `outer`, the second chart it gives (nil without one).
    func draw(outer: OuterFlags? = nil, _ figure: (NatalChart, OuterChart?) -> Figure) throws {
        try reportingFailures {
            let options = try flags.options(for: Self.optionFigures[0])
            let format = try Output.format(for: output, imageType: options.imageType, otherwise: .svg)
            for warning in WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }
            let inner = try chart.load(houseSystem: options.houseSystem, settings: options.chartSettings)
            let second = try outer?.load(strict: chart.strict, inner: inner, place: try chart.place(),
                                         choices: options.chartSettings, innerSettings: try chart.settings(options.chartSettings))
            try Output.write(figure(inner, second), as: format, options: options, to: output)
        }
    }
}
