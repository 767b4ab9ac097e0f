import ChartModel

/// Both rings' columns for one set of dimensions, before they are fitted with the labels: the walls they are
/// placed between and each body's column in every form tried. The same rings place their quadrants once
/// (`QuadrantFits`), so asking whether a crowd takes tracks and then laying the wheel out with them costs one
/// placement, not two.
struct PreparedRings {
    let walls: LayoutWalls
    let inner: RingColumns
    let outer: RingColumns?
    let dims: WheelDimensions
    let polar: Polar

    /// The rings of `drawn` at `dims`, the forms in up to `tracks` tracks among those tried from 400 px up.
    init(drawn: DrawnCharts, dims: WheelDimensions, tracks: Int) {
        let screen = ScreenAngles(ascendant: drawn.inner.ascendant), polar = Polar(center: dims.center)
        let walls = LayoutWalls(chart: drawn.inner, screen: screen)
        let forms = ColumnForm.forms(for: dims, tracks: dims.size >= 400 ? tracks : 1)
        inner = RingColumns(drawn.inner.bodies, forms: forms, limit: nil, walls: walls, dims: dims, polar: polar, screen: screen)
        outer = drawn.outer.map {
            RingColumns($0.bodies, forms: forms, limit: dims.outerRing!.columnLimit, walls: walls, dims: dims, polar: polar, screen: screen)
        }
        self.walls = walls
        self.polar = polar
        self.dims = dims
    }

    /// The rings of `drawn` at `dims` in as many tracks as the crowds take, and that number (one: none, and no
    /// rings: the layout makes its own): as many as some body's column takes where fewer would shrink the glyphs
    /// or drop the degrees. The tracks move the house numbers and the aspect circle in, so only the wheels that
    /// need them pay for them; tracks that would leave the aspect circle under a seventh of the radius (a
    /// bi-wheel's rings are shallow) are not worth their degrees: the crowds are offered fewer.
    static func inTracks(drawn: DrawnCharts, dims: WheelDimensions, cuspBand: Double) -> (rings: PreparedRings?, tracks: Int) {
        var offered = dims.size >= 400 ? mostTracks : 1
        while offered > 1 {
            let rings = PreparedRings(drawn: drawn, dims: dims, tracks: offered)
            let used = [rings.inner, rings.outer].compactMap {
                $0?.placed(largestScale: 1).bodies.forms.filter(\.showsDegreesInTracks).map(\.trackCount).max()
            }.max() ?? 1
            guard used > 1 else { break }
            let houseLimit = WheelLayout.deepestColumnReach(dims: dims, polar: rings.polar, tracks: used) - dims.gap
            let radii = WheelLayout.Rings(dims: dims, houseLimit: houseLimit, cuspBand: cuspBand)
            if radii.aspect >= radii.outer / 7 { return (rings, used) }
            offered = used - 1
        }
        return (nil, 1)
    }

    /// The most tracks a crowd is offered.
    static let mostTracks = 3
}
