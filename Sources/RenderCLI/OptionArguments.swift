import ArgumentParser
import ChartModel
import Support
import WheelRender

/// A rendering option given as a flag: which option, the text it was given, and how it was spelt (for messages).
struct GivenOption: Sendable {
    var option: RenderOption
    var text: String
    var spelling: String
}

/// The command line split before ArgumentParser reads it: the rendering options' flags come from their one
/// declaration (`RenderOption.all`), so they are read here, and the rest goes to ArgumentParser. An argument that
/// looks like a flag and is neither theirs nor the command's is a usage error naming the nearest flag, never an
/// input file; numbers stay values (`--lon -74.006`: only `--` starts a flag here).
struct OptionArguments {
    var given: [GivenOption] = []
    var remaining: [String] = []

    /// The rendering options of this run's command, read in `Wheel.main` and used by `RenderFlags`.
    @TaskLocal static var current: [GivenOption] = []

    /// Splits `arguments` (without the program's name) for a command whose own flags are `commandFlags` (long
    /// names without dashes, as its help shows them) and which takes the rendering options `taken` (all of them,
    /// the chart settings alone for `wheel chart`, or none).
    static func split(_ arguments: [String], commandFlags: Set<String>, taken: [RenderOption]) throws -> OptionArguments {
        var split = OptionArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                split.remaining.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if commandFlags.contains(name) {
                split.remaining.append(argument)
                continue
            }
            guard let (option, negated) = option(flagged: name), taken.contains(option) else {
                throw UsageError(message: "Unknown option '--\(oneLine(name, limit: 60))'"
                                 + suggestion(for: name, among: Array(commandFlags) + taken.flatMap(\.flags)))
            }
            let text: String
            if option.value == .boolean {
                if negated {
                    guard attached == nil else { throw UsageError(message: "--\(name) takes no value.") }
                    text = "false"
                } else if let attached {
                    text = attached
                } else if index < arguments.count, ["true", "false", "1", "0"].contains(arguments[index].lowercased()) {
                    // The old spelling, `--legend true`, which the documentation showed.
                    text = arguments[index]
                    index += 1
                } else {
                    text = "true"
                }
            } else if let attached {
                text = attached
            } else {
                guard index < arguments.count else { throw UsageError(message: "Missing value for '--\(name) <\(option.valueForm)>'.") }
                text = arguments[index]
                index += 1
            }
            split.given.append(GivenOption(option: option, text: text, spelling: "--" + name))
        }
        return split
    }

    /// The option a flag names, and whether it was the `--no-` form of a yes/no option.
    private static func option(flagged name: String) -> (RenderOption, negated: Bool)? {
        if let option = RenderOption.flagged(name) { return (option, false) }
        if name.hasPrefix("no-"), let option = RenderOption.flagged(String(name.dropFirst(3))), option.value == .boolean {
            return (option, true)
        }
        return nil
    }

    /// `. Did you mean '--theme'?`: a flag one or two typos away, else one sharing a word (`--colour-theme`).
    static func suggestion(for name: String, among known: [String]) -> String {
        let known = known.sorted()
        let words = Set(name.lowercased().split(separator: "-"))
        func shared(_ flag: String) -> Int { words.intersection(flag.split(separator: "-")).count }
        let sharing = known.filter { shared($0) > 0 }.max { shared($0) < shared($1) }
        guard let best = closestName(to: name, among: known) ?? sharing else { return "" }
        return ". Did you mean '--\(best)'?"
    }
}

/// A command line ArgumentParser is not to see: printed as its own usage errors are, with the command's usage.
struct UsageError: Error {
    var message: String
}
