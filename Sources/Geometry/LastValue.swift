import ChartModel
import Support

/// The value computed for the last key, shared by all threads.
final class LastValue<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Locked<(key: Key, value: Value)?>(nil)

    /// The value for `key`: the last one when `key` is the last key, otherwise `compute()`, remembered.
    func value(for key: Key, compute: () -> Value) -> Value {
        if let remembered = last.withLock({ $0 }), remembered.key == key { return remembered.value }
        let value = compute()
        last.withLock { $0 = (key, value) }
        return value
    }
}
