import ChartModel

/// The columns of both rings and the labels that give way to them, fitted together. The angle labels give way
/// to the bodies and to the house numbers that had to move out of a narrow house: each takes the nearest free
/// place beside its axis. A label with no free place there takes a place among the bodies, beside its axis on
/// the side where the bodies keep the larger glyphs (and, equal in that, move the least), and they move aside.
/// Should a label still find no place, the glyphs of the quadrants beside its axis shrink a step and everything
/// is placed again; failing that, it goes further from its axis. The outer ring's bodies meet nothing of the
/// inner ring's: they are placed once, on their own.
struct FittedColumns {
    let inner: BodyColumns
    let outer: BodyColumns?
    let labels: PlacedLabels

    init(inner ring: RingColumns, outer: RingColumns?, labels placer: LabelPlacer) {
        self.outer = outer?.placed(largestScale: 1).bodies
        var placedRing = ring
        var inner = ring.placed(largestScale: 1)
        var labels = placer.labels(avoiding: inner.bodies.placement.columns.flatMap(\.boxes))
        // The labels placed among the bodies: each axis, and on which side of it.
        var among: [(axis: Int, after: Bool)] = []
        func fixed() -> [Int: WheelLayout.Column] { Dictionary(uniqueKeysWithValues: zip(among.map(\.axis), inner.labels)) }
        var tried: Set<Int> = []
        while let axis = labels.homeless.first(where: { !tried.contains($0) }) {
            tried.insert(axis)
            let tries = [true, false].map { after in
                let extras = (among + [(axis, after)]).map { placer.labelAmongBodies($0.axis, after: $0.after) }
                let candidate = ring.adding(extras)
                return (side: after, ring: candidate, placed: candidate.placed(largestScale: 1))
            }
            // A quadrant already full to its last form keeps its bodies within its angles rather than take the label,
            // and a crowd in tracks keeps clear of the house numbers where a side lets it (else the layout draws the
            // house numbers further in).
            let fitting = tries.filter { $0.placed.bodies.placement.anglesHeld && $0.placed.bodies.placement.isOverlapFree }
            let clear = fitting.filter { placer.clearsHouseNumbers($0.placed.bodies) }
            guard let best = (clear.isEmpty ? fitting : clear).max(by: { Self.wanders(ring, $1.placed.bodies) < Self.wanders(ring, $0.placed.bodies) })
            else { continue }
            among.append((axis, best.side))
            placedRing = best.ring
            inner = best.placed
            labels = placer.labels(avoiding: inner.bodies.placement.columns.flatMap(\.boxes), fixed: fixed())
        }
        // Only the quadrants beside a homeless label's axis shrink: the rest of the wheel keeps its size.
        var scale = 0.95, axes: Set<Int> = []
        while !labels.allFree && scale >= WheelLayout.smallestGlyphScale {
            axes.formUnion(labels.homeless)
            let smaller = placedRing.placed(largestScale: 1, shrinking: WheelLayout.QuadrantShrink(axes: axes.map { placer.walls.axes[$0].angle }, scale: scale))
            // Smaller glyphs that would give up an angle, or reach the house numbers, are no way to make room for a label.
            guard smaller.bodies.placement.anglesHeld || !inner.bodies.placement.anglesHeld, placer.clearsHouseNumbers(smaller.bodies) else { break }
            inner = smaller
            labels = placer.labels(avoiding: inner.bodies.placement.columns.flatMap(\.boxes), fixed: fixed())
            scale *= 0.95
        }
        if !labels.allFree {
            labels = placer.labels(avoiding: inner.bodies.placement.columns.flatMap(\.boxes), fixed: fixed(), farther: true)
        }
        self.inner = inner.bodies
        self.labels = labels
    }

    /// How much worse a placement of `ring`'s bodies is: angles given up or overlaps first, then bodies' degrees
    /// not written, then smaller glyphs, then the degrees they moved.
    private static func wanders(_ ring: RingColumns, _ bodies: BodyColumns) -> (Int, Int, Double, Double) {
        let moved = zip(bodies.placement.columns, ring.targets).reduce(0) { $0 + abs(angleDifference($1.0.angle, $1.1.target)) }
        let gaveUp = bodies.placement.anglesHeld && bodies.placement.isOverlapFree ? 0 : 1
        return (gaveUp, -bodies.degreesWritten, -bodies.placement.scale, moved)
    }
}
