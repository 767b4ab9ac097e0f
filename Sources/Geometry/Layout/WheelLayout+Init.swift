import ChartModel

extension WheelLayout {
    /// Lays out `chart` for `options`: excluded bodies removed, aspects resolved, every glyph placed, and with
    /// `cuspDegrees` every cusp's label.
    public init(chart: NatalChart, options: LayoutOptions) {
        self.init(chart: chart, outer: nil, options: options)
    }

    /// The same as a bi-wheel when `outer` is given: its bodies on a ring of their own, and the cross-aspects.
    public init(chart: NatalChart, outer: OuterChart?, options: LayoutOptions) {
        self.init(chart: chart, outer: outer, options: options, cuspBand: 0)
        place = chart.place
        guard options.cuspDegrees else { return }
        let beside = labelsBesideCusps()
        var labels = beside.labels
        if !beside.homeless.isEmpty {
            // Nothing the labels beside the cusps depend on moves: only the aspect circle shrinks.
            let band = bandLabels(for: beside.homeless, top: rings.aspect)
            self.init(chart: chart, outer: outer, options: options, cuspBand: band.depth)
            place = chart.place
            labels += band.labels
        }
        cuspLabels = labels.sorted { $0.house < $1.house }
    }

    /// Lays out `chart` for `options`: excluded bodies removed, aspects resolved, every glyph placed. What
    /// cannot be drawn is repaired first (`NatalChart.drawable()`, `LayoutOptions.drawable()`). With `cuspBand`
    /// above zero, a band that deep between the aspect circle and where the lines start, for cusp degree labels.
    ///
    /// The band of connector lanes is as deep as the chart's connectors need: one lane unless their arcs overlap.
    /// The deeper band moves the columns in, which may change the lanes they need, so the layout is made again
    /// with the lanes the last one asked for, twice at most; whatever is still short is packed closer.
    ///
    /// With `outer`, a bi-wheel: the outer chart's bodies on a ring of their own between the zodiac band and the
    /// inner chart's, in the inner chart's houses (its angles and cusps are their walls too), and the aspects
    /// drawn are the cross-aspects a reader looks for first (`DrawnCharts.centreCrossAspects`; every one with
    /// `allCrossAspects`), and the inner chart's own with `innerAspects`.
    init(chart input: NatalChart, outer: OuterChart?, options: LayoutOptions, cuspBand: Double) {
        var options = options.drawable()
        if outer != nil { options.chartSize = max(options.chartSize, LayoutOptions.biWheelSizeRange.lowerBound) }
        let drawn = DrawnCharts(chart: input, outer: outer, options: options)
        var lanes = LaneCounts(inner: 1, outer: 1)
        let (prepared, tracks) = PreparedRings.inTracks(drawn: drawn, dims: Self.dimensions(options, lanes: lanes, biWheel: outer != nil))
        self.init(drawn: drawn, options: options, lanes: lanes, cuspBand: cuspBand, tracks: tracks, prepared: prepared)
        for _ in 0..<2 {
            let needed = LaneCounts(inner: min(connectorLanesNeeded(.inner), WheelDimensions.mostLanes),
                                    outer: min(connectorLanesNeeded(.outer), WheelDimensions.mostLanes))
            guard needed.inner > lanes.inner || needed.outer > lanes.outer else { break }
            lanes = LaneCounts(inner: max(needed.inner, lanes.inner), outer: max(needed.outer, lanes.outer))
            self.init(drawn: drawn, options: options, lanes: lanes, cuspBand: cuspBand, tracks: tracks)
        }
    }

