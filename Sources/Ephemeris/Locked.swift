import Foundation

/// A value behind a lock, for state that threads share: Geometry's `Locked`, which Ephemeris cannot import, until
/// the package has one lock type. An `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 and iOS 18.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
