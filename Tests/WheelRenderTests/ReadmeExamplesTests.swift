import Foundation
import Testing
import TestSupport

/// Every Swift example in the README and in the manual (`docs/`) is a file under `Examples/` that a build compiles,
/// word for word, so neither can show code that does not build; every example is shown somewhere; and every
/// relative link of those pages leads to a file, and to a heading, that exist.
@Suite
struct ReadmeExamplesTests {
    static let root = SampleCharts.packageRoot

    /// The README and the manual's pages, as paths from the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    }

    static func swiftBlocks(of page: String) throws -> [String] {
        try text(page).components(separatedBy: "```swift\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
    }

    /// The programs (`main.swift`) and the one manifest the README shows: `Examples/YourApp/Package.swift`, the
    /// dependency line, which `scripts/check-dependency-line.sh` builds beside a clone named ChartWheel.
    /// (`Examples/SVGApp/Package.swift` is not for readers: it names the toolkit after whatever its folder is called.)
    static func examples() throws -> [String: String] {
        let folder = Self.root.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { ($0.hasSuffix("main.swift") || $0 == "YourApp/Package.swift") && !$0.contains(".build") }
        return try Dictionary(uniqueKeysWithValues: files.map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        })
    }

    @Test func everySwiftBlockIsACompiledExample() throws {
        let examples = try Self.examples()
        var count = 0
        for page in try Self.pages() {
            for block in try Self.swiftBlocks(of: page) {
                count += 1
                let compiled = examples.values.contains(block)  // into a Bool: #expect would print every example
                #expect(compiled, "a Swift block of \(page) is no file under Examples/: \(block.prefix(120))…")
            }
        }
        #expect(count >= 8)
    }

    @Test func everyExampleIsShown() throws {
        let blocks = Set(try Self.pages().flatMap { try Self.swiftBlocks(of: $0) })
        let examples = try Self.examples()
        #expect(examples.count >= 8)
        for (file, text) in examples {
            let shown = blocks.contains(text)
            #expect(shown, "Examples/\(file) is shown neither in the README nor in docs/")
        }
    }

    @Test func theReadmeIsAFrontDoor() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines; the manual's place is docs/")
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces as `-`, and
    /// `-1`, `-2`, … after a repeated one.
    static func anchors(of markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for line in withoutCode(markdown).split(separator: "\n") where line.hasPrefix("#") {
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(heading.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
            let repeats = seen[slug, default: 0]
            seen[slug] = repeats + 1
            anchors.insert(repeats == 0 ? slug : "\(slug)-\(repeats)")
        }
        return anchors
    }

    /// The text outside fenced code blocks.
    static func withoutCode(_ markdown: String) -> String {
        markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
    }

    /// Targets of Markdown links and images, and of `<img src>`, outside code.
    static func links(in markdown: String) -> [String] {
        let text = withoutCode(markdown)
        var targets: [String] = []
        for pattern in [#"\]\(([^)\s]+)\)"#, #"<img src="([^"]+)""#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                targets.append(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return targets
    }

    @Test func everyLinkLeadsSomewhere() throws {
        var checked = 0
        for page in try Self.pages() {
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for target in Self.links(in: try Self.text(page)) where !target.contains("://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? Self.root.appendingPathComponent(page) : folder.appendingPathComponent(parts[0])
                let exists = FileManager.default.fileExists(atPath: file.standardizedFileURL.path)
                #expect(exists, "\(page): the link \(target) leads to no file")
                if exists, parts.count == 2, file.pathExtension == "md" {
                    let anchors = Self.anchors(of: try String(contentsOf: file, encoding: .utf8))
                    let found = anchors.contains(parts[1])
                    #expect(found, "\(page): the link \(target) leads to no heading of \(file.lastPathComponent)")
                }
            }
        }
        #expect(checked >= 40)
    }
}
