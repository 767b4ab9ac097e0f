import Geometry

/// A path in pixels, with SVG's path semantics. Every coordinate is rounded to a hundredth of a pixel as it is
/// added, which is what the SVG text holds, so the SVG and the cairo painter draw exactly the same numbers.
struct ShapePath {
    enum Element {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case quadratic(Point, Point)
        /// An elliptical arc from the current point, axes along x and y, as in SVG's `A` command.
        case arc(radiusX: Double, radiusY: Double, large: Bool, sweep: Bool, to: Point)
        case close
    }

    private(set) var elements: [Element] = []

    init(reserving capacity: Int = 0) { elements.reserveCapacity(capacity) }

    mutating func move(_ p: Point) { elements.append(.move(p.snapped)) }
    mutating func line(_ p: Point) { elements.append(.line(p.snapped)) }
    mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) { elements.append(.cubic(c1.snapped, c2.snapped, p.snapped)) }
    mutating func quadratic(_ c: Point, _ p: Point) { elements.append(.quadratic(c.snapped, p.snapped)) }
    mutating func arc(radiusX: Double, radiusY: Double, large: Bool, sweep: Bool, to p: Point) {
        elements.append(.arc(radiusX: radiusX.snapped, radiusY: radiusY.snapped, large: large, sweep: sweep, to: p.snapped))
    }
    mutating func close() { elements.append(.close) }

    mutating func segment(_ s: Segment) {
        move(s.from)
        line(s.to)
    }

    /// Along a circle about `center` from `startAngle` to `endAngle` (screen angles, counter-clockwise when
    /// the end is the larger), from the current point.
    mutating func arc(center: Point, radius: Double, from startAngle: Double, to endAngle: Double) {
        let sweep = endAngle - startAngle
        // Screen counter-clockwise is SVG sweep-flag 0, as y points down.
        arc(radiusX: radius, radiusY: radius, large: abs(sweep) > 180, sweep: !(sweep > 0),
            to: Polar(center: center).point(radius: radius, angle: endAngle))
    }

    /// A band between two circles about `center`, from `startAngle` counter-clockwise to `endAngle`.
    static func annularSector(center: Point, outer: Double, inner: Double, from startAngle: Double, to endAngle: Double) -> ShapePath {
        var path = ShapePath(reserving: 5)
        path.move(Polar(center: center).point(radius: outer, angle: startAngle))
        path.arc(center: center, radius: outer, from: startAngle, to: endAngle)
        path.line(Polar(center: center).point(radius: inner, angle: endAngle))
        path.arc(center: center, radius: inner, from: endAngle, to: startAngle)
        path.close()
        return path
    }
}

extension Point {
    /// Rounded to hundredths, as the SVG writes it.
    var snapped: Point { Point(x: x.snapped, y: y.snapped) }
}

extension Double {
    /// Rounded to hundredths, as the SVG writes it.
    var snapped: Double { (self * 100).rounded() / 100 }
}
