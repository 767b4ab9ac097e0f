import Foundation

/// A value behind a lock, for state that threads share: the lock type of the package's modules.
/// An `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 and iOS 18; lock() and unlock() rather
/// than `withLock`, which Foundation lacks on macOS 13.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` under the lock and never gives the lock back: for a process about to exit, so that no other
    /// thread changes the value after `body` has seen it.
    package func withLockKept(_ body: (inout Value) throws -> Void) rethrows {
        lock.lock()
        try body(&value)
    }
}
