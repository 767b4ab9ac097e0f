import Foundation
import Testing

/// What `wheel` prints never carries a control character from a path, an argument or a file raw (it is escaped
/// as `\u{1B}`), is one line per message, and is at most 400 characters, its middle cut out with `…`.
@Suite(.serialized, .hangGuard)
struct MessageSafetyTests {
    let chart = WheelCommand.sample("astrologyapi")

    /// Every message line: no control character but the newline that ends it, and within the length limit.
    func expectSafe(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!stderr.isEmpty, sourceLocation: sourceLocation)
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.isBidiControl },
                    "raw control character in \(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(line.unicodeScalars.count <= 400, "\(line.unicodeScalars.count) characters", sourceLocation: sourceLocation)
        }
    }

    @Test func aMissingFilesNameIsEscaped() throws {
        let result = try WheelCommand.run(["render", "/nonexistent/a\u{1B}[31mred\u{1B}]0;title\u{7}.json"])
        #expect(result.status == 66)
        #expect(result.stderr == #"wheel: /nonexistent/a\u{1B}[31mred\u{1B}]0;title\u{7}.json: no such file"# + "\n")
        expectSafe(result.stderr)
    }

    @Test func aNewlineInAPathKeepsTheErrorOnOneLine() throws {
        let result = try WheelCommand.run(["render", "/nonexistent/a\nwheel: all good\r.json"])
        #expect(result.stderr == #"wheel: /nonexistent/a\u{A}wheel: all good\u{D}.json: no such file"# + "\n")
    }

    @Test func c1ControlsAndBidirectionalOverridesAreEscapedToo() throws {
        let result = try WheelCommand.run(["render", "/nonexistent/\u{9B}31m\u{202E}nosj.txt"])
        #expect(result.stderr == #"wheel: /nonexistent/\u{9B}31m\u{202E}nosj.txt: no such file"# + "\n")
    }

    @Test func anUnknownFlagIsEscapedOnOneLineThatStartsWithWheel() throws {
        let result = try WheelCommand.run(["render", chart, "--fo\u{1B}[2Jo"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(#"wheel: Unknown option '--fo\u{1B}[2Jo'"# + "\n"), "\(result.stderr)")
        #expect(result.stderr.contains("See 'wheel render --help'"), "the usage still follows: \(result.stderr)")
        expectSafe(result.stderr)
    }

    @Test func anOptionsFilesKeyIsEscaped() throws {
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"chart\u001b[8m_size": 600}"#.utf8).write(to: options)
        let result = try WheelCommand.run(["render", chart, "--options", options.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains(#"chart\u{1B}[8m_size"#), "\(result.stderr)")
        expectSafe(result.stderr)
    }

    @Test func aLongPathIsCutInTheMiddleAndTheReasonStays() throws {
        let path = "/nonexistent/" + String(repeating: "a", count: 5000) + ".json"
        let result = try WheelCommand.run(["render", path])
        #expect(result.status == 66)
        let line = result.stderr.dropLast()
        #expect(line.unicodeScalars.count == 400)
        #expect(line.hasPrefix("wheel: /nonexistent/aaa") && line.contains("a…a") && line.hasSuffix("aaa.json: no such file"), "\(line)")
    }

    @Test func aLongUnknownFlagAndALongOptionsKeyAreCut() throws {
        let flag = try WheelCommand.run(["render", chart, "--" + String(repeating: "x\u{1B}", count: 3000)])
        #expect(flag.status == 64)
        expectSafe(flag.stderr)
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"\#(String(repeating: "k", count: 10_000))": 1}"#.utf8).write(to: options)
        let key = try WheelCommand.run(["render", chart, "--options", options.path])
        #expect(key.status == 64)
        expectSafe(key.stderr)
        #expect(key.stderr.contains("k…k"), "\(key.stderr.prefix(200))")
    }

    /// Combining marks are one character to Swift's `count` but each is printed: the limit counts scalars.
    @Test func theLimitCountsScalarsNotCharacters() throws {
        let result = try WheelCommand.run(["render", "/nonexistent/a" + String(repeating: "\u{301}", count: 20_000)])
        expectSafe(result.stderr)
    }
}
