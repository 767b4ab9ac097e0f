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

    /// The rings of `drawn` at `dims`, the forms in up to `tracks` tracks among those tried from 400 px up, no
    /// crowd's tracks deeper than the aspect circle can spare. (A cusp labels' band does not move them: the labels
    /// beside the cusps are placed among the bodies before the band is made.)
    init(drawn: DrawnCharts, dims: WheelDimensions, tracks: Int) {
        let screen = ScreenAngles(ascendant: drawn.inner.ascendant), polar = Polar(center: dims.center)
        let walls = LayoutWalls(chart: drawn.inner, screen: screen)
        let forms = ColumnForm.forms(for: dims, tracks: dims.size >= 400 ? tracks : 1)
        inner = RingColumns(drawn.inner.bodies, forms: forms, limit: nil, walls: walls, dims: dims, polar: polar, screen: screen,
                            trackFloor: WheelLayout.Rings.deepestTrackReach(dims: dims))
        // The outer ring's tracks stay outside the divider, in its own band.
        outer = drawn.outer.map {
            RingColumns($0.bodies, forms: forms, limit: dims.outerRing!.columnLimit, walls: walls, dims: dims, polar: polar, screen: screen,
                        trackFloor: dims.outerRing!.divider)
        }
        self.walls = walls
        self.polar = polar
        self.dims = dims
    }

    /// The rings of `drawn` at `dims` with tracks offered, and how many tracks the layout offers (one: none, and
    /// no rings: the layout makes its own): `mostTracks` where some crowd takes tracks, which it does where fewer
    /// would shrink the glyphs or drop the degrees, each crowd's tracks no deeper than the aspect circle can
    /// spare. The tracks move the house numbers and the aspect circle in, so only the wheels that need them pay
    /// for them; the layout made again for more connector lanes offers as many, its crowds placed anew.
    static func inTracks(drawn: DrawnCharts, dims: WheelDimensions) -> (rings: PreparedRings?, tracks: Int) {
        guard dims.size >= 400 else { return (nil, 1) }
        let rings = PreparedRings(drawn: drawn, dims: dims, tracks: mostTracks)
        let tracked = [rings.inner, rings.outer].contains { $0?.placed(largestScale: 1).bodies.forms.contains(where: \.showsDegreesInTracks) ?? false }
        return tracked ? (rings, mostTracks) : (nil, 1)
    }

    /// The most tracks a crowd is offered.
    static let mostTracks = 3
}
