import ArgumentParser

@main
struct Wheel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wheel",
        abstract: "Draw astrological chart wheels, as SVG or PNG, from chart JSON or from a birth (computed offline).",
        discussion: """
            Exit codes: 0 ok, 1 images differ (compare), 64 usage, 65 bad input data, \
            66 input missing or unreadable, 73 output cannot be created, 70 internal error.
            """,
        subcommands: [Render.self, Layout.self, Chart.self, Image.self, Compare.self, Normalize.self]
    )
}
