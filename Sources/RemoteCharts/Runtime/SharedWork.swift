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
    /// Told as each caller joins, for `until(callersWaiting:)`.
    private let joins = ChangeSignal()

    /// Returns once at least `count` callers wait for runs, over every key: so a test knows a second call has
    /// joined a run before it lets the run end.
    func until(callersWaiting count: Int) async {
        await joins.until { runs.withLock { $0.values.map(\.waiters).reduce(0, +) } >= count }
    }

    /// The result of the run for `key`: the one already going, else a new run of `work`.
    func value(for key: String, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = runs.withLock { runs -> Task<Value, any Error> in
            let task = runs[key]?.task ?? Task { try await work() }
            runs[key, default: Run(task: task)].waiters += 1
            runs[key]!.wanted += 1
            return task
        }
        joins.changed()
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
