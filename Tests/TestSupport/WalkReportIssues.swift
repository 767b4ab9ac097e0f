import Testing
import WalkSampling

extension WalkReport {
    /// Each of the walk's failures as an issue of the test that ran it.
    public func recordFailures(sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }
}
