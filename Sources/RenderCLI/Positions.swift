import ArgumentParser
import WheelRender

extension Wheel {
    struct Positions: FigureCommand {
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

        func run() throws {
            try draw(outer: outer) { .positionsTable($0, outer: $1) }
        }
    }
}
