import ChartModel

/// The wheel's proportions at one image size: radii and glyph heights in user units.
///
/// Sizes are fractions of the wheel radius, with floors so that small images stay legible; below 400 px the
/// minutes and the 1° ticks are dropped rather than shrunk into mush.
struct WheelDimensions: Equatable, Sendable {
    let size: Double
    let center: Point
    let radius: Double
    let detail: WheelLayout.Detail
    let titleBand: Double

    let zodiacInner: Double
    let signGlyph: Double
    let tickOne: Double, tickFive: Double, tickTen: Double
    let markerInner: Double
    /// Clearance between a glyph column and the marker ring, and between runs of a column.
    let gap: Double
    /// The connectors' lanes, `lanes` of them `lanePitch` apart, from the outermost (just inside the markers) in to
    /// `connectorLane`; the columns start just inside that, at `columnLimit`.
    let lanes: Int
    let outermostLane: Double
    let lanePitch: Double
    let connectorLane: Double
    let columnLimit: Double
    let bodyGlyph: Double
    let label: Double
    let smallSign: Double
    let angleLetters: Double
    let houseNumber: Double
    /// A bi-wheel's ring of the outer chart's bodies, between the zodiac band and the inner chart's: its markers
    /// and lanes as the single wheel's, its columns down to `divider`; nil for a single wheel.
    let outerRing: OuterRing?

    struct OuterRing: Equatable, Sendable {
        let lanes: Int
        let outermostLane: Double
        let connectorLane: Double
        let columnLimit: Double
        /// The circle between the two rings: the inner chart's markers start there.
        let divider: Double
    }

    /// `outer`: a bi-wheel's outer ring, with its lanes and its depth from the zodiac band's inner edge to the
    /// divider (nil for a single wheel). A bi-wheel's glyphs are `biWheelScale` of the single wheel's, so two rings
    /// of columns leave the aspect circle room.
    init(size: Int, hasTitle: Bool, lanes: Int = 1, outer: (lanes: Int, depth: Double)? = nil) {
        let s = Double(size)
        self.size = s
        titleBand = hasTitle ? (s * 0.075).rounded() : 0
        let margin = max(2, (s * 0.012).rounded())
        // Keep the centre on whole pixels so the horizontal AC–DC axis renders crisp.
        let cy = (titleBand + (s - titleBand) / 2).rounded()
        center = Point(x: (s / 2).rounded(), y: cy)
        radius = (s - titleBand) / 2 - margin
        let r = radius
        // Two rings of columns take more of the radius: a bi-wheel shows minutes from a larger size.
        detail = WheelLayout.Detail(showMinutes: s >= (outer == nil ? 400 : Self.biWheelMinutesSize), showOneDegreeTicks: s >= 400)
        zodiacInner = 0.865 * r
        signGlyph = max(0.1 * r, 14)
        tickOne = 0.018 * r
        tickFive = 0.029 * r
        tickTen = 0.04 * r
        gap = max(0.008 * r, 1)
        // Far enough apart that two hairlines (0.75 px at the smallest size, 1 px at 600 px) show a gap between them.
        lanePitch = max(0.008 * r, 1.8)
        if let outer {
            let outermost = zodiacInner - tickTen - 1.2 * gap
            let lane = outermost - Double(outer.lanes - 1) * lanePitch
            outerRing = OuterRing(lanes: outer.lanes, outermostLane: outermost, connectorLane: lane, columnLimit: lane - 1.2 * gap,
                                  divider: zodiacInner - outer.depth)
        } else {
            outerRing = nil
        }
        // The inner chart's markers start at the zodiac band, or at the divider of a bi-wheel's rings.
        markerInner = (outerRing?.divider ?? zodiacInner) - tickTen
        outermostLane = markerInner - 1.2 * gap
        self.lanes = lanes
        connectorLane = outermostLane - Double(lanes - 1) * lanePitch
        columnLimit = connectorLane - 1.2 * gap
        let scale = outer == nil ? 1 : Self.biWheelScale
        bodyGlyph = max(0.078 * r * scale, 13)
        label = max(0.043 * r * scale, 8.5)
        smallSign = max(0.05 * r * scale, 9)
        angleLetters = max(0.05 * r * scale, 9)
        houseNumber = max(0.048 * r * scale, 8.5)
    }

    /// A bi-wheel's glyphs and labels, as a fraction of the single wheel's (the floors still hold).
    static let biWheelScale = 0.82
    /// The least size at which a bi-wheel's columns show the minutes; below 400 px they show the degrees alone
    /// (the zodiac band beside the outer ring tells the sign), so that the aspect circle keeps some room.
    static let biWheelMinutesSize = 500.0

    /// The most lanes the band makes room for, each pushing the columns, house numbers and aspect circle in by a
    /// pitch; a crowd that needs more (sixteen bodies on one degree) packs them closer, still apart.
    static let mostLanes = 12
}
