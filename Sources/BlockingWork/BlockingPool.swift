import Foundation
import Support

/// Threads of its own for work that blocks: drawing, `flock`, file I/O. Swift's cooperative threads (one a
/// core) must never wait on such work, or every task of the process waits with them; an async caller hands the
/// work here and waits without holding a thread.
///
/// The pool is bounded: it starts a thread when a job finds none idle, up to `maximumThreads`, and keeps it;
/// beyond that, jobs queue in order. Short jobs never wait behind long ones while the bound is not reached,
/// so the bound is a ceiling for a process under attack, not a queue its ordinary work waits in: how much runs
/// at once is for each caller to say (the server's render gate, the SVG drawer's places). A caller may stop
/// waiting (its deadline, its cancellation) while its job runs on: a job that has started cannot be stopped
/// (librsvg cannot stop a render), so it keeps its thread to its end, and the bound holds abandoned jobs too.
/// A job still queued when its caller stops waiting is dropped unrun.
public final class BlockingPool: @unchecked Sendable {
    // @unchecked: every stored var is read and written under `condition` only.

    /// The pool the process's blocking work shares, up to 64 threads.
    public static let shared = BlockingPool(maximumThreads: 64, name: "blocking work")

    /// Threads at most, and so jobs running at once.
    public let maximumThreads: Int
    private let name: String
    private let condition = NSCondition()
    private var queue: [(id: UInt64, run: @Sendable () -> Void)] = []
    private var threads = 0
    private var idle = 0
    private var busy = 0
    private var lastID: UInt64 = 0
    /// Told after every change of the counts, for `until`.
    private let changes = ChangeSignal()

    /// librsvg recurses as deep as a document nests: a main thread's stack, not the half megabyte a secondary
    /// thread gets by default on Apple platforms.
    private static let stackSize = 8 << 20

    /// A pool of at most `maximumThreads` threads, named `name` for debuggers; a thread lives as long as the
    /// process once started.
    public init(maximumThreads: Int, name: String) {
        self.maximumThreads = max(1, maximumThreads)
        self.name = name
    }

    private func startThread(number: Int) {
        let thread = Thread { [self] in
            while true {
                let job = take()
                job()
                condition.withLock { busy -= 1 }
                changes.changed()
            }
        }
        thread.stackSize = Self.stackSize
        thread.name = "\(name) \(number)"
        thread.start()
    }

    /// Jobs running now, abandoned ones included.
    public var running: Int { condition.withLock { busy } }

    /// Jobs waiting for a thread.
    public var queued: Int { condition.withLock { queue.count } }

    /// Returns once the jobs running and queued satisfy `holds`, looked at on every change rather than by polling:
    /// for a caller that must know the pool's state has moved (its abandoned jobs ended, say), as tests must.
    public func until(_ holds: (_ running: Int, _ queued: Int) -> Bool) async {
        await changes.until {
            let (running, queued) = condition.withLock { (busy, queue.count) }
            return holds(running, queued)
        }
    }

