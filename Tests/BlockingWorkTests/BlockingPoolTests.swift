import BlockingWork
import Foundation
import Testing

/// The pool that takes every blocking job off Swift's cooperative threads: its ceiling, its queue, and the
/// places its jobs hold. Jobs here block on semaphores the test opens, so nothing depends on the machine's speed;
/// the waits only guard against a hang.
@Suite(.hangGuard)
struct BlockingPoolTests {
    /// Waits (polling) until `condition` holds; false after five minutes. Generous: a task of the test waits for a
    /// cooperative thread, which a loaded machine running every other suite may not give for a minute or more.
    func until(_ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + .seconds(300)
        while !condition() {
            guard ContinuousClock.now < end else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

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
        #expect(await until { pool.running == 2 && pool.queued == 1 && started.values.count == 2 })
        gate.signal()
        #expect(await until { started.values.count == 3 })
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
        #expect(await until { pool.running == 3 })
        // Answered while the three still hold their threads.
        #expect(try await pool.run { "short" } == "short")
        for _ in long { gate.signal() }
        for job in long { try await job.value }
    }

    @Test func aQueuedJobWhoseCallerIsCancelledNeverRunsAndGivesItsPlaceBackAtOnce() async throws {
        let pool = BlockingPool(maximumThreads: 1, name: "test")
        let gate = DispatchSemaphore(value: 0)
        let blocker = Task { try await pool.run { gate.wait() } }
        #expect(await until { pool.running == 1 })
        let ran = Counter(), released = Counter()
        let queued = Task { try await pool.run(releasing: { released.add(1) }) { ran.add(1) } }
        #expect(await until { pool.queued == 1 })
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
        let giveUp = DispatchSemaphore(value: 0)
        let job = Task {
            try await pool.run(releasing: { released.add(1) }, giveUp: {
                // The caller's deadline: here, when the test says so.
                while giveUp.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(2)) }
                return GaveUp()
            }) { gate.wait() }
        }
        #expect(await until { pool.running == 1 })
        giveUp.signal()
        await #expect(throws: GaveUp.self) { try await job.value }
        #expect(released.values.isEmpty, "still running: the place is still held")
        #expect(pool.running == 1)
        gate.signal()
        #expect(await until { released.values == [1] && pool.running == 0 })
    }
}

/// Values added from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var added: [Int] = []
    func add(_ value: Int) { lock.withLock { added.append(value) } }
    var values: [Int] { lock.withLock { added } }
}
