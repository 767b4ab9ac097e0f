import Foundation
import Testing
import TestSupport

/// The test process itself: it must not outlive `swift test` (a CI's timeout or a person's Ctrl-C stops that
/// command, which does not pass the signal on).
@Suite(.timeLimit(.minutes(10)))
struct TestProcessTests {
    /// A hang fails the test that hangs, by name, instead of leaving a silent run: every file of tests puts its
    /// suites under a time limit (a guard, never a measure of speed).
    @Test func everySuiteHasATimeLimit() throws {
        let tests = SampleCharts.packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var checked = 0
        for file in files {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("@Test") else { continue }
            checked += 1
            #expect(text.contains(".timeLimit("), "Tests/\(file) has tests and no time limit")
        }
        #expect(checked > 50)
    }

    #if os(Linux)
    @Test func theTestProcessEndsWithSwiftTest() {
        #expect(testProcessEndsWithItsParent)
    }
    #endif
}
