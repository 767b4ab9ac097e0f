import ArgumentParser

/// What `render` and `layout` share: the chart, the render options and where the result goes.
struct RenderJob: ParsableArguments {
    @OptionGroup var chart: ChartInput
    @OptionGroup var flags: RenderFlags

    @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
    var output: String?
}
