import Foundation
import Testing

/// `wheel --help` and each command's help: every option says what it does, a default is said once, and
/// `layout` offers only what moves things on the wheel.
@Suite(.serialized, .hangGuard)
struct HelpTests {
    /// The entries of a help text's ARGUMENTS, OPTIONS and SUBCOMMANDS sections: the names an entry starts with
    /// (`--chart-size, --size <chart-size>`) and what is said of them, its wrapped lines joined.
    static func entries(_ help: String) -> [(names: String, text: String)] {
        var entries: [(names: String, text: String)] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"].contains(line) || line.hasPrefix("RENDERING OPTIONS") {
                inSection = true
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty || !line.hasPrefix(" ") {
                inSection = false
            } else if inSection && line.hasPrefix("  ") && !line.hasPrefix("   ") {
                // A new entry: its names, then two or more spaces, then (maybe) the start of its text.
                let body = line.dropFirst(2)
                let gap = body.range(of: "  ")
                let names = String(gap.map { body[..<$0.lowerBound] } ?? body)
                let text = gap.map { body[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""
                entries.append((names, text))
            } else if inSection, !entries.isEmpty {
                entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return entries.map { ($0.names, $0.text.trimmingCharacters(in: .whitespaces)) }
    }

    static func flags(_ help: String) -> Set<String> {
        Set(entries(help).flatMap { entry in
            entry.names.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("-") }.map(String.init)
        })
    }

    @Test(arguments: [[], ["render"], ["layout"], ["grid"], ["table"], ["positions"], ["image"], ["compare"], ["normalize"], ["place"]])
    func everyEntrySaysWhatItDoesAndItsDefaultOnce(command: [String]) throws {
        let result = try WheelCommand.run(command + ["--help"])
        #expect(result.status == 0)
        let entries = Self.entries(result.stdoutText)
        #expect(entries.count >= 3, "the help's entries were found: \(result.stdoutText)")
        for entry in entries {
            #expect(!entry.text.isEmpty, "\(command) \(entry.names): no help text")
            let defaults = entry.text.lowercased().components(separatedBy: "default").count - 1
            #expect(defaults <= 1, "\(command) \(entry.names): the default said \(defaults) times: \(entry.text)")
        }
    }

    @Test func layoutOffersOnlyTheOptionsThatMoveThings() throws {
        let offered = Self.flags(try WheelCommand.run(["layout", "--help"]).stdoutText)
        let lookOnly: Set = ["--image-type", "--theme", "--planet-icon-color", "--inner-circle-background", "--sign-icon-color",
                             "--sign-background", "--chart-background-color", "--aspect-line-colors"]
        #expect(offered.isDisjoint(with: lookOnly), "\(offered.intersection(lookOnly))")
        #expect(offered.isSuperset(of: ["--options", "--chart-size", "--size", "--exclude-planets", "--allowed-aspects", "--orb-values", "--title"]))
        // render still takes them all.
        #expect(Self.flags(try WheelCommand.run(["render", "--help"]).stdoutText).isSuperset(of: lookOnly))
        let refused = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi"), "--theme", "dark"])
        #expect(refused.status == 64)
        // The options file that serves render serves layout too; what it says of colours does not matter there.
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"theme": "dark", "planet_icon_color": "red", "chart_size": 500}"#.utf8).write(to: options)
        let fromFile = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi"), "--options", options.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let layout = try JSONSerialization.jsonObject(with: fromFile.stdout) as? [String: Any]
        #expect(layout?["size"] as? Int == 500)
    }

    /// What `layout` offers is there because it changes the layout; the title too, whose band moves the wheel down.
    @Test(arguments: [["--size", "500"], ["--exclude-planets", "Node"], ["--allowed-aspects", "Trine"], ["--orb-values", "Trine=2"], ["--title", "Ada"],
                            ["--cusp-degrees", "true"]])
    func eachLayoutOptionChangesTheLayout(option: [String]) throws {
        let plain = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi")])
        let changed = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi")] + option)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout != plain.stdout)
    }
}
