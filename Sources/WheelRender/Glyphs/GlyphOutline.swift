import Geometry

/// A glyph's drawing as absolute path operations in its cell's units, read once from `GlyphPaths` so that
/// glyphs can be placed as plain path data: one path of many glyphs draws far faster than many `<use>` copies
/// of symbols.
struct GlyphOutline: Sendable {
    /// The elements, as a `ShapePath` holds them.
    let verbs: [ShapePath.Verb]
    /// Their numbers in glyph units, as (x, y) pairs: points, and each arc's radii before its end point.
    let pairs: [Pair]

    struct Pair: Sendable {
        var x: Double, y: Double
        /// An arc's radii are scaled but not moved.
        var isRadii = false
    }

    /// Every glyph's outline, in the order of `Glyph.allCases`.
    static let all: [GlyphOutline] = Glyph.allCases.map { GlyphOutline(pathData: GlyphPaths.table[$0]!) }

    /// Reads the absolute commands the glyph table uses: M L H V C Q A Z.
    private init(pathData: String) {
        var verbs: [ShapePath.Verb] = [], pairs: [Pair] = []
        func add(_ verb: ShapePath.Verb, _ points: (Double, Double)...) {
            verbs.append(verb)
            pairs += points.map { Pair(x: $0, y: $1) }
        }
        var numbers: [Double] = []  // the current command's
        var command: Character = "M"
        var x = 0.0, y = 0.0
        func flush() {
            var n = numbers[...]
            func take(_ count: Int) -> [Double]? {
                guard n.count >= count else { return nil }
                defer { n = n.dropFirst(count) }
                return Array(n.prefix(count))
            }
            switch command {
            case "Z": add(.close)
            default:
                var first = true
                while !n.isEmpty {
                    switch command {
                    case "M", "L":
                        guard let p = take(2) else { return }
                        (x, y) = (p[0], p[1])
                        add(command == "M" && first ? .move : .line, (x, y))
                    case "H":
                        guard let p = take(1) else { return }
                        x = p[0]
                        add(.line, (x, y))
                    case "V":
                        guard let p = take(1) else { return }
                        y = p[0]
                        add(.line, (x, y))
                    case "C":
                        guard let p = take(6) else { return }
                        (x, y) = (p[4], p[5])
                        add(.cubic, (p[0], p[1]), (p[2], p[3]), (x, y))
                    case "Q":
                        guard let p = take(4) else { return }
                        (x, y) = (p[2], p[3])
                        add(.quadratic, (p[0], p[1]), (x, y))
                    case "A":
                        guard let p = take(7) else { return }
                        precondition(p[2] == 0, "glyph arcs have their axes along x and y")
                        (x, y) = (p[5], p[6])
                        add(.arc(large: p[3] != 0, sweep: p[4] != 0), (p[0], p[1]), (x, y))
                        pairs[pairs.count - 2].isRadii = true
                    default:
                        preconditionFailure("glyph path command \(command) is not one the table may use")
                    }
                    first = false
                }
            }
            numbers.removeAll()
        }
        var token = ""
        func endNumber() {
            if let value = Double(token) { numbers.append(value) }
            token = ""
        }
        for character in pathData {
            if character.isLetter {
                endNumber()
                flush()
                command = character
            } else if character == " " || character == "," {
                endNumber()
            } else if character == "-" && !token.isEmpty && token.last != "e" {
                endNumber()
                token.append(character)
            } else {
                token.append(character)
            }
        }
        endNumber()
        flush()
        (self.verbs, self.pairs) = (verbs, pairs)
    }
}

extension Glyph {
    /// The glyph's place in `allCases`, where `GlyphOutline.all` keeps its outline.
    var ordinal: Int { Self.ordinals[self]! }

    private static let ordinals = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
