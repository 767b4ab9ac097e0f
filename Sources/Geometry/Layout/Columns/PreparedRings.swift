import ChartModel

/// Both rings' columns for one set of dimensions, before they are fitted with the labels: the walls they are
/// placed between and each body's column in every form tried. The same rings place their quadrants once
/// (`QuadrantFits`), so asking whether a crowd takes two tracks and then laying the wheel out with them costs
/// one placement, not two.
struct PreparedRings {
    let walls: LayoutWalls
    let inner: RingColumns
    let outer: RingColumns?
    let dims: WheelDimensions
    let polar: Polar

    /// The rings of `drawn` at `dims`; with `tryingTracks`, two tracks among the forms from 400 px up.
    init(drawn: DrawnCharts, dims: WheelDimensions, tryingTracks: Bool) {
        let screen = ScreenAngles(ascendant: drawn.inner.ascendant), polar = Polar(center: dims.center)
        let walls = LayoutWalls(chart: drawn.inner, screen: screen)
        let forms = ColumnForm.forms(for: dims, tracks: tryingTracks && dims.size >= 400)
        inner = RingColumns(drawn.inner.bodies, forms: forms, limit: nil, walls: walls, dims: dims, polar: polar, screen: screen)
        outer = drawn.outer.map {
            RingColumns($0.bodies, forms: forms, limit: dims.outerRing!.columnLimit, walls: walls, dims: dims, polar: polar, screen: screen)
        }
        self.walls = walls
        self.polar = polar
        self.dims = dims
    }

    /// Whether a crowd takes two tracks: some body's column does where one track would shrink the glyphs or drop
    /// the degrees. The tracks move the house numbers and the aspect circle in, so only the wheels that need them
    /// pay for them; a bi-wheel's rings are shallow, and tracks that would leave the aspect circle under a seventh
    /// of the radius are not worth their degrees.
    func needsTracks(cuspBand: Double) -> Bool {
        guard inner.forms.contains(.twoTracks) else { return false }
        let tracked = [inner, outer].compactMap { $0?.placed(largestScale: 1).bodies.forms.contains(.twoTracks) }.contains(true)
        guard tracked else { return false }
        let houseLimit = WheelLayout.deepestColumnReach(dims: dims, polar: polar, tracks: true) - dims.gap
        let rings = WheelLayout.Rings(dims: dims, houseLimit: houseLimit, cuspBand: cuspBand)
        return rings.aspect >= rings.outer / 7
    }
}
