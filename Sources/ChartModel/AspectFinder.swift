/// Finds the aspects between bodies from their longitudes: for each pair, the separation (the shortest angular
/// distance, 0...180) is compared with each kind's angle, and the pair gets the kind with the smallest orb
/// (|separation - angle|) within that kind's allowed orb, or none.
public struct AspectFinder: Sendable, Hashable {
    public var kinds: Set<AspectKind>
    /// Allowed orbs by kind; a kind without one uses `AspectKind.defaultOrb`.
    public var orbs: [AspectKind: Double]

    public init(kinds: Set<AspectKind> = Set(AspectKind.majors), orbs: [AspectKind: Double] = [:]) {
        self.kinds = kinds
        self.orbs = orbs
    }

    public func allowedOrb(for kind: AspectKind) -> Double { orbs[kind] ?? kind.defaultOrb }

    /// Shortest angular distance between two longitudes, 0...180.
    public static func separation(_ a: Double, _ b: Double) -> Double {
        let d = normalizedDegrees(a - b)
        return d > 180 ? 360 - d : d
    }

    /// The closest aspect between two bodies, `first` being the one earlier in `BodyID` order.
    public func aspect(between a: Body, and b: Body) -> Aspect? {
        let (first, second) = a.id < b.id ? (a, b) : (b, a)
        let separation = Self.separation(first.longitude, second.longitude)
        var best: Aspect?
        // Kinds in declaration order, so that an exact tie always resolves the same way.
        for kind in AspectKind.allCases where kinds.contains(kind) {
            let orb = abs(separation - kind.angle)
            guard orb <= allowedOrb(for: kind), orb < (best?.orb ?? .infinity) else { continue }
            best = Aspect(first: first.id, second: second.id, kind: kind, orb: orb)
        }
        return best
    }

    /// The aspects among the bodies, sorted by first body, second body.
    public func aspects(among bodies: [Body]) -> [Aspect] {
        let ordered = bodies.sorted { $0.id < $1.id }
        var found: [Aspect] = []
        for i in ordered.indices {
            for j in ordered.indices where j > i {
                if let aspect = aspect(between: ordered[i], and: ordered[j]) { found.append(aspect) }
            }
        }
        return found
    }
}
