import ChartModel
import Testing

/// The `ChartError` that `body` throws, or nil (recorded as a failure) when it throws none or another error.
public func chartError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> ChartError? {
    do {
        try body()
    } catch let error as ChartError {
        return error
    } catch {
        Issue.record("expected a ChartError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("expected a ChartError, none was thrown", sourceLocation: sourceLocation)
    return nil
}

/// Expects `body` to fail at exactly `path` with a message that names `value` (the bad input as the user wrote it).
public func expectError(
    at path: String, naming value: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    guard let error = chartError(sourceLocation: sourceLocation, body) else { return }
    #expect(error.path == path, "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.message.contains(value), "\(error)", sourceLocation: sourceLocation)
}
