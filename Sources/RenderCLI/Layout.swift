import ArgumentParser
import Geometry
import WheelRender

extension Wheel {
    struct Layout: ParsableCommand, TakesRenderOptions {
        static let optionFigures: [FigureKind] = [.wheel, .biWheel]
        static let layoutOnly = true
        static let configuration = CommandConfiguration(
            abstract: "Print the computed layout as JSON: angles, glyph positions and boxes, labels, cusps, aspects.",
            discussion: "Takes only the options that move things; an options file may hold the others too (the same file serves 'render'), which are ignored with a warning.")

        @OptionGroup var chart: ChartInput
        @OptionGroup(title: "A bi-wheel") var outer: OuterFlags
        @OptionGroup var flags: RenderFlags
        @OptionGroup var file: OutputFile

        func validate() throws {
            try chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                let options = try flags.options(for: outer.isGiven ? .biWheel : .wheel, layoutOnly: true)
                try outer.check(size: options.chartSize)
                let inner = try chart.load(houseSystem: options.houseSystem, settings: options.chartSettings)
                let layout = WheelLayout(chart: inner, outer: try outer.load(strict: chart.strict, inner: inner, place: try chart.place(),
                                            choices: options.chartSettings, innerSettings: try chart.settings(options.chartSettings)), options: options)
                try Output.write(layout.jsonData(), to: file.output)
            }
        }
    }
}
