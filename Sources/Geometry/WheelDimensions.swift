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

    init(size: Int, hasTitle: Bool, lanes: Int = 1) {
        let s = Double(size)
        self.size = s
        titleBand = hasTitle ? (s * 0.075).rounded() : 0
        let margin = max(2, (s * 0.012).rounded())
        // Keep the centre on whole pixels so the horizontal AC–DC axis renders crisp.
        let cy = (titleBand + (s - titleBand) / 2).rounded()
        center = Point(x: (s / 2).rounded(), y: cy)
        radius = (s - titleBand) / 2 - margin
        let r = radius
        detail = WheelLayout.Detail(showMinutes: s >= 400, showOneDegreeTicks: s >= 400)
        zodiacInner = 0.865 * r
        signGlyph = max(0.1 * r, 14)
        tickOne = 0.018 * r
        tickFive = 0.029 * r
        tickTen = 0.04 * r
        markerInner = zodiacInner - tickTen
        gap = max(0.008 * r, 1)
        outermostLane = markerInner - 1.2 * gap
        // Far enough apart that two hairlines (0.75 px at the smallest size, 1 px at 600 px) show a gap between them.
        lanePitch = max(0.008 * r, 1.8)
        self.lanes = lanes
        connectorLane = outermostLane - Double(lanes - 1) * lanePitch
        columnLimit = connectorLane - 1.2 * gap
        bodyGlyph = max(0.078 * r, 13)
        label = max(0.043 * r, 8.5)
        smallSign = max(0.05 * r, 9)
        angleLetters = max(0.05 * r, 9)
        houseNumber = max(0.048 * r, 8.5)
    }

    /// The most lanes the band makes room for, each pushing the columns, house numbers and aspect circle in by a
    /// pitch; a crowd that needs more (sixteen bodies on one degree) packs them closer, still apart.
    static let mostLanes = 12
}
