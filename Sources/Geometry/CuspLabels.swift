import ChartModel

/// The degree and sign of every house cusp that is not an angle (the angles have their own labels): `12°` then
/// the sign's glyph, beside the cusp line in the house the cusp begins, as the angle labels are, at the largest
/// radius between the connectors' lane and the aspect circle where it meets nothing else: no body's column,
/// angle label, house number, connector, other cusp label, and no cusp or axis line. A cusp whose house has no
/// such room (a stellium filling it) goes without.
extension WheelLayout {
    public struct CuspLabel: Sendable, Hashable {
        public var house: Int
        public var longitude: Double
        /// The degrees (`12°`), then the sign's glyph.
        public var degrees: GlyphRun
        public var sign: GlyphRun
        public var box: Box { Box(x: degrees.origin.x, y: degrees.origin.y, width: degrees.width + sign.width, height: degrees.height) }
    }

    public var cuspLabels: [CuspLabel] {
        // The angle labels' digit height, as the labels of the bodies.
        guard let height = angles.first?.column.runs.dropFirst().first?.height else { return [] }
        let gap = height * 0.25
        let polar = Polar(center: center)
        var obstacles = bodies.flatMap(\.column.boxes) + angles.flatMap(\.column.boxes) + houseNumbers.map(\.run.box)
        let lines = cusps.map(\.line) + angles.map(\.axis)
            + bodies.compactMap(\.connector).map { Segment(from: polar.point(radius: $0.lane.radius, angle: $0.lane.endAngle), to: $0.end) }
        var labels: [CuspLabel] = []
        for cusp in cusps where !cusp.isAngle {
            let place = DegreesMinutes(withinSign: cusp.longitude)
            let digits = GlyphRun.number(place.degrees, mark: .degree, digits: 1)
            let signGlyph = Glyph.forSign(ZodiacSign(longitude: cusp.longitude))
            let width = GlyphRun.width(of: digits, height: height) + GlyphRun.width(of: [signGlyph], height: height)
            // Stepping inward along the cusp line, a box just counter-clockwise of it, clear of it by `gap`.
            var radius = rings.connectorLane - gap
            while radius > rings.aspect + gap {
                let box = Self.box(beside: cusp.angle, radius: radius, width: width, height: height, gap: gap, polar: polar)
                let range = box.distanceRange(from: center)
                if range.upperBound <= rings.connectorLane - gap / 2 && range.lowerBound >= rings.aspect + gap / 2,
                   // Well apart from other labels, so that it is not read as a row of a body's column.
                   !obstacles.contains(where: { $0.overlaps(box, clearance: Self.cuspLabelSpacing * height) }),
                   !lines.contains(where: { box.meets($0, clearance: gap / 2) }) {
                    let degrees = GlyphRun(digits, origin: Point(x: box.x, y: box.y), height: height)
                    let sign = GlyphRun([signGlyph], origin: Point(x: box.x + degrees.width, y: box.y), height: height)
                    labels.append(CuspLabel(house: cusp.house, longitude: cusp.longitude, degrees: degrees, sign: sign))
                    obstacles.append(box)
                    break
                }
                radius -= gap
            }
        }
        return labels
    }

    /// The least distance between a cusp label and another label, in label heights.
    static let cuspLabelSpacing = 0.8

    /// A `width` × `height` box whose corner nearest the cusp line at screen `angle` sits at `radius` and `gap`
    /// counter-clockwise of the line: the box lies wholly on the house's side of it.
    private static func box(beside angle: Double, radius: Double, width: Double, height: Double, gap: Double, polar: Polar) -> Box {
        let along = polar.point(radius: radius, angle: angle)
        // The unit normal pointing counter-clockwise (on screen, with y down): the house the cusp begins.
        let direction = polar.direction(angle)
        let normal = (x: -direction.sin, y: -direction.cos)
        let anchor = Point(x: along.x + normal.x * gap, y: along.y + normal.y * gap)
        // The box extends away from the line: to the left of the anchor when the normal points left, and so on.
        let x = normal.x < 0 ? anchor.x - width : anchor.x
        let y = normal.y < 0 ? anchor.y - height : anchor.y
        return Box(x: x, y: y, width: width, height: height)
    }
}
