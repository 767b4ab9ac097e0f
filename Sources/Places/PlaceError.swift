/// A query the gazetteer cannot take; `description` says why, for a person.
public struct PlaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the query was refused, one line.
    public let description: String

    init(_ description: String) { self.description = description }
}
