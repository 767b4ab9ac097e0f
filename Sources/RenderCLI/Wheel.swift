import ArgumentParser

@main
struct Wheel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wheel",
        abstract: "Draw astrological chart wheels from chart JSON, as SVG or PNG.",
        discussion: """
            Exit codes: 0 ok, 1 images differ (compare), 64 usage, 65 bad input data, \
            66 input missing or unreadable, 73 output cannot be created, 70 internal error.
            """,
        subcommands: [Render.self, Layout.self, Image.self, Compare.self, Normalize.self]
    )
}
