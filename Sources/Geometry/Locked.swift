import Foundation

/// A value behind a lock, for state that threads share. An `NSLock` rather than `Synchronization.Mutex`,
/// which needs macOS 15 and iOS 18; lock() and unlock() rather than `withLock`, which Foundation lacks on macOS 13.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

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
