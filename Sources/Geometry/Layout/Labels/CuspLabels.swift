import ChartModel

/// The degree and sign of every house cusp that is not an angle (the angles have their own labels): `12°` then
/// the sign's glyph. Each goes beside its cusp line, in the house the cusp begins or else in the one it ends, at
/// the largest radius between the connectors' lane and the aspect circle where it meets nothing else: no body's
/// column, angle label, house number, connector, other cusp label, and no cusp or axis line; a little smaller
/// when that is what it takes. A cusp with no such room (a crowd of columns on both sides of its line) gets its
/// label in a band kept for it around the aspect circle, which shrinks by the band's depth: there the cusp
/// lines and axes stop at the band's outer edge, and the label sits at the foot of its cusp's line (near the
/// wheel's sides with the sign under the degrees, which takes less of the band's depth), aside or stepped
/// inward when it would meet another label of the band. The band takes at most two thirds of the aspect
/// circle's radius: so every cusp gets its label from 400 px up, and at 250 px all but a few on the most
/// crowded charts.
extension WheelLayout {
    /// A house cusp's degree and sign, beside its line or in the band around the aspect circle.
    public struct CuspLabel: Sendable, Hashable {
        /// The house the cusp begins.
        public internal(set) var house: Int
        /// The cusp's longitude in degrees.
        public internal(set) var longitude: Double
        /// The degrees (`12°`), then the sign's glyph.
        public internal(set) var degrees: GlyphRun
        /// The sign's glyph, after the degrees.
        public internal(set) var sign: GlyphRun
        /// True when the label sits in the band around the aspect circle rather than beside its cusp's line.
        public internal(set) var inBand: Bool
        /// The degrees and the sign side by side, or in the band where that takes less of its depth, the sign
        /// under the degrees.
        public var box: Box { degrees.box.union(sign.box) }
    }

    /// The labels' height beside the cusps, before any shrinking: the largest digits of the angle labels and
    /// the bodies' columns (an angle label in a crowd may be letters alone).
    private var cuspLabelHeight: Double? {
        (angles.map(\.column) + bodies.map(\.column)).compactMap { $0.runs.dropFirst().first?.height }.max()
    }

    private static func labelGlyphs(_ longitude: Double) -> (digits: [Glyph], sign: Glyph) {
        (GlyphRun.number(DegreesMinutes(withinSign: longitude).degrees, mark: .degree, digits: 1), Glyph.forSign(ZodiacSign(longitude: longitude)))
    }

    /// The label in `box`: the degrees then the sign, or with `stacked` the sign centred under the degrees.
    private static func label(_ cusp: Cusp, in box: Box, height: Double, stacked: Bool = false, inBand: Bool) -> CuspLabel {
        let glyphs = labelGlyphs(cusp.longitude)
        let degrees: GlyphRun, sign: GlyphRun
        if stacked {
            degrees = GlyphRun(glyphs.digits, center: Point(x: box.center.x, y: box.y + height / 2), height: height)
            sign = GlyphRun([glyphs.sign], center: Point(x: box.center.x, y: box.y + box.height - height / 2), height: height)
        } else {
            degrees = GlyphRun(glyphs.digits, origin: Point(x: box.x, y: box.y), height: height)
            sign = GlyphRun([glyphs.sign], origin: Point(x: box.x + degrees.width, y: box.y), height: height)
        }
        return CuspLabel(house: cusp.house, longitude: cusp.longitude, degrees: degrees, sign: sign, inBand: inBand)
    }

    /// The label's width and height, side by side or stacked (with a tenth of a height between the rows).
    private static func labelSize(_ longitude: Double, height: Double, stacked: Bool = false) -> (width: Double, height: Double) {
        let glyphs = labelGlyphs(longitude)
        let digits = GlyphRun.width(of: glyphs.digits, height: height), sign = GlyphRun.width(of: [glyphs.sign], height: height)
        return stacked ? (max(digits, sign), 2.1 * height) : (digits + sign, height)
    }

    /// The labels that find room beside their cusps' lines, and the cusps that find none.
    struct CuspLabelsBeside {
        let labels: [CuspLabel]
        let homeless: [Cusp]
    }

    /// The labels that find room beside their cusp's line, and the cusps that find none.
    func labelsBesideCusps() -> CuspLabelsBeside {
        guard let fullHeight = cuspLabelHeight else { return CuspLabelsBeside(labels: [], homeless: []) }
        let polar = Polar(center: center)
        var obstacles = bodies.flatMap(\.column.boxes) + angles.flatMap(\.column.boxes) + houseNumbers.map(\.run.box)
        let lines = cusps.map(\.line) + angles.map(\.axis)
            + bodies.compactMap(\.connector).map { Segment(from: polar.point(radius: $0.lane.radius, angle: $0.lane.endAngle), to: $0.end) }
        var labels: [CuspLabel] = [], homeless: [Cusp] = []
        for cusp in cusps where !cusp.isAngle {
            let found = Self.cuspLabelScales.lazy.compactMap { scale -> CuspLabel? in
                let height = fullHeight * scale, gap = height * 0.25
                let width = Self.labelSize(cusp.longitude, height: height).width
                // In the house the cusp begins, else in the one it ends: stepping inward along the cusp line, a
                // box beside it, clear of it by `gap`.
                for side in [1.0, -1.0] {
                    var radius = rings.connectorLane - gap
                    while radius > rings.aspect + gap {
                        let box = Self.box(beside: cusp.angle, side: side, radius: radius, width: width, height: height, gap: gap, polar: polar)
                        let range = box.distanceRange(from: center)
                        if range.upperBound <= rings.connectorLane - gap / 2 && range.lowerBound >= rings.aspect + gap / 2,
                           // Well apart from other labels, so that it is not read as a row of a body's column (the
                           // smaller labels are told apart by their size, and may come nearer).
                           !obstacles.contains(where: { $0.overlaps(box, clearance: Self.cuspLabelSpacing * height * (scale < 1 ? 0.5 : 1))
                                                        || Self.sharesRow(box, with: $0, height: height) }),
                           !lines.contains(where: { box.meets($0, clearance: gap / 2) }) {
                            return Self.label(cusp, in: box, height: height, inBand: false)
                        }
                        radius -= gap / 2
                    }
                }
                return nil
            }.first
            if let found {
                labels.append(found)
                obstacles.append(found.box)
            } else {
                homeless.append(cusp)
            }
        }
        return CuspLabelsBeside(labels: labels, homeless: homeless)
    }

