import Foundation
import Testing
import TestSupport

/// The test process itself: it must not outlive `swift test` (a CI's timeout or a person's Ctrl-C stops that
/// command, which does not pass the signal on).
@Suite
struct TestProcessTests {
    /// No verdict by the clock: a test's only time limit is the hang guard (at CI's scale, never a measure of
    /// speed), declared once in TestSupport; every file whose tests wait on a process, a server or the pool carries
    /// it, so that one that never hears back fails by name instead of leaving a silent run.
    @Test func timeLimitsAreHangGuardsWhereAHangIsPossible() throws {
        let tests = SampleCharts.packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let waits = ["Process()", "APIStandIn(", "withService(", "TestServer.", "WheelCommand.", "withRenderPool", "BlockingPool("]
        let ownLimit = ".time" + "Limit("  // spelled apart, so that this file does not match itself
        var guarded = 0
        for file in files where file != "TestSupport/HangGuard.swift" {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(ownLimit), "Tests/\(file) sets a time limit of its own")
            guard text.contains("@Test") else { continue }
            if let wait = waits.first(where: text.contains) {
                #expect(text.contains(".hangGuard"), "Tests/\(file) waits on \(wait) with no hang guard")
            }
            if text.contains(".hangGuard") { guarded += 1 }
        }
        #expect(guarded > 20)
    }

    #if os(Linux)
    @Test func theTestProcessEndsWithSwiftTest() {
        #expect(testProcessEndsWithItsParent)
    }
    #endif
}
