import ArgumentParser
import Geometry

extension Wheel {
    struct Layout: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the computed layout as JSON: angles, glyph positions and boxes, labels, cusps, aspects.")

        @OptionGroup var chart: ChartInput
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
        var output: String?

        func run() throws {
            try reportingFailures {
                let layout = WheelLayout(chart: try chart.load(), options: try flags.options())
                try Output.write(layout.jsonData(), to: output)
            }
        }
    }
}
