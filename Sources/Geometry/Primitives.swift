import Foundation

/// A point in SVG user units: x to the right, y down, origin at the image's top-left corner.
public struct Point: Sendable, Hashable, Codable {
    /// Distance from the image's left edge.
    public var x: Double
    /// Distance from the image's top edge, downward.
    public var y: Double

    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned box in SVG user units.
public struct Box: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A box whose top-left corner is at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A box of this width and height centred on `center`.
    public init(center: Point, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    /// The box's centre.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// True when the boxes share more than a sliver: touching edges or `clearance` apart do not count.
    public func overlaps(_ other: Box, clearance: Double = 0) -> Bool {
        x < other.x + other.width + clearance && other.x < x + width + clearance
            && y < other.y + other.height + clearance && other.y < y + height + clearance
    }

    /// True when the segment passes within `clearance` of the box (Liang–Barsky clipping against the grown box).
    public func meets(_ segment: Segment, clearance: Double = 0) -> Bool {
        let dx = segment.to.x - segment.from.x, dy = segment.to.y - segment.from.y
        var t0 = 0.0, t1 = 1.0
        // One clip after the other, the range passed in and out: a nested function that changed it would have its
        // every access checked at run time (a layout asks this hundreds of thousands of times).
        guard Self.clip(-dx, segment.from.x - (x - clearance), &t0, &t1), Self.clip(dx, x + width + clearance - segment.from.x, &t0, &t1),
              Self.clip(-dy, segment.from.y - (y - clearance), &t0, &t1) else { return false }
        return Self.clip(dy, y + height + clearance - segment.from.y, &t0, &t1)
    }

    /// Narrows t0...t1 to where p·t ≤ q; false once nothing is left.
    private static func clip(_ p: Double, _ q: Double, _ t0: inout Double, _ t1: inout Double) -> Bool {
        if p == 0 { return !(q < 0) }
        let t = q / p
        if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
        return !(t0 > t1)
    }

    /// The smallest and largest distance from `origin` of any point of the box.
    public func distanceRange(from origin: Point) -> ClosedRange<Double> {
        let nx = min(max(origin.x, x), x + width), ny = min(max(origin.y, y), y + height)
        let near = hypot(nx - origin.x, ny - origin.y)
        let fx = max(abs(x - origin.x), abs(x + width - origin.x))
        let fy = max(abs(y - origin.y), abs(y + height - origin.y))
        return near...hypot(fx, fy)
    }
}

/// A straight segment, for lines the renderer strokes.
public struct Segment: Sendable, Hashable, Codable {
    /// Where it starts.
    public var from: Point
    /// Where it ends.
    public var to: Point

    /// The segment from `from` to `to`.
    public init(from: Point, to: Point) {
        self.from = from
        self.to = to
    }
}

/// Screen geometry of the wheel: angles in degrees counter-clockwise from +x with y up, the convention of
/// Western wheels (a longitude L at `180 + (L - ascendant)`: the Ascendant at 9 o'clock, the MC near the top).
public struct Polar: Sendable, Hashable {
    /// The wheel's centre, which every angle and radius is taken from.
    public var center: Point

    /// The geometry of a wheel centred on `center`.
    public init(center: Point) { self.center = center }

    /// The SVG point at `radius` and screen `angle`.
    public func point(radius: Double, angle: Double) -> Point {
        point(radius: radius, direction: direction(angle))
    }

    /// Cosine and sine of a screen angle, exact on the four axes so that the horizon and meridian of a wheel
    /// land on whole pixels.
    func direction(_ angle: Double) -> (cos: Double, sin: Double) {
        let quarter = angle / 90
        if quarter == quarter.rounded() {
            switch ((Int(quarter) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        let a = angle * .pi / 180
        return (cos(a), sin(a))
    }

    func point(radius: Double, direction: (cos: Double, sin: Double)) -> Point {
        Point(x: center.x + radius * direction.cos, y: center.y - radius * direction.sin)
    }
}

/// Shortest signed difference `a - b` of two angles, in -180..<180.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d >= 180 { d -= 360 }
    if d < -180 { d += 360 }
    return d
}