    /// The layout in its phases: the dial (title, signs, ticks); the walls (the angles' axes and the cusps);
    /// the columns of each ring's bodies placed between the walls, fitted with the labels that give way to them
    /// (house numbers, angle labels); the rings' radii and the lines; what the placement gave up; the bodies
    /// with their markers and connectors; the aspect chords.
    private init(drawn: DrawnCharts, options: LayoutOptions, lanes: LaneCounts, cuspBand: Double, tracks: Int, prepared: PreparedRings? = nil) {
        let chart = drawn.inner
        let dims = Self.dimensions(options, lanes: lanes, biWheel: drawn.outer != nil)
        let polar = Polar(center: dims.center), screen = ScreenAngles(ascendant: chart.ascendant)
        size = dims.size
        center = dims.center
        language = options.language
        houseSystem = chart.houseSystem
        houseSystemRequested = chart.houseSystemRequested
        ascendant = chart.ascendant
        midheaven = chart.midheaven
        detail = dims.detail
        title = Self.title(options.title, dims: dims)
        signs = Self.signSectors(dims: dims, polar: polar, screen: screen)
        ticks = Self.degreeTicks(dims: dims, polar: polar, screen: screen)

        // Each body's column in every form, from the full one down; at sizes without minutes the first two are one.
        let ringColumns = prepared ?? PreparedRings(drawn: drawn, dims: dims, tracks: tracks)
        let walls = ringColumns.walls, forms = ringColumns.inner.forms
        // House numbers hug a ring inside the deepest column, so they never meet a label: the deepest any body can
        // have, or a crowd's in tracks as placed. The labels fitted among the bodies move no column deeper where
        // they can help it; where an angle's label can only push a crowd deeper, the ring moves in with it.
        let innerRing = ringColumns.inner, outerRing = ringColumns.outer
        func fit(inside limit: Double) -> FittedColumns {
            FittedColumns(inner: innerRing, outer: outerRing,
                          labels: LabelPlacer(walls: walls, forms: forms, houseLimit: limit, tracked: tracks > 1, dims: dims, polar: polar))
        }
        var houseLimit = Self.houseLimit(dims: dims, polar: polar, tracks: tracks, columns: innerRing.placed(largestScale: 1).bodies.placement.columns)
        var fitted = fit(inside: houseLimit)
        let fittedLimit = Self.houseLimit(dims: dims, polar: polar, tracks: tracks, columns: fitted.inner.placement.columns)
        if fittedLimit < houseLimit - 0.01 {
            houseLimit = fittedLimit
            fitted = fit(inside: houseLimit)
        }
        houseNumbers = fitted.labels.houseNumbers.enumerated().map { HouseNumber(house: $0 + 1, run: $1) }

        rings = Rings(dims: dims, houseLimit: houseLimit, cuspBand: cuspBand)
        angles = walls.angleMarks(labels: fitted.labels.angleColumns, from: rings.linesStart, dims: dims, polar: polar)
        cusps = walls.cuspMarks(of: chart, from: rings.linesStart, dims: dims, polar: polar)
        placement = PlacementReport(fitted, inner: chart, outer: drawn.outer, walls: walls, screen: screen, fullForm: forms[0])

        bodies = Self.bodyPlacements(chart.bodies, columns: fitted.inner.placement.columns, radii: .inner(dims), houses: chart,
                                     aspectRadius: rings.aspect, dims: dims, polar: polar, screen: screen)
        if let outerChart = drawn.outer, let outerColumns = fitted.outer, let radii = RingRadii.outer(dims) {
            bodies += Self.bodyPlacements(outerChart.bodies, columns: outerColumns.placement.columns, radii: radii, houses: chart,
                                          aspectRadius: rings.aspect, dims: dims, polar: polar, screen: screen)
        }
        crossAspects = drawn.centreCrossAspects
        aspects = Self.aspectChords(chart.aspects ?? [], cross: drawn.centreCrossAspects, between: bodies,
                                    conjunctionRadius: rings.aspect - 2.5 * dims.gap)
    }

    /// The connector lanes each ring makes room for.
    struct LaneCounts {
        var inner: Int
        var outer: Int
    }

    /// The dimensions for `lanes`; a bi-wheel's outer ring as deep as its deepest column reaches.
    private static func dimensions(_ options: LayoutOptions, lanes: LaneCounts, biWheel: Bool) -> WheelDimensions {
        let hasTitle = options.title != nil
        guard biWheel else { return WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner) }
        let sized = WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner, outer: (lanes.outer, 0))
        let reach = deepestColumnReach(dims: sized, polar: Polar(center: sized.center), limit: sized.outerRing!.columnLimit,
                                       form: ColumnForm.forms(for: sized)[0])
        return WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner,
                               outer: (lanes.outer, sized.zodiacInner - reach + sized.gap))
    }
}
