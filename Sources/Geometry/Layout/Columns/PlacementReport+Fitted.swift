import ChartModel

extension WheelLayout.PlacementReport {
    /// What the placement of `fitted` gave up: `inner`'s bodies (and `outer`'s) against `walls`, and the forms
    /// that are not `fullForm`.
    init(_ fitted: FittedColumns, inner: NatalChart, outer: NatalChart?, walls: LayoutWalls, screen: ScreenAngles, fullForm: ColumnForm) {
        let innerPlacement = fitted.inner.placement, outerPlacement = fitted.outer?.placement
        let bodies = inner.bodies + (outer?.bodies ?? []), forms = fitted.inner.forms + (fitted.outer?.forms ?? [])
        self.init(
            glyphScale: min(innerPlacement.scale, outerPlacement?.scale ?? 1),
            shortenedColumns: zip(bodies, forms).filter { $0.1 != fullForm }.map(\.0.id),
            crossedCusps: walls.crossedCusps(bodies: bodies, columns: innerPlacement.columns + (outerPlacement?.columns ?? []), screen: screen),
            anglesHeld: innerPlacement.anglesHeld && outerPlacement?.anglesHeld != false,
            isOverlapFree: innerPlacement.isOverlapFree && fitted.labels.allFree && fitted.labels.numbersOverlapFree
                && outerPlacement?.isOverlapFree != false)
    }
}
