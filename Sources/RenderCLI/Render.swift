import ArgumentParser
import ChartModel
import Foundation
import WheelRender

extension Wheel {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render chart wheels as SVG or PNG.",
            discussion: """
                With several inputs, or with --out-dir, every chart is rendered into the folder as NAME.png (or .svg) \
                on all cores; a failed input is reported and skipped, and the exit code is that of the first failure.
                """)

        @OptionGroup var chart: ChartInput
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file, or the folder for several inputs; '-' or none writes to stdout.")
        var output: String?

        @Option(name: .customLong("out-dir"), help: "Folder for many charts (the same as -o with several inputs).")
        var outDirectory: String?

        var isBatch: Bool { chart.inputs.count > 1 || outDirectory != nil }

        func validate() throws {
            if outDirectory != nil && output != nil { throw ValidationError("Give -o or --out-dir, not both.") }
            if isBatch && (chart.planets != nil) { throw ValidationError("Many charts come as files, not as --planets/--houses.") }
        }

        func run() throws {
            try reportingFailures {
                let options = try flags.options()
                for warning in WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }
                if isBatch {
                    let directory = outDirectory ?? output ?? "."
                    let format = options.imageType ?? .png
                    let batch = BatchRender(inputs: chart.inputs, directory: directory, format: format, options: options, chart: chart)
                    try batch.run()
                    return
                }
                let chart = try self.chart.load()
                let format = options.imageType ?? (output?.lowercased().hasSuffix(".png") == true ? .png : .svg)
                try Output.write(try Self.render(chart, format, options), to: output)
            }
        }

        static func render(_ chart: NatalChart, _ format: RenderOptions.ImageType, _ options: RenderOptions,
                           threads: Int = WheelRenderer.defaultThreads) throws -> Data {
            do {
                return try WheelRenderer.render(chart, as: format, options: options, threads: threads)
            } catch {
                throw Failure(code: Failure.software, message: "rendering failed: \(error)")
            }
        }
    }
}
