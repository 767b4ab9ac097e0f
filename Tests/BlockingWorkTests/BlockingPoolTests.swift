import BlockingWork
import Foundation
import Support
import Testing
import TestSupport

/// The pool that takes every blocking job off Swift's cooperative threads: its ceiling, its queue, and the
/// places its jobs hold. Jobs here block on semaphores the test opens, and the test waits for the pool's counts
/// and the jobs' starts as events, so nothing depends on the machine's speed.
@Suite(.hangGuard)
struct BlockingPoolTests {
    @Test func aJobRunsOnAThreadOfThePoolAndGivesItsResult() async throws {
        let pool = BlockingPool(maximumThreads: 2, name: "test")
        let onMain = try await pool.run { Thread.isMainThread }
        #expect(!onMain)
        #expect(try await pool.run { 6 * 7 } == 42)
        await #expect(throws: CocoaError.self) { try await pool.run { throw CocoaError(.fileNoSuchFile) } }
    }

    @Test func noMoreThanTheCeilingRunAtOnceAndTheRestWaitTheirTurn() async throws {
        let pool = BlockingPool(maximumThreads: 2, name: "test")
        let gate = DispatchSemaphore(value: 0)
        let started = Counter()
        let jobs = (0..<3).map { index in
            Task { try await pool.run { started.add(index); gate.wait(); return index } }
        }
        await pool.until { running, queued in running == 2 && queued == 1 }
        await started.until(count: 2)
        #expect(pool.running == 2 && pool.queued == 1 && started.values.count == 2)
        gate.signal()
        await started.until(count: 3)
        #expect(pool.running == 2 && pool.queued == 0)
        gate.signal()
        gate.signal()
        var results: [Int] = []
        for job in jobs { results.append(try await job.value) }
        #expect(results == [0, 1, 2])
    }

    @Test func aShortJobDoesNotWaitBehindLongOnesBelowTheCeiling() async throws {
        let pool = BlockingPool(maximumThreads: 8, name: "test")
        let gate = DispatchSemaphore(value: 0)
        let long = (0..<3).map { _ in Task { try await pool.run { gate.wait() } } }
        await pool.until { running, _ in running == 3 }
        // Answered while the three still hold their threads.
        #expect(try await pool.run { "short" } == "short")
        for _ in long { gate.signal() }
        for job in long { try await job.value }
    }

    @Test func aQueuedJobWhoseCallerIsCancelledNeverRunsAndGivesItsPlaceBackAtOnce() async throws {
        let pool = BlockingPool(maximumThreads: 1, name: "test")
        let gate = DispatchSemaphore(value: 0)
        let blocker = Task { try await pool.run { gate.wait() } }
        await pool.until { running, _ in running == 1 }
        let ran = Counter(), released = Counter()
        let queued = Task { try await pool.run(releasing: { released.add(1) }) { ran.add(1) } }
        await pool.until { _, queued in queued == 1 }
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        #expect(released.values == [1], "given back once, before the job could start")
        #expect(pool.queued == 0)
        gate.signal()
        try await blocker.value
        #expect(try await pool.run { 1 } == 1)
        #expect(ran.values.isEmpty)
    }

    @Test func anAbandonedJobRunsOnAndGivesItsPlaceBackWhenItEnds() async throws {
        let pool = BlockingPool(maximumThreads: 1, name: "test")
        let gate = DispatchSemaphore(value: 0)
        let released = Counter()
        struct GaveUp: Error {}
        // The caller's deadline: here, when the test says so.
        let giveUp = OneResult<Void>()
        let job = Task {
            try await pool.run(releasing: { released.add(1) }, giveUp: {
                try await giveUp.value()
                return GaveUp()
            }) { gate.wait() }
        }
        await pool.until { running, _ in running == 1 }
        giveUp.settle(.success(()))
        await #expect(throws: GaveUp.self) { try await job.value }
        #expect(released.values.isEmpty, "still running: the place is still held")
        #expect(pool.running == 1)
        gate.signal()
        await released.until(count: 1)
        await pool.until { running, _ in running == 0 }
        #expect(released.values == [1] && pool.running == 0)
    }
}

/// Values added from any thread, and waits for a count of them.
final class Counter: Sendable {
    private let added = Locked([Int]())
    private let additions = ChangeSignal()

    func add(_ value: Int) {
        added.withLock { $0.append(value) }
        additions.changed()
    }

    var values: [Int] { added.withLock { $0 } }

    /// Returns once `count` values have been added.
    func until(count: Int) async {
        await additions.until { values.count >= count }
    }
}
