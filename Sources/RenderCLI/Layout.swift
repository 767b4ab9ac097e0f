import ArgumentParser
import Geometry
import WheelRender

extension Wheel {
    struct Layout: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the computed layout as JSON: angles, glyph positions and boxes, labels, cusps, aspects.",
            discussion: "Takes only the options that move things; an options file may hold the others too (the same file serves 'render').")

        @OptionGroup var chart: ChartInput
        @OptionGroup var flags: LayoutFlags
        @OptionGroup var file: OutputFile

        func validate() throws {
            try chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                let options = try flags.options()
                let layout = WheelLayout(chart: try chart.load(houseSystem: options.houseSystem), options: options)
                try Output.write(layout.jsonData(), to: file.output)
            }
        }
    }
}
