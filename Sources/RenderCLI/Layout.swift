import ArgumentParser
import Geometry

extension Wheel {
    struct Layout: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the computed layout as JSON: angles, glyph positions and boxes, labels, cusps, aspects.")

        @OptionGroup var job: RenderJob

        func validate() throws {
            try job.chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                let layout = WheelLayout(chart: try job.chart.load(), options: try job.flags.options())
                try Output.write(layout.jsonData(), to: job.output)
            }
        }
    }
}
