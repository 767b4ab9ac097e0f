/// Finds the aspects between bodies from their longitudes: for each pair, the separation (the shortest angular
/// distance, 0...180) is compared with each kind's angle, and the pair gets the kind with the smallest orb
/// (|separation - angle|) within that kind's allowed orb, or none.
public struct AspectFinder: Sendable, Hashable {
    /// The kinds of aspect looked for.
    public var kinds: Set<AspectKind>
    /// Allowed orbs by kind; a kind without one uses `AspectKind.defaultOrb`.
    public var orbs: [AspectKind: Double]

    /// A finder of `kinds` (the six major aspects by default) with `orbs` where given, else each kind's default orb.
    public init(kinds: Set<AspectKind> = Set(AspectKind.majors), orbs: [AspectKind: Double] = [:]) {
        self.kinds = kinds
        self.orbs = orbs
    }

    /// The orb allowed for `kind`: the one given, else `kind.defaultOrb`.
    public func allowedOrb(for kind: AspectKind) -> Double { orbs[kind] ?? kind.defaultOrb }

    /// Shortest angular distance between two longitudes, 0...180.
    public static func separation(_ a: Double, _ b: Double) -> Double {
        let d = normalizedDegrees(a - b)
        return d > 180 ? 360 - d : d
    }

    /// The closest aspect between two bodies, `first` being the one earlier in `BodyID` order.
    public func aspect(between a: Body, and b: Body) -> Aspect? {
        let (first, second) = a.id < b.id ? (a, b) : (b, a)
        return Self.closest(first, second, among: candidates)
    }

    /// The aspects among the bodies, sorted by first body, second body.
    public func aspects(among bodies: [Body]) -> [Aspect] {
        // Comparing BodyIDs searches their cases; rank each body once instead.
        let allIDs = BodyID.allCases
        let ranks = bodies.map { allIDs.firstIndex(of: $0.id)! }
        let ordered = bodies.indices.sorted { ranks[$0] < ranks[$1] }
        let candidates = self.candidates
        var found: [Aspect] = []
        for i in ordered.indices {
            for j in ordered.indices where j > i {
                let a = ordered[i], b = ordered[j]
                let (first, second) = ranks[a] < ranks[b] ? (a, b) : (b, a)
                if let aspect = Self.closest(bodies[first], bodies[second], among: candidates) { found.append(aspect) }
            }
        }
        return found
    }

    /// The kinds looked for with their allowed orbs, in declaration order so that an exact tie always resolves
    /// the same way: a table looked up once, not a set and a dictionary for every pair of bodies.
    private var candidates: [(kind: AspectKind, allowedOrb: Double)] {
        AspectKind.allCases.filter { kinds.contains($0) }.map { ($0, allowedOrb(for: $0)) }
    }

    private static func closest(_ first: Body, _ second: Body, among candidates: [(kind: AspectKind, allowedOrb: Double)]) -> Aspect? {
        let separation = Self.separation(first.longitude, second.longitude)
        var best: Aspect?
        for (kind, allowedOrb) in candidates {
            let orb = abs(separation - kind.angle)
            guard orb <= allowedOrb, orb < (best?.orb ?? .infinity) else { continue }
            best = Aspect(unchecked: first.id, second: second.id, kind: kind, orb: orb)
        }
        return best
    }
}