    /// `work`'s result, computed on one of the pool's threads. Cancelling the caller ends the wait at once with
    /// `CancellationError`: a queued job is dropped, a running one runs on to its end.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await run(work, giveUp: nil)
    }

    /// `work`'s result, or the error that `giveUp` returns first (a deadline's timer, say): the wait ends then,
    /// and the job is dropped if still queued, or runs on to its end. `giveUp` runs in a task of its own,
    /// cancelled once the result is in; a `giveUp` that throws gives up nothing.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T,
                                 giveUp: (@Sendable () async throws -> any Error)?) async throws -> T {
        let result = OneResult<T>()
        let id = submit {
            guard !result.isSettled else { return }
            result.settle(Result { try work() })
        }
        let timer = giveUp.map { giveUp in
            Task {
                guard let error = try? await giveUp() else { return }
                self.drop(id)
                result.settle(.failure(error))
            }
        }
        defer { timer?.cancel() }
        return try await withTaskCancellationHandler {
            try await result.value()
        } onCancel: {
            self.drop(id)
            result.settle(.failure(CancellationError()))
        }
    }

    /// `work`'s result, as `run(_:giveUp:)` gives it, for a job that holds a place of the caller's (a render
    /// slot, a drawing's place): `release` is called once, when the job ends, or as soon as the caller stops
    /// waiting if it never started. An abandoned job keeps its place until it is done.
    public func run<T: Sendable>(releasing release: @escaping @Sendable () -> Void,
                                 giveUp: (@Sendable () async throws -> any Error)? = nil,
                                 _ work: @escaping @Sendable () throws -> T) async throws -> T {
        // false: not started; true: running (it releases); nil: never to start (released here).
        let started = OneState()
        do {
            return try await run({
                guard started.start() else { throw CancellationError() }
                defer { release() }
                return try work()
            }, giveUp: giveUp)
        } catch {
            if started.cancelUnstarted() { release() }
            throw error
        }
    }

    /// Runs `job` on one of the pool's threads, without waiting for it: the caller learns of its end its own way.
    public func start(_ job: @escaping @Sendable () -> Void) {
        _ = submit(job)
    }

    private func submit(_ run: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, newThread) = condition.withLock { () -> (UInt64, Int?) in
            lastID += 1
            queue.append((lastID, run))
            // A thread for every job queued beyond those idle, up to the bound.
            guard queue.count > idle, threads < maximumThreads else {
                condition.signal()
                return (lastID, nil)
            }
            threads += 1
            return (lastID, threads)
        }
        changes.changed()
        if let newThread { startThread(number: newThread) }
        return id
    }

    /// The next job, once there is one; it counts as running from here.
    private func take() -> @Sendable () -> Void {
        defer { changes.changed() }
        return condition.withLock {
            idle += 1
            while queue.isEmpty { condition.wait() }
            idle -= 1
            busy += 1
            return queue.removeFirst().run
        }
    }

    /// Removes a job that has not started; one that has runs on.
    private func drop(_ id: UInt64) {
        condition.withLock { queue.removeAll { $0.id == id } }
        changes.changed()
    }
}

/// A result that is settled once, by whichever side gets there first (a job, a timer, a cancellation); later
/// ones are dropped. One task waits for it.
public final class OneResult<T: Sendable>: @unchecked Sendable {
    // @unchecked: both vars are read and written under `lock` only.
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    private var waiter: CheckedContinuation<T, any Error>?

    /// An unsettled result.
    public init() {}

    /// Whether a value or an error has arrived.
    public var isSettled: Bool { lock.withLock { result != nil } }

    /// Settles the result, unless it was settled before; false then.
    @discardableResult
    public func settle(_ value: Result<T, any Error>) -> Bool {
        let waiting: CheckedContinuation<T, any Error>?? = lock.withLock {
            guard result == nil else { return nil }
            result = value
            defer { waiter = nil }
            return .some(waiter)
        }
        guard case .some(let continuation) = waiting else { return false }
        continuation?.resume(with: value)
        return true
    }

    /// The value, once settled.
    public func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let settled: Result<T, any Error>? = lock.withLock {
                if let result { return result }
                waiter = continuation
                return nil
            }
            if let settled { continuation.resume(with: settled) }
        }
    }
}

/// Whether a job started, decided once between the job and its caller.
private final class OneState: @unchecked Sendable {
    // @unchecked: `state` is read and written under `lock` only.
    private let lock = NSLock()
    private var state: Bool? = false

    /// The job starts, unless its caller has given it up.
    func start() -> Bool {
        lock.withLock {
            guard state == false else { return false }
            state = true
            return true
        }
    }

    /// The caller gives up a job that has not started; false when it has.
    func cancelUnstarted() -> Bool {
        lock.withLock {
            guard state == false else { return false }
            state = nil
            return true
        }
    }
}
