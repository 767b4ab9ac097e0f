import Foundation
import Testing
import TestSupport

/// Every Swift example in the README is a program under `Examples/` that the build compiles, word for word,
/// so the README cannot show code that does not build.
struct ReadmeExamplesTests {
    static let root = SampleCharts.packageRoot

    static func readmeSwiftBlocks() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```swift\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
    }

    static func examples() throws -> [String: String] {
        let folder = root.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix("main.swift") && !$0.contains(".build") }
        return try Dictionary(uniqueKeysWithValues: files.map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        })
    }

    @Test func everySwiftBlockOfTheReadmeIsACompiledExample() throws {
        let examples = try Self.examples()
        let blocks = try Self.readmeSwiftBlocks()
        #expect(!blocks.isEmpty)
        for block in blocks {
            let compiled = examples.values.contains(block)  // into a Bool: #expect would print every example
            #expect(compiled, "a README Swift block is no file under Examples/: \(block.prefix(120))…")
        }
    }

    @Test func everyExampleIsInTheReadme() throws {
        let blocks = Set(try Self.readmeSwiftBlocks())
        let examples = try Self.examples()
        #expect(examples.count >= 4)
        for (file, text) in examples {
            let shown = blocks.contains(text)
            #expect(shown, "Examples/\(file) is not shown in the README")
        }
    }
}
