/// A rejected input: what is wrong and where, as `planets[1].full_degree: 400 is outside 0..<360`.
public struct ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the offending field in the input, `planets[1].full_degree`; empty for the document as a whole.
    public var path: String
    /// What is wrong with the value, in words (`400 is outside 0..<360`).
    public var message: String

    /// An error at `path` (empty for the whole document) saying `message`.
    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone for the whole document.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
