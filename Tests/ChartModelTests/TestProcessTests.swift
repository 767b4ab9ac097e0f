import Testing
import TestSupport

/// The test process itself: it must not outlive `swift test` (a CI's timeout or a person's Ctrl-C stops that
/// command, which does not pass the signal on).
@Suite(.timeLimit(.minutes(10)))
struct TestProcessTests {
    #if os(Linux)
    @Test func theTestProcessEndsWithSwiftTest() {
        #expect(testProcessEndsWithItsParent)
    }
    #endif
}
