import ArgumentParser

/// `-o` of the commands that write one file of text: `layout` and `normalize`.
struct OutputFile: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output file; '-' or none writes to stdout.")
    var output: String?
}
