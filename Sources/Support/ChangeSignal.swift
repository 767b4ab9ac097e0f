/// Wakes the tasks waiting on a state each time it changes, so that they can wait for a condition on it without
/// polling: the blocking pool's counts, the render gate's places and queue, the shutdown's start, the callers
/// joined to a shared request, and in tests the requests a stand-in has seen and the sleeps on a manual clock.
/// The owner of the state calls `changed()` after each change.
public final class ChangeSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextID: UInt64 = 0
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// A signal no one waits on yet.
    public init() {}

    /// Says the state has changed: every waiter looks at its condition again.
    public func changed() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Returns once `condition` holds, looking at it again at each change; also when the caller is cancelled.
    public func until(_ condition: () -> Bool) async {
        while !Task.isCancelled {
            // The generation is read before the condition, so a change between the two is never missed.
            let seen = state.withLock { $0.generation }
            if condition() { return }
            let id = state.withLock { state in
                state.nextID &+= 1
                return state.nextID
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let changedSince = state.withLock { state -> Bool in
                        guard state.generation == seen, !Task.isCancelled else { return true }
                        state.waiters.append((id, continuation))
                        return false
                    }
                    if changedSince { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                waiter?.resume()
            }
        }
    }
}
