import ArgumentParser
import WheelRender

extension Wheel {
    struct Table: FigureCommand {
        static let optionFigures: [FigureKind] = [.table]
        static let configuration = CommandConfiguration(
            abstract: "Draw the element and modality table of a chart, as SVG or PNG.",
            discussion: """
                A row per element (fire, earth, air, water), a column per modality (cardinal, fixed, mutable): each \
                cell is one sign, with the glyphs of the planets in it and their count, and a total per row, per \
                column and in all. The ten planets, Sun to Pluto, are counted; the nodes, Lilith, the Part of Fortune \
                and Chiron are not. The format is --image-type, else the output's extension (.svg or .png), else SVG.
                """)

        @OptionGroup var chart: ChartInput
        @OptionGroup var flags: RenderFlags

        @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
        var output: String?

        func run() throws {
            try draw { chart, _ in .elementTable(chart) }
        }
    }
}
