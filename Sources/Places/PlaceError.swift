/// A query the gazetteer cannot take; `description` says why, for a person.
public struct PlaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the query was refused, one line.
    public let description: String
    /// Whether the query names nothing (empty, no letter or digit) rather than breaking a rule of its form.
    public let namesNothing: Bool

    init(_ description: String, namesNothing: Bool = false) {
        self.description = description
        self.namesNothing = namesNothing
    }
}
