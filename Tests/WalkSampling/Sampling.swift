/// Which items a walk looks at: every one (the release check, scripts/check-data-walks.sh) or every `stride`th from
/// a fixed offset (`swift test`, in the debug build). The listed known cases are looked at either way, so that the
/// sampled tests still prove each one happens as listed.
public struct Sampling: Sendable, CustomStringConvertible {
    public let stride: Int, offset: Int

    public static let everything = Sampling(stride: 1, offset: 0)

    public static func every(_ stride: Int, from offset: Int = 0) -> Sampling {
        precondition(stride >= 1 && offset >= 0)
        return Sampling(stride: stride, offset: offset % stride)
    }

    public func includes(_ index: Int) -> Bool { index % stride == offset }

    public var isEverything: Bool { stride == 1 }

    public var description: String { stride == 1 ? "every one" : "one in \(stride)" }
}

/// What a walk found: a line per failure, and a line saying what it looked at.
public struct WalkReport: Sendable {
    public private(set) var failures: [String] = []
    public var summary = ""
    /// How many items the walk looked up (the expensive part, which sampling cuts).
    public var lookedUp = 0

    public init() {}

    public mutating func check(_ condition: Bool, _ failure: @autoclosure () -> String) {
        if !condition { failures.append(failure()) }
    }

    public mutating func fail(_ failure: String) { failures.append(failure) }
}
