import ChartModel
import Foundation
@testable import Geometry

/// The rules an astrologer reads a wheel by, checked on a layout as the public `check_wheel_rules.py` checks the
/// `wheel layout` JSON: what breaks them, one line each, or nothing.
///
/// Rules 1 to 6 exempt what the public check exempts, and nothing more. The walls are the cusps and the angles'
/// axes (the layout's `angles`: in whole-sign and equal houses the MC, and in whole-sign the AC, lie inside a
/// house); a room is the arc between two walls.
///
/// 1. No body's glyph on the other side of an angle's axis from its true longitude (one on the axis may go
///    either way).
/// 2. A glyph crosses an ordinary cusp (one not on an axis) only where its room is narrower than
///    6° × (bodies in the room + 1), the allowance growing as 600 / size below 600 px.
/// 3. Each house number's centre inside its house, unless the house is narrower than 3°.
/// 4. No axis line strikes the middle 70% of a glyph or label box; the number of a house narrower than 6° is
///    exempt.
/// 5. Every box on the canvas, and no box of one column or label over a box of another.
/// 6. Each angle label's centre within 15° of its own axis.
/// 7. No ordinary cusp line (from the aspect circle to the zodiac band) strikes the middle 70% of a box of a body
///    whose room is as wide as rule 2 asks.
/// 8. A body's glyph stays inside its own room, however crowded, unless the room is narrower than
///    3° × (bodies in the room), scaled as in rule 2, or than 5°.
/// 9. No two connectors cross, and no two run along one stretch of lane (`connectorConflicts`).
///
/// A bi-wheel's rings are read alike: the outer chart's bodies stay in the inner chart's rooms too, a room's
/// bodies are counted ring by ring, and nothing of one ring meets anything of the other.
public enum WheelRules {
    /// `sun`, or `outer sun` for a bi-wheel's outer chart's Sun.
    public static func name(_ body: WheelLayout.BodyPlacement) -> String { (body.ring == .outer ? "outer " : "") + "\(body.id)" }

    /// The room (the arc between two walls) an angle is in: its first wall's angle and its width.
    public static func room(of angle: Double, walls: [Double]) -> (start: Double, width: Double) {
        let start = walls.min { normalizedDegrees(angle - $0) < normalizedDegrees(angle - $1) }!
        let width = walls.map { normalizedDegrees($0 - start) }.filter { $0 > 1e-6 }.min() ?? 360
        return ((start * 1e6).rounded() / 1e6, width)
    }

    public static func violations(_ layout: WheelLayout) -> [String] {
        var found: [String] = []
        let polar = Polar(center: layout.center)
        let cusps = layout.cusps.sorted { $0.house < $1.house }
        let widths = cusps.indices.map { normalizedDegrees(cusps[($0 + 1) % 12].angle - cusps[$0].angle) }
        let allowanceScale = max(1, 600 / layout.size)
        if !layout.placement.isOverlapFree { found.append("the placement gave up on overlaps") }
        let axisMarks = layout.angles.map { (name: "\($0.kind)", angle: $0.angle) }
        let ordinary = cusps.filter { cusp in !axisMarks.contains { abs(angleDifference(cusp.angle, $0.angle)) < 0.01 } }
        let walls = cusps.map(\.angle) + axisMarks.map(\.angle)
        let rooms = layout.bodies.map { room(of: $0.trueAngle, walls: walls) }
        for (index, body) in layout.bodies.enumerated() {
            let own = rooms[index]
            let inRoom = layout.bodies.indices.filter { rooms[$0] == own && layout.bodies[$0].ring == body.ring }.count
            for axis in axisMarks {
                let trueSide = angleDifference(body.trueAngle, axis.angle), glyphSide = angleDifference(body.glyphAngle, axis.angle)
                if abs(trueSide) < 45 && trueSide != 0 && (trueSide > 0) != (glyphSide > 0) {
                    found.append("\(name(body)) is \(trueSide) from \(axis.name), its glyph \(glyphSide)")
                }
            }
            for cusp in ordinary {
                let trueSide = angleDifference(body.trueAngle, cusp.angle), glyphSide = angleDifference(body.glyphAngle, cusp.angle)
                if abs(trueSide) < 45 && trueSide != 0 && (trueSide > 0) != (glyphSide > 0)
                    && own.width >= 6 * allowanceScale * Double(inRoom + 1) {
                    found.append("\(name(body)) crosses cusp \(cusp.house) out of a room \(own.width)° wide with \(inRoom) bodies")
                }
            }
            let into = normalizedDegrees(body.glyphAngle - own.start)
            if own.width >= max(5, 3 * allowanceScale * Double(inRoom)) && !(into > 0 && into < own.width) {
                found.append("\(name(body)) drawn outside its room \(own.width)° wide with \(inRoom) bodies")
            }
            if own.width >= 6 * allowanceScale * Double(inRoom + 1) {
                let struck = ordinary.first { cusp in
                    let line = Segment(from: polar.point(radius: layout.rings.aspect, angle: cusp.angle),
                                       to: polar.point(radius: layout.rings.zodiacInner, angle: cusp.angle))
                    return body.column.boxes.contains { box in
                        Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height).meets(line)
                    }
                }
                if let struck { found.append("the cusp of house \(struck.house) strikes \(name(body))") }
            }
        }
        for angle in layout.angles {
            let off = abs(angleDifference(WheelLayout.centreAngle(of: angle.column, around: layout.center), angle.angle))
            if off > 15 { found.append("the \(angle.kind) label sits \(off)° from its axis") }
        }

