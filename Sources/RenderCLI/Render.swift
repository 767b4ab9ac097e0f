import ArgumentParser
import ChartModel
import Foundation
import WheelRender

extension Wheel {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Render a chart wheel as SVG or PNG.")

        @OptionGroup var job: RenderJob

        func run() throws {
            try reportingFailures {
                let options = try job.flags.options()
                let chart = try job.chart.load()
                for warning in WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }
                let format = options.imageType ?? (job.output?.lowercased().hasSuffix(".png") == true ? .png : .svg)
                let data: Data
                do {
                    data = try WheelRenderer.render(chart, as: format, options: options)
                } catch {
                    throw Failure(code: Failure.software, message: "rendering failed: \(error)")
                }
                try Output.write(data, to: job.output)
            }
        }
    }
}
