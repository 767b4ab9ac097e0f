import Foundation

extension WheelLayout {
    /// Whether anything drawn before the body columns comes within `clearance` of `box`: a cusp, axis,
    /// marker or connector, the degree scale or the zodiac band outside, the aspect circle inside. Only there
    /// does a column glyph need its halo; elsewhere the halo would paint background on background.
    /// Conservative: a line that merely comes close counts.
    public func hasLines(near box: Box, within clearance: Double) -> Bool {
        let distance = box.distanceRange(from: center)
        let aspectPointRadius = detail.aspectLine * 1.6
        if distance.lowerBound - clearance <= rings.aspect + aspectPointRadius { return true }
        if distance.upperBound + clearance >= rings.markerInner { return true }
        let straight = cusps.map(\.line) + angles.map(\.axis) + bodies.map(\.marker)
        if straight.contains(where: { box.meets($0, clearance: clearance) }) { return true }
        let polar = Polar(center: center)
        for connector in bodies.compactMap(\.connector) {
            let lane = connector.lane
            let laneStart = polar.point(radius: lane.radius, angle: lane.startAngle)
            let laneEnd = polar.point(radius: lane.radius, angle: lane.endAngle)
            if box.meets(Segment(from: connector.start, to: laneStart), clearance: clearance)
                || box.meets(Segment(from: laneEnd, to: connector.end), clearance: clearance) { return true }
            // The lane as chords of at most 2°, the clearance grown by how far a chord strays from the arc.
            let steps = max(1, Int((abs(lane.endAngle - lane.startAngle) / 2).rounded(.up)))
            let halfStep = abs(lane.endAngle - lane.startAngle) / Double(steps) / 2 * .pi / 180
            let sagitta = lane.radius * (1 - cos(halfStep))
            var previous = laneStart
            for step in 1...steps {
                let point = polar.point(radius: lane.radius, angle: lane.startAngle + (lane.endAngle - lane.startAngle) * Double(step) / Double(steps))
                if box.meets(Segment(from: previous, to: point), clearance: clearance + sagitta) { return true }
                previous = point
            }
        }
        return false
    }
}
