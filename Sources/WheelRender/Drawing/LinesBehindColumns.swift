import Foundation
import Geometry

/// Everything drawn before the body columns that a column glyph could cover: the cusps, axes, markers and
/// connectors, the degree scale and the zodiac band outside, the aspect circle and its points inside. Only
/// where one of them comes near does a column glyph need its halo; elsewhere the halo would paint background
/// on background.
struct LinesBehindColumns {
    private let center: Point
    /// Nearer the centre than this is the aspect circle; farther, the degree scale.
    private let innerLimit: Double, outerLimit: Double
    /// Straight lines, and the connectors' lanes as chords, each with how far it may stray from the real line
    /// and its bounding box, which rules out most lines for a glyph at the cost of four comparisons.
    private let segments: [(segment: Segment, slack: Double, bounds: Box)]

    init(_ layout: WheelLayout, strokes: StrokeWidths) {
        center = layout.center
        innerLimit = layout.rings.aspect + strokes.aspectPointRadius
        outerLimit = layout.rings.markerInner
        var segments = (layout.cusps.map(\.line) + layout.angles.map(\.axis) + layout.bodies.map(\.marker)).map { ($0, 0.0) }
        let polar = Polar(center: layout.center)
        for connector in layout.bodies.compactMap(\.connector) {
            let lane = connector.lane
            let laneStart = polar.point(radius: lane.radius, angle: lane.startAngle)
            let laneEnd = polar.point(radius: lane.radius, angle: lane.endAngle)
            segments.append((Segment(from: connector.start, to: laneStart), 0))
            segments.append((Segment(from: laneEnd, to: connector.end), 0))
            // The lane as chords of at most 2°, each allowed the distance by which it strays from the arc.
            let steps = max(1, Int((abs(lane.endAngle - lane.startAngle) / 2).rounded(.up)))
            let halfStep = abs(lane.endAngle - lane.startAngle) / Double(steps) / 2 * .pi / 180
            let sagitta = lane.radius * (1 - cos(halfStep))
            var previous = laneStart
            for step in 1...steps {
                let point = polar.point(radius: lane.radius, angle: lane.startAngle + (lane.endAngle - lane.startAngle) * Double(step) / Double(steps))
                segments.append((Segment(from: previous, to: point), sagitta))
                previous = point
            }
        }
        self.segments = segments.map { segment, slack in
            let (from, to) = (segment.from, segment.to)
            let bounds = Box(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
            return (segment, slack, bounds)
        }
    }

    /// Whether any of it comes within `clearance` of `box`. Conservative: a line that merely comes close counts.
    func come(near box: Box, within clearance: Double) -> Bool {
        let distance = box.distanceRange(from: center)
        if distance.lowerBound - clearance <= innerLimit || distance.upperBound + clearance >= outerLimit { return true }
        return segments.contains { segment, slack, bounds in
            let reach = clearance + slack
            guard box.x - reach <= bounds.x + bounds.width, bounds.x <= box.x + box.width + reach,
                  box.y - reach <= bounds.y + bounds.height, bounds.y <= box.y + box.height + reach else { return false }
            return box.meets(segment, clearance: reach)
        }
    }
}
