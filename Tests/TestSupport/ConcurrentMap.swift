import Foundation

extension Array where Element: Sendable {
    /// `map` on every core, in order. The tests run one at a time (`swift test --no-parallel`, so that the
    /// services' timing tests get the cores they need); the long property tests use both cores this way.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) rethrows -> [T] {
        let results = ResultSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, Result { try transform(self[index]) })
        }
        return try results.values.map { try $0!.get() }
    }
}

/// One slot per index, each written once by its own iteration.
private final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Result<T, any Error>?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<T, any Error>) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
