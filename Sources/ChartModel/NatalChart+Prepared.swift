extension NatalChart {
    /// The chart as a wheel draws it: repaired where it cannot be drawn (`drawable()`, which also fills every
    /// body's house from the cusps), the `excluded` bodies and their aspects removed, and the aspects of the given
    /// `kinds` resolved (never nil).
    ///
    /// Aspects are computed from the longitudes when `orbs` are given (which only make sense for a fresh
    /// computation; kinds without one use their default orb) or the source gave none; otherwise the given ones are
    /// kept, filtered to `kinds`. Either way they are sorted by first body, second body and kind.
    public func prepared(
        excluding excluded: Set<BodyID> = [], aspects kinds: Set<AspectKind> = Set(AspectKind.majors),
        orbs: [AspectKind: Double] = [:]
    ) -> NatalChart {
        var chart = drawable()
        chart.bodies.removeAll { excluded.contains($0.id) }
        let resolved: [Aspect]
        if let given = chart.aspects, orbs.isEmpty {
            let present = Set(chart.bodies.map(\.id))
            resolved = given.filter { kinds.contains($0.kind) && present.contains($0.first) && present.contains($0.second) }
        } else {
            resolved = AspectFinder(kinds: kinds, orbs: orbs).aspects(among: chart.bodies)
        }
        chart.aspects = resolved.sorted { a, b in
            (a.first, a.second, a.kind.order) < (b.first, b.second, b.kind.order)
        }
        return chart
    }
}

extension AspectKind {
    /// Position in `allCases`, for a deterministic order.
    var order: Int { AspectKind.allCases.firstIndex(of: self)! }
}
