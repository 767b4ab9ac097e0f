extension NatalChart {
    /// The chart as the wheel draws it under `options`: excluded bodies and their aspects removed, every
    /// body's house filled from the cusps when the source gave none, and the aspects resolved (never nil).
    ///
    /// Aspects are computed from the longitudes when the options give orbs (`orb_values`, which only make sense
    /// for a fresh computation) or the source gave none; otherwise the given ones are kept, filtered to the
    /// allowed kinds. Either way they are sorted by first body, second body and kind.
    public func prepared(for options: RenderOptions) -> NatalChart {
        var chart = self
        chart.bodies = bodies
            .filter { !options.excludePlanets.contains($0.id) }
            .map { body in
                var body = body
                if body.house == nil, cusps.count == 12 { body.house = house(of: body.longitude) }
                return body
            }
        let kinds = options.effectiveAspectKinds
        let resolved: [Aspect]
        if let given = aspects, options.orbValues.isEmpty {
            let present = Set(chart.bodies.map(\.id))
            resolved = given.filter { kinds.contains($0.kind) && present.contains($0.first) && present.contains($0.second) }
        } else {
            resolved = AspectFinder(kinds: kinds, orbs: options.orbValues).aspects(among: chart.bodies)
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