    /// Cusp labels in a band around the aspect circle, and the band's depth.
    struct CuspLabelBand {
        let labels: [CuspLabel]
        let depth: Double
    }

    /// Labels for `cusps` in a band below `top`, where the lines will start: each centred on its cusp's
    /// direction as high as it fits, stepped inward while it meets a label placed before; and the band's depth.
    func bandLabels(for cusps: [Cusp], top: Double) -> CuspLabelBand {
        guard let fullHeight = cuspLabelHeight else { return CuspLabelBand(labels: [], depth: 0) }
        let height = fullHeight * Self.cuspLabelScales.last!, gap = height * 0.25
        let polar = Polar(center: center)
        var labels: [CuspLabel] = [], bottom = top
        for cusp in cusps.sorted(by: { $0.angle < $1.angle }) {
            // Side by side near the top and bottom of the wheel; stacked near its sides, where a row would take
            // its whole width of the band's depth.
            let direction = polar.direction(cusp.angle)
            let row = Self.labelSize(cusp.longitude, height: height), column = Self.labelSize(cusp.longitude, height: height, stacked: true)
            let stacked = column.width * abs(direction.cos) + column.height * abs(direction.sin) < row.width * abs(direction.cos) + row.height * abs(direction.sin)
            let (width, boxHeight) = stacked ? column : row
            // As high in the band as it fits, at its cusp's foot or aside (the lines stop above the band, so
            // nothing but these labels is there), else a step further in.
            var radius = top - gap - height / 2
            // Not deeper than two thirds of the room: the aspect circle keeps a third of its radius, and a label
            // that would need more goes without (at 250 px, on the most crowded charts).
            search: while radius > top / 3 + height {
                // Aside along the band by up to a label's width and a half, in steps of `gap`, nearest first.
                let step = gap / radius * 180 / .pi, steps = Int((1.5 * width / gap).rounded(.up))
                for shift in [0.0] + (1...steps).flatMap({ [-Double($0) * step, Double($0) * step] }) {
                    var box = Box(center: polar.point(radius: radius, angle: cusp.angle + shift), width: width, height: boxHeight)
                    let far = box.distanceRange(from: center).upperBound
                    if far > top - gap {
                        // Moved in until its farthest corner is clear of the lines' start.
                        let inward = polar.point(radius: radius - (far - (top - gap)), angle: cusp.angle + shift)
                        box = Box(center: inward, width: width, height: boxHeight)
                    }
                    if box.distanceRange(from: center).lowerBound >= top / 3 + gap, !labels.contains(where: { $0.box.overlaps(box, clearance: gap) }) {
                        labels.append(Self.label(cusp, in: box, height: height, stacked: stacked, inBand: true))
                        bottom = min(bottom, box.distanceRange(from: center).lowerBound)
                        break search
                    }
                }
                radius -= gap / 2
            }
        }
        return CuspLabelBand(labels: labels, depth: top - bottom + gap)
    }

    /// Heights beside the cusps, as fractions of the angle labels' digits, largest first; the band's labels
    /// take the smallest.
    static let cuspLabelScales = [1.0, 0.85, 0.72]

    /// The least distance between a cusp label and another label, in label heights.
    static let cuspLabelSpacing = 0.8

    /// Whether `box` (a cusp label `height` tall) would read as one row with `other`: level with it (sharing half
    /// the lower one's height) and nearer than 1.2 heights across, as "29°♈20′ 0°♉" reads as one label.
    static func sharesRow(_ box: Box, with other: Box, height: Double) -> Bool {
        let level = min(box.y + box.height, other.y + other.height) - max(box.y, other.y)
        let across = max(other.x - (box.x + box.width), box.x - (other.x + other.width))
        return level > 0.5 * min(box.height, other.height) && across < 1.2 * height
    }

    /// A `width` × `height` box whose corner nearest the cusp line at screen `angle` sits at `radius` and `gap`
    /// from the line, counter-clockwise of it (`side` 1: the house the cusp begins) or clockwise (`side` -1):
    /// the box lies wholly on that side of the line.
    private static func box(beside angle: Double, side: Double, radius: Double, width: Double, height: Double, gap: Double, polar: Polar) -> Box {
        let along = polar.point(radius: radius, angle: angle)
        // The unit normal pointing to `side` (on screen, with y down).
        let direction = polar.direction(angle)
        let normal = (x: -direction.sin * side, y: -direction.cos * side)
        let anchor = Point(x: along.x + normal.x * gap, y: along.y + normal.y * gap)
        // The box extends away from the line: to the left of the anchor when the normal points left, and so on.
        let x = normal.x < 0 ? anchor.x - width : anchor.x
        let y = normal.y < 0 ? anchor.y - height : anchor.y
        return Box(x: x, y: y, width: width, height: height)
    }
}
