/// A rejected input: what is wrong and where, as `planets[1].full_degree: 400 is outside 0..<360`.
public struct ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the offending field in the input, `planets[1].full_degree`; empty for the document as a whole.
    public var path: String
    /// What is wrong with the value, in words (`400 is outside 0..<360`).
    public var message: String
    /// What kind of refusal it is, for a server's status: most are a value refused.
    public var kind: Kind

    /// Why an input is refused.
    public enum Kind: Sendable, Equatable {
        /// A value outside what the field takes (a server's 422, or 400 for a document that is not the shape).
        case invalid
        /// Well formed, but naming nothing the data holds: a place no gazetteer entry matches (a server's 404).
        case notFound
        /// Each field valid alone, but not together, in a way a schema of each cannot say: an elevation without a
        /// topocentric chart, a strict house system inside the polar circle (a server's 409).
        case conflict
    }

    /// An error at `path` (empty for the whole document) saying `message`.
    public init(_ path: String, _ message: String, kind: Kind = .invalid) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    /// `path: message`, or the message alone for the whole document.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
