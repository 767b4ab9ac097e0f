import ArgumentParser
import ChartModel
import Foundation
import Geometry
import WheelRaster
import WheelRender

extension Wheel {
    struct Render: ParsableCommand, TakesRenderOptions {
        static let optionFigures: [FigureKind] = [.wheel, .biWheel, .sheet]
        static let configuration = CommandConfiguration(
            abstract: "Render chart wheels as SVG or PNG.",
            discussion: """
                Without --image-type (or image_type in the options file) the output file's extension, .svg or .png, \
                says which to write; stdout and a name without an extension get SVG. PNG is never written to a terminal.

                With several inputs, or with --out-dir, every chart is rendered into the folder (created when missing) \
                as NAME.png (or .svg) on all cores; a failed input is reported and skipped, and the exit code is that \
                of the first failure.
                """)

        @OptionGroup var chart: ChartInput
        @OptionGroup(title: "A bi-wheel") var outer: OuterFlags
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file, or the folder for several inputs; '-' or none writes to stdout.")
        var output: String?

        @Option(name: .customLong("out-dir"), help: "Folder for many charts (the same as -o with several inputs).")
        var outDirectory: String?

        @Flag(help: "A printable sheet instead of the wheel alone: the title, the wheel (or bi-wheel), the aspect grid and the element table on one page of A4's proportions.")
        var sheet = false

        @Option(name: .customLong("page-width"), help: "The sheet's width in pixels (800...4000, default 1240: A4 at 150 dpi); its height is √2 times that (--size does not apply to a sheet).")
        var pageWidth: Int?

        var isBatch: Bool { chart.inputs.count > 1 || outDirectory != nil }

        func validate() throws {
            if outDirectory != nil && output != nil { throw ValidationError("Give -o or --out-dir, not both.") }
            if isBatch && (chart.planets != nil) { throw ValidationError("Many charts come as files, not as --planets/--houses.") }
            if isBatch && outer.isGiven { throw ValidationError("A bi-wheel takes one inner chart; --outer and --transits do not go with several inputs.") }
            if isBatch && sheet { throw ValidationError("A sheet takes one chart; --sheet does not go with several inputs.") }
            if pageWidth != nil && !sheet { throw ValidationError("--page-width is the width of a --sheet.") }
            if let pageWidth, let problem = SheetLayout.widthProblem(pageWidth) { throw ValidationError("--page-width: \(problem)") }
            // Several charts go into a folder; `-o out.png` is a file name, most likely a slip, not a folder to make.
            if isBatch, let output, ["svg", "png"].contains(URL(fileURLWithPath: output).pathExtension.lowercased()) {
                throw ValidationError("\(chart.inputs.count) charts go into a folder, and \(output) names a file; give a folder with -o or --out-dir.")
            }
        }

        func run() throws {
            try reportingFailures {
                var options = try flags.options(for: sheet ? .sheet : outer.isGiven ? .biWheel : .wheel)
                if !sheet { try outer.check(size: options.chartSize) }
                // A batch names its outputs itself, PNG unless --image-type says otherwise; one file's name says its format.
                let format = isBatch ? options.imageType ?? .png : try Output.format(for: output, imageType: options.imageType, otherwise: .svg)
                for warning in WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }
                if isBatch {
                    try RenderFlags.refuseChartSettings(options.chartSettings, ChartInput.jsonKeepsItsSettings)
                    let directory = outDirectory ?? output ?? "."
                    try BatchRender(inputs: chart.inputs, directory: directory, format: format, options: options, strict: chart.strict).run()
                    return
                }
                let loaded = try chart.load(houseSystem: options.houseSystem, settings: options.chartSettings)
                // A computed chart's corner names the system it was computed in (Porphyry after a polar fallback).
                if chart.birth.isGiven && options.houseSystem != nil { options.houseSystem = loaded.houseSystem }
                let outerChart = try outer.load(strict: chart.strict, inner: loaded, place: try chart.place(),
                                            choices: options.chartSettings, innerSettings: try chart.settings(options.chartSettings))
                let figure: Figure = sheet ? .sheet(loaded, outer: outerChart, width: pageWidth ?? SheetLayout.defaultWidth)
                                           : .wheel(loaded, outer: outerChart)
                try Output.write(figure, as: format, options: options, to: output)
            }
        }
    }
}
