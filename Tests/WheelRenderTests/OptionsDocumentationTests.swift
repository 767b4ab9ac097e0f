import Foundation
import Testing
import TestSupport
import WheelRender

/// The options table of docs/Options.md is the one the declarations make: a new or changed option shows there.
@Suite
struct OptionsDocumentationTests {
    static let begin = "<!-- BEGIN GENERATED OPTIONS TABLE"
    static let end = "<!-- END GENERATED OPTIONS TABLE -->"

    @Test func theDocumentedTableIsTheGeneratedOne() throws {
        let file = SampleCharts.packageRoot.appendingPathComponent("docs/Options.md")
        var text = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin))
        let commentEnd = try #require(text.range(of: "-->", range: start.upperBound..<text.endIndex))
        let stop = try #require(text.range(of: Self.end, range: commentEnd.upperBound..<text.endIndex))
        let generated = "\n\n" + RenderOption.markdownTable() + "\n"
        if ProcessInfo.processInfo.environment["RECORD_OPTIONS_TABLE"] == "1" {
            text.replaceSubrange(commentEnd.upperBound..<stop.lowerBound, with: generated)
            try text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("docs/Options.md: the options table was written anew; run again")
            return
        }
        let same = String(text[commentEnd.upperBound..<stop.lowerBound]) == generated
        #expect(same, "docs/Options.md's options table is not RenderOption.markdownTable(): RECORD_OPTIONS_TABLE=1 writes it")
    }
}
