import ArgumentParser
import Geometry
import WheelRender

extension Wheel {
    struct Layout: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the computed layout as JSON: angles, glyph positions and boxes, labels, cusps, aspects.",
            discussion: "Takes only the options that move things; an options file may hold the others too (the same file serves 'render').")

        @OptionGroup var chart: ChartInput
        @OptionGroup(title: "A bi-wheel") var outer: OuterFlags
        @OptionGroup var flags: LayoutFlags
        @OptionGroup var file: OutputFile

        func validate() throws {
            try chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                let options = try flags.options()
                try outer.check(size: options.chartSize)
                let inner = try chart.load(houseSystem: options.houseSystem)
                let layout = WheelLayout(chart: inner, outer: try outer.load(strict: chart.strict, inner: inner, place: try chart.place()), options: options)
                try Output.write(layout.jsonData(), to: file.output)
            }
        }
    }
}