        var struckExempt: Set<String> = []
        var labelled: [(name: String, boxes: [Box])] = layout.bodies.map { (name($0), $0.column.boxes) }
            + layout.angles.map { ("\($0.kind) label", $0.column.boxes) }
        for number in layout.houseNumbers {
            let box = number.run.box, width = widths[number.house - 1]
            let centre = Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
            let angle = normalizedDegrees(atan2(-(centre.y - layout.center.y), centre.x - layout.center.x) * 180 / .pi)
            let into = normalizedDegrees(angle - cusps[number.house - 1].angle)
            if width >= 3 && !(into > 0 && into < width) { found.append("house number \(number.house) at \(angle), outside its house") }
            labelled.append(("house \(number.house)", [box]))
            // A number in a sliver of a house may touch a line.
            if width < 6 { struckExempt.insert("house \(number.house)") }
        }
        let axisLines = axisMarks.map { Segment(from: layout.center, to: polar.point(radius: layout.rings.zodiacInner, angle: $0.angle)) }
        for (index, item) in labelled.enumerated() {
            for box in item.boxes {
                if box.x < -0.5 || box.y < -0.5 || box.x + box.width > layout.size + 0.5 || box.y + box.height > layout.size + 0.5 {
                    found.append("\(item.name) off the canvas")
                }
                let middle = Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height)
                for (line, axis) in zip(axisLines, axisMarks) where !struckExempt.contains(item.name) && middle.meets(line) {
                    found.append("the \(axis.name) axis strikes \(item.name)")
                }
                for other in labelled[(index + 1)...] where other.boxes.contains(where: { $0.overlaps(box) }) {
                    found.append("\(item.name) overlaps \(other.name)")
                }
            }
        }
        return found + connectorConflicts(layout)
    }

    /// Pairs of connectors that cross or share a stretch of lane: lanes closer than `laneSeparation` where their
    /// arcs overlap in angle, or the way in from a marker or in to a glyph (a radial line) cutting another's arc.
    /// Two connectors from one marker share their way in from it, which shows that they belong to one tick.
    public static func connectorConflicts(_ layout: WheelLayout) -> [String] {
        let c = layout.center
        let connectors = layout.bodies.compactMap { body in body.connector.map { (name: name(body), connector: $0) } }
        func radius(_ p: Point) -> Double { hypot(p.x - c.x, p.y - c.y) }
        // Each arc from its clockwise end, with its sweep counter-clockwise.
        func span(_ arc: WheelLayout.Arc) -> (start: Double, sweep: Double) {
            let d = arc.endAngle - arc.startAngle
            return d >= 0 ? (arc.startAngle, d) : (arc.endAngle, -d)
        }
        func within(_ angle: Double, _ arc: WheelLayout.Arc, margin: Double = 0.01) -> Bool {
            let s = span(arc), into = normalizedDegrees(angle - s.start)
            return into > margin && into < s.sweep - margin
        }
        var found: [String] = []
        for (i, a) in connectors.enumerated() {
            for b in connectors[(i + 1)...] {
                let (p, q) = (a.connector.lane, b.connector.lane)
                let overlap = within(span(q).start, p) || within(span(p).start, q)
                    || (abs(angleDifference(span(p).start, span(q).start)) < 0.01 && min(span(p).sweep, span(q).sweep) > 0.01)
                if overlap && abs(p.radius - q.radius) < laneSeparation(layout.size) {
                    found.append("the connectors of \(a.name) and \(b.name) share a lane stretch")
                }
                for (one, other) in [(a, b), (b, a)] {
                    let lane = one.connector.lane.radius
                    let radials = [(one.connector.lane.startAngle, lane...radius(one.connector.start)),
                                   (one.connector.lane.endAngle, radius(one.connector.end)...lane)]
                    for (angle, radii) in radials where within(angle, other.connector.lane)
                        && other.connector.lane.radius > radii.lowerBound + 0.01 && other.connector.lane.radius < radii.upperBound - 0.01 {
                        found.append("the connector of \(one.name) crosses the lane of \(other.name)'s")
                    }
                }
            }
        }
        return found
    }

    /// How far apart two lanes must be to be told apart: more than a hairline (0.75 px, 1 px at 600 px, wider
    /// above) between their centres, so that the lines do not touch.
    public static func laneSeparation(_ size: Double) -> Double { 1.2 * max(size / 600, 0.75) }
}
