import Support

/// ` (did you mean "Saturn"?)` when one of `known` is close enough to `name` to be a typo of it, else empty.
/// Case is ignored. Close enough: at most two edits, and at most a third of the name's length (at least one),
/// a swap of two neighbouring letters counting as one edit; so `Satrun` and `Trien` get a suggestion, while
/// another real name (`Juno`, two edits from `Sun`) gets none.
package func didYouMean(_ name: String, among known: [String]) -> String {
    closestName(to: name, among: known).map { " (did you mean \(quote($0))?)" } ?? ""
}

/// The one of `known` close enough to `name` to be a typo of it (see `didYouMean`), else nil.
package func closestName(to name: String, among known: [String]) -> String? {
    let lowered = name.lowercased()
    let allowed = min(2, max(1, lowered.count / 3))
    // A name whose length differs by more than `allowed` cannot be close: skipping it keeps a long name cheap.
    let scored = known.filter { abs($0.count - lowered.count) <= allowed }
        .map { ($0, editDistance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= allowed else { return nil }
    return best
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Three rows of the table: distances from a's prefixes of length i - 2, i - 1 and i to each prefix of b.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// Bodies and aspects: kinds with names a user may misspell.
package protocol NamedKind: CaseIterable {
    var displayName: String { get }
    /// What one of them is called in a message: "body", "aspect".
    static var noun: String { get }
}

extension NamedKind {
    /// `unknown body "Satrun" (did you mean "Saturn"?)`: the one message for a name that matches none.
    package static func unknown(_ name: String) -> String {
        "unknown \(noun) \(quote(name))" + didYouMean(name, among: allCases.map(\.displayName))
    }
}

extension BodyID: NamedKind {
    package static var noun: String { "body" }
}

extension AspectKind: NamedKind {
    package static var noun: String { "aspect" }
}
