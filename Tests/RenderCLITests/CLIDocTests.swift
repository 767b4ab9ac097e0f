import Foundation
import Testing
import TestSupport

/// docs/CLI.md is what `wheel --help` and each command's help say: the same commands, no flag a command does not
/// take, and every flag a command takes written down somewhere in the manual.
@Suite(.hangGuard) struct CLIDocTests {
    static let manual = try! String(contentsOf: SampleCharts.packageRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)

    /// `-o`, `--size`, `--no-legend`: a dash or two, a letter, then letters, digits and dashes, standing alone
    /// (not `-74.006`, not the `-` of stdin, not the middle of `non-zero`).
    static func flags(in text: some StringProtocol) -> Set<String> {
        let flag = /(?:^|[^\w-])(--?[A-Za-z][A-Za-z0-9-]*)/.anchorsMatchLineEndings()
        return Set(String(text).matches(of: flag).map { String($0.output.1) })
    }

    static func help(_ command: String?) throws -> String {
        let result = try WheelCommand.run((command.map { [$0] } ?? []) + ["--help"])
        #expect(result.status == 0, "\(command ?? "wheel") --help: \(result.stderr)")
        return result.stdoutText
    }

    /// The names in `wheel --help`'s SUBCOMMANDS section.
    static func subcommands() throws -> [String] {
        let lines = try help(nil).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { Issue.record("wheel --help has no SUBCOMMANDS"); return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The fenced blocks of the manual, each as its lines.
    static func codeBlocks() -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = current { blocks.append(block); current = nil } else { current = [] }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Each `wheel COMMAND …` the manual writes (in its code blocks, and the bullets that start with one), with the
    /// flags written after it on that line or in that bullet; `nil` for `wheel --version`.
    static func usesInTheManual() -> [(command: String?, flags: Set<String>, line: String)] {
        var uses: [(command: String?, flags: Set<String>, line: String)] = []
        func use(_ text: String) {
            guard let start = text.range(of: "wheel ") else { return }
            let rest = text[start.upperBound...]
            // A bullet's command is in backquotes: `wheel place QUERY` or `wheel serve`.
            let first = rest.split(separator: " ").first.map { String($0.prefix { $0 != "`" }) } ?? ""
            let command = first.hasPrefix("-") ? nil : first
            uses.append((command, flags(in: command == nil ? rest : rest.dropFirst(first.count)), text))
        }
        for block in codeBlocks() {
            for line in block where line.hasPrefix("wheel ") || line.contains("| wheel ") { use(line) }
        }
        // A bullet about one command: `- \`wheel place QUERY\` …` and its indented lines.
        var bullet: String?
        for line in manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("- ") {
                if let bullet { use(bullet) }
                bullet = line.hasPrefix("- `wheel ") ? String(line.dropFirst(3)) : nil
            } else if line.hasPrefix("  "), bullet != nil {
                bullet! += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                if let bullet { use(bullet) }
                bullet = nil
            }
        }
        return uses
    }

    @Test func theCommandListIsTheHelpsCommandsBothWays() throws {
        let block = try #require(Self.codeBlocks().first { $0.first?.hasPrefix("wheel render") == true }, "docs/CLI.md's command list")
        let listed = Set(block.compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count > 1 && words[0] == "wheel" && !words[1].hasPrefix("-") ? String(words[1]) : nil
        })
        let helped = Set(try Self.subcommands())
        #expect(helped.count >= 11, "wheel --help's commands were found: \(helped.sorted())")
        #expect(helped.subtracting(listed).isEmpty, "in wheel --help, not in docs/CLI.md's list: \(helped.subtracting(listed).sorted())")
        #expect(listed.subtracting(helped).isEmpty, "in docs/CLI.md's list, not in wheel --help: \(listed.subtracting(helped).sorted())")
        let topFlags = Self.flags(in: try Self.help(nil))
        #expect(block.contains { $0.hasPrefix("wheel --version ") } && topFlags.contains("--version"))
    }

    @Test func everyFlagTheManualWritesAfterACommandIsInItsHelp() throws {
        let uses = Self.usesInTheManual()
        #expect(uses.count >= 30 && uses.contains { $0.command == "serve" } && uses.contains { $0.command == "place" },
                "docs/CLI.md's commands were found: \(uses.count)")
        var helps: [String: Set<String>] = [:]
        for use in uses {
            let key = use.command ?? ""
            if helps[key] == nil { helps[key] = Self.flags(in: try Self.help(use.command)) }
            let unknown = use.flags.subtracting(helps[key]!)
            #expect(unknown.isEmpty, "docs/CLI.md gives wheel \(key) \(unknown.sorted()), which its help does not know: \(use.line)")
        }
    }

    @Test func everyFlagOfEveryCommandIsInTheManual() throws {
        let docs = SampleCharts.packageRoot.appendingPathComponent("docs")
        let manual = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        let written = Self.flags(in: manual)
        for command in try Self.subcommands() {
            let missing = Self.flags(in: try Self.help(command)).subtracting(["-h", "--help"]).subtracting(written)
            #expect(missing.isEmpty, "wheel \(command) takes \(missing.sorted()), which no page of docs/ mentions")
        }
    }
}
