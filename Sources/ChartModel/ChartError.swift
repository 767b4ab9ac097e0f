/// A rejected input: what is wrong and where, as `planets[1].full_degree: 400 is outside 0..<360`.
public struct ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the offending field in the input, `planets[1].full_degree`; empty for the document as a whole.
    public var path: String
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
