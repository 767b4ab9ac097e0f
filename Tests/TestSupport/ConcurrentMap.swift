import ChartModel
import Foundation
import Support

extension Array where Element: Sendable {
    /// `map` on every core, in order. The long property tests use every core this way.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) rethrows -> [T] {
        let results = Locked([Result<T, any Error>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try transform(self[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }
}
