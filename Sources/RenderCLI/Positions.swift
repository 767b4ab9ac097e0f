import ArgumentParser
import WheelRaster
import WheelRender

extension Wheel {
    struct Positions: ParsableCommand, TakesRenderOptions {
        static let optionFigures: [FigureKind] = [.positions]
        static let configuration = CommandConfiguration(
            abstract: "Draw the positions table of a chart, or with --outer or --transits of two, as SVG or PNG.",
            discussion: """
                Every body with its glyph, name, sign, degree and minute (rounded down), retrograde mark and house; \
                then the Ascendant, the Midheaven and the twelve house cusps with their signs and degrees. With a \
                second chart, its bodies beside them, headed in the outer chart's colour, each in the inner chart's \
                house, as the bi-wheel draws it. The format is --image-type, else the output's extension (.svg or \
                .png), else SVG.
                """)

        @OptionGroup var chart: ChartInput
        @OptionGroup(title: "A second chart") var outer: OuterFlags
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
        var output: String?

        func validate() throws {
            try chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                let options = try flags.options(for: .positions)
                let format = try Output.format(for: output, imageType: options.imageType, otherwise: .svg)
                for warning in WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }
                let inner = try chart.load(houseSystem: options.houseSystem, settings: options.chartSettings)
                let outerChart = try outer.load(strict: chart.strict, inner: inner, place: try chart.place(),
                                                choices: options.chartSettings, innerSettings: try chart.settings(options.chartSettings))
                try Output.write(.positionsTable(inner, outer: outerChart), as: format, options: options, to: output)
            }
        }
    }
}
