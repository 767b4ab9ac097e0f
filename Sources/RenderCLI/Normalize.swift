import ArgumentParser

extension Wheel {
    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert any accepted chart JSON into the toolkit's own NatalChart JSON.")

        @OptionGroup var chart: ChartInput
        @OptionGroup var file: OutputFile

        func validate() throws {
            try chart.requireOne()
        }

        func run() throws {
            try reportingFailures {
                try Output.write(try chart.load().jsonData(), to: file.output)
            }
        }
    }
}
