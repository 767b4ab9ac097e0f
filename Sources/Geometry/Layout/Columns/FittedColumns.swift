import ChartModel

/// The columns of both rings and the labels that give way to them, fitted together. The angle labels give way
/// to the bodies and to the house numbers that had to move out of a narrow house: each takes the nearest free
/// place beside its axis. Where a crowd leaves a label no place at all, the glyphs shrink a step and everything
/// is placed again. The outer ring's bodies meet nothing of the inner ring's: they are placed once, on their own.
struct FittedColumns {
    let inner: BodyColumns
    let outer: BodyColumns?
    let labels: PlacedLabels

    init(inner ring: RingColumns, outer: RingColumns?, labels placer: LabelPlacer) {
        self.outer = outer?.placed(largestScale: 1)
        var largestScale = 1.0
        var inner: BodyColumns
        var labels: PlacedLabels
        repeat {
            inner = ring.placed(largestScale: largestScale)
            labels = placer.labels(avoiding: inner.placement.columns.flatMap(\.boxes))
            largestScale = inner.placement.scale * 0.95
        } while !labels.allFree && inner.placement.scale > WheelLayout.smallestGlyphScale
        self.inner = inner
        self.labels = labels
    }
}
