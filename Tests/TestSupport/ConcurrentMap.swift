import BlockingWork
import ChartModel
import Foundation
import Support

/// The threads the long property tests share, one a core: together they never run more than that, and never
/// on Swift's cooperative threads, which the tests that serve HTTP need while they run.
private let heavyWork = BlockingPool(maximumThreads: ProcessInfo.processInfo.activeProcessorCount, name: "heavy tests")

extension Array where Element: Sendable {
    /// `map` on every core, in order, on the heavy tests' own threads; the caller waits without holding one of
    /// Swift's cooperative threads.
    public func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) throws -> T) async throws -> [T] {
        let results = Locked([Result<T, any Error>?](repeating: nil, count: count))
        let next = Locked(0)
        let elements = self
        // One job a thread, each taking the next element until none is left: long and short ones balance out.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Swift.min(heavyWork.maximumThreads, count) {
                group.addTask {
                    try await heavyWork.run {
                        while true {
                            let index = next.withLock { index -> Int in
                                defer { index += 1 }
                                return index
                            }
                            guard index < elements.count else { return }
                            let result = Result { try transform(elements[index]) }
                            results.withLock { $0[index] = result }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }
}
