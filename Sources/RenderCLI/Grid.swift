import ArgumentParser
import WheelRender

extension Wheel {
    struct Grid: FigureCommand {
        static let optionFigures: [FigureKind] = [.grid]
        static let configuration = CommandConfiguration(
            abstract: "Draw the aspect grid of a chart, or with --outer or --transits the cross-aspects of two, as SVG or PNG.",
            discussion: """
                One chart: a triangle, the bodies' glyphs on its diagonal and in each cell below it the aspect of its \
                row's and column's bodies, glyph over orb. Two charts: a square, the inner chart's bodies down the left \
                and the outer chart's along the top. The aspects are the wheel's under the same options. The format \
                is --image-type, else the output's extension (.svg or .png), else SVG.
                """)

        @OptionGroup var chart: ChartInput
        @OptionGroup(title: "A second chart") var outer: OuterFlags
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
        var output: String?

        func run() throws {
            try draw(outer: outer) { .aspectGrid($0, outer: $1) }
        }
    }
}
