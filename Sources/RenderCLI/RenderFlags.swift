import ArgumentParser
import ChartModel
import Foundation
import WheelRender

/// The rendering options of a command: an options file with the services' option names, and the options' own
/// flags over it (read from their declarations by `OptionArguments`, listed in the command's help).
struct RenderFlags: ParsableArguments {
    @Option(name: .customLong("options"), help: "JSON options file with the services' option names (chart_size, theme, …); the flags below override it.")
    var optionsFile: String?

    /// The options for `figure`: the file's, then each flag. A flag `figure` does not use is a usage error, a
    /// file's key a warning (one file may serve every command); `layoutOnly` (`wheel layout`) takes only the
    /// options that move things.
    func options(for figure: FigureKind, layoutOnly: Bool = false) throws -> RenderOptions {
        var options = RenderOptions()
        if let optionsFile {
            let data = try ChartInput.read(optionsFile)
            do {
                try options.apply(json: data)
                for option in try RenderOptions.names(in: data) {
                    if let problem = Self.problem(option, figure, layoutOnly) {
                        printError("wheel: warning: \(optionsFile): \(option.name) \(problem); ignored")
                    }
                }
            } catch {
                throw Failure(code: Failure.usage, message: "\(optionsFile): \(error)")
            }
        }
        for given in OptionArguments.current {
            if let problem = Self.problem(given.option, figure, layoutOnly) {
                throw Failure(code: Failure.usage, message: "\(given.spelling) \(problem)")
            }
            do {
                try options.set(given.option, given.text)
            } catch {
                throw Failure(code: Failure.usage, message: error.description)
            }
        }
        return options
    }

    /// The chart settings given (`--ayanamsa`, …) refused where no chart is computed here; `reason` says why
    /// (`does not apply to chart JSON, which is drawn as it was computed`). Exit 64.
    static func refuseChartSettings(_ choices: ChartSettingsChoices, _ reason: String) throws {
        guard let name = choices.givenNames.first else { return }
        throw Failure(code: Failure.usage, message: "\(name) \(reason)")
    }

    /// The chart settings given as flags alone (`wheel chart`, which has no options file), by their declarations.
    static func chartSettingFlags() throws -> ChartSettingsChoices {
        var options = RenderOptions()
        for given in OptionArguments.current {
            do {
                try options.set(given.option, given.text)
            } catch {
                throw Failure(code: Failure.usage, message: error.description)
            }
        }
        return options.chartSettings
    }

    /// Why `option` does not apply here, or nil when it does.
    private static func problem(_ option: RenderOption, _ figure: FigureKind, _ layoutOnly: Bool) -> String? {
        if layoutOnly && !option.movesLayout {
            return "does not apply to wheel layout, which takes only the options that move things"
        }
        return option.problem(drawing: figure)
    }

    /// The help of the options a command takes, set out as ArgumentParser sets out the rest: every flag with its
    /// form, what it does, its name in a file and its default, from the declarations.
    static func help(for figures: [FigureKind], layoutOnly: Bool = false, width: Int = 80) -> String {
        let options = RenderOption.all.filter { option in
            option.flag != nil && figures.contains(where: option.applies(to:)) && (!layoutOnly || option.movesLayout)
        }
        return help(options: options, title: "RENDERING OPTIONS (each also in an --options file, by its name there)", width: width)
    }

    /// The help of `options`, under `title`; `where` says where else each is given by its name.
    static func help(options: [RenderOption], title: String, where place: String = "In a file", width: Int = 80) -> String {
        var lines = [title + ":"]
        for option in options {
            let usage = "  " + option.flagUsage!
            let text = "\(option.help) \(place): \(option.name) (default: \(option.defaultText))."
            let wrapped = wrap(text, width: width - 26)
            if usage.count < 24 {
                lines.append(usage.padding(toLength: 26, withPad: " ", startingAt: 0) + wrapped[0])
                lines += wrapped.dropFirst().map { String(repeating: " ", count: 26) + $0 }
            } else {
                lines.append(usage)
                lines += wrapped.map { String(repeating: " ", count: 26) + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
