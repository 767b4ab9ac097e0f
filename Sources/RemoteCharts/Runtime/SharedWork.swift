import ChartModel
import Support

/// Calls for the same key at the same time share one run of the work. The run is a task of its own: it is
/// cancelled when every caller waiting for it has been cancelled, and `drain` awaits every run still going, so
/// that a service's shutdown outlives what it started.
final class SharedWork<Value: Sendable>: Sendable {
    private struct Run {
        var task: Task<Value, any Error>
        /// Callers waiting for it.
        var waiters = 0
        /// Callers waiting for it and not cancelled.
        var wanted = 0
    }

    private let runs = Locked([String: Run]())
    /// Those waiting for a number of callers to be waiting (`until(callersWaiting:)`).
    private let watchers = Locked([(count: Int, done: CheckedContinuation<Void, Never>)]())

    /// Returns once at least `count` callers wait for runs, over every key: told by each caller as it joins, so
    /// a test knows a second call has joined a run before it lets the run end.
    func until(callersWaiting count: Int) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // Taken in this order everywhere: runs, then watchers.
            let reached = runs.withLock { runs in
                watchers.withLock { watchers in
                    guard runs.values.map(\.waiters).reduce(0, +) < count else { return true }
                    watchers.append((count, done))
                    return false
                }
            }
            if reached { done.resume() }
        }
    }

    /// The result of the run for `key`: the one already going, else a new run of `work`.
    func value(for key: String, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let (task, joined) = runs.withLock { runs -> (Task<Value, any Error>, [CheckedContinuation<Void, Never>]) in
            let task = runs[key]?.task ?? Task { try await work() }
            runs[key, default: Run(task: task)].waiters += 1
            runs[key]!.wanted += 1
            let waiting = runs.values.map(\.waiters).reduce(0, +)
            let joined = watchers.withLock { watchers in
                defer { watchers.removeAll { $0.count <= waiting } }
                return watchers.filter { $0.count <= waiting }.map(\.done)
            }
            return (task, joined)
        }
        for watcher in joined { watcher.resume() }
        defer {
            runs.withLock { runs in
                runs[key]?.waiters -= 1
                if runs[key]?.waiters == 0 { runs[key] = nil }
            }
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            let unwanted = runs.withLock { runs -> Task<Value, any Error>? in
                guard runs[key]?.task == task else { return nil }
                runs[key]!.wanted -= 1
                return runs[key]!.wanted == 0 ? task : nil
            }
            unwanted?.cancel()
        }
    }

    /// Waits for every run still going to end.
    func drain() async {
        for task in runs.withLock({ $0.values.map(\.task) }) {
            _ = try? await task.value
        }
    }
}
