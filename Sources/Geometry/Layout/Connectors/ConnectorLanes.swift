import ChartModel

/// Which lane each connector runs in, so that no two connectors cross or share a stretch of lane.
///
/// A connector goes in from its marker (at its true angle) to its lane, along the lane to its glyph's angle, and
/// in to the glyph. Where the arcs of two connectors overlap in angle they need different lanes, and the order
/// of the lanes is forced: a connector whose marker lies within another's arc must run outside it (else its way
/// in from the marker would cut the other's arc), and one whose glyph lies within another's arc must run inside
/// it (else its way in to the glyph would). Since the placement keeps zodiac order, these demands never
/// contradict each other: connectors moving counter-clockwise nest with the one furthest along outermost, and
/// those moving clockwise likewise, mirrored.
enum ConnectorLanes {
    /// For each connector, given as the angle of its marker and of its glyph, its lane: 0 is the innermost (by
    /// the columns), each higher lane further out.
    static func levels(_ connectors: [(marker: Double, glyph: Double)]) -> [Int] {
        // Each arc as a start and a counter-clockwise sweep; `within` leaves a hair at its ends, so that two
        // connectors from one marker (the same longitude) do not demand opposite orders of each other.
        let arcs = connectors.map { c -> (start: Double, sweep: Double) in
            let d = angleDifference(c.glyph, c.marker)
            return d >= 0 ? (c.marker, d) : (c.glyph, -d)
        }
        func within(_ angle: Double, _ k: Int) -> Bool {
            let into = normalizedDegrees(angle - arcs[k].start)
            return into > 1e-6 && into < arcs[k].sweep - 1e-6
        }
        // outside[i] lists the connectors that must run outside connector i.
        var outside = Array(repeating: [Int](), count: connectors.count)
        for i in connectors.indices {
            for j in connectors.indices where j != i {
                if within(connectors[j].marker, i) { outside[i].append(j) }
                if within(connectors[j].glyph, i) { outside[j].append(i) }
            }
        }
        // Each lane one above the highest lane that must be inside it: the longest chain of demands. A chain is
        // at most as long as the connectors are many, so that many rounds settle it (and end it, should the
        // demands ever go round in a circle).
        var levels = Array(repeating: 0, count: connectors.count)
        for _ in connectors.indices {
            var changed = false
            for i in connectors.indices {
                for j in outside[i] where levels[j] <= levels[i] {
                    levels[j] = levels[i] + 1
                    changed = true
                }
            }
            if !changed { break }
        }
        return levels
    }
}
