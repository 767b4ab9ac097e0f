import Geometry

/// A path in pixels, with SVG's path semantics: what each element is, and its coordinates. They are held as
/// whole hundredths of a pixel, the precision the SVG is written with, so that the SVG and the cairo painter
/// draw exactly the same numbers.
package struct ShapePath {
    package enum Element {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case quadratic(Point, Point)
        /// An elliptical arc from the current point, axes along x and y, as in SVG's `A` command.
        case arc(radiusX: Double, radiusY: Double, large: Bool, sweep: Bool, to: Point)
        case close
    }

    /// What each element is; its numbers follow in `hundredths`, in the order SVG writes them.
    enum Verb: Hashable {
        case move, line, cubic, quadratic, close
        /// An elliptical arc, axes along x and y: its radii and end point follow.
        case arc(large: Bool, sweep: Bool)

        /// How many numbers follow the verb: two for each point, and an arc's radii before its end point.
        var numberCount: Int {
            switch self {
            case .move, .line: 2
            case .cubic: 6
            case .quadratic, .arc: 4
            case .close: 0
            }
        }
    }

    private(set) var verbs: [Verb] = []
    private(set) var hundredths: [Int32] = []

    init(reserving elements: Int = 0) {
        verbs.reserveCapacity(elements)
        hundredths.reserveCapacity(elements * 2)
    }

    mutating func move(_ p: Point) {
        verbs.append(.move)
        append(p)
    }
    mutating func line(_ p: Point) {
        verbs.append(.line)
        append(p)
    }
    mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        verbs.append(.cubic)
        append(c1); append(c2); append(p)
    }
    mutating func quadratic(_ c: Point, _ p: Point) {
        verbs.append(.quadratic)
        append(c); append(p)
    }
    mutating func arc(radiusX: Double, radiusY: Double, large: Bool, sweep: Bool, to p: Point) {
        verbs.append(.arc(large: large, sweep: sweep))
        append(Point(x: radiusX, y: radiusY))
        append(p)
    }
    mutating func close() { verbs.append(.close) }

    private mutating func append(_ p: Point) {
        hundredths.append(p.x.hundredths)
        hundredths.append(p.y.hundredths)
    }

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

    /// Appends a glyph's outline, scaled by `unit` and moved to `origin`: its points move, an arc's radii only
    /// scale.
    mutating func append(_ outline: GlyphOutline, origin: Point, unit: Double) {
        verbs.append(contentsOf: outline.verbs)
        for pair in outline.pairs {
            let scaled = Point(x: pair.x * unit, y: pair.y * unit)
            append(pair.isRadii ? scaled : Point(x: origin.x + scaled.x, y: origin.y + scaled.y))
        }
    }

    /// Appends `box`'s outline, closed.
    mutating func rectangle(_ box: Box) {
        move(Point(x: box.x, y: box.y))
        line(Point(x: box.x + box.width, y: box.y))
        line(Point(x: box.x + box.width, y: box.y + box.height))
        line(Point(x: box.x, y: box.y + box.height))
        close()
    }

    /// Appends each segment as a move and a line.
    mutating func append(_ segments: [Segment]) {
        for segment in segments { self.segment(segment) }
    }

    /// The same path moved by `offset` (rounded to hundredths, as everything is held): its points move, an
    /// arc's radii stay.
    func translated(by offset: Point) -> ShapePath {
        var moved = self
        let dx = offset.x.hundredths, dy = offset.y.hundredths
        var at = 0
        for verb in verbs {
            // An arc's first pair is its radii; every other pair is a point.
            var pair = 0
            while pair < verb.numberCount / 2 {
                if case .arc = verb, pair == 0 {} else {
                    moved.hundredths[at] += dx
                    moved.hundredths[at + 1] += dy
                }
                at += 2
                pair += 1
            }
        }
        return moved
    }

    /// Each element in pixels, for painting.
    package func forEachElement(_ body: (Element) -> Void) {
        var at = 0
        func number() -> Double {
            defer { at += 1 }
            return Double(hundredths[at]) / 100
        }
        func point() -> Point {
            let x = number()
            return Point(x: x, y: number())
        }
        for verb in verbs {
            switch verb {
            case .move: body(.move(point()))
            case .line: body(.line(point()))
            case .cubic: body(.cubic(point(), point(), point()))
            case .quadratic: body(.quadratic(point(), point()))
            case .close: body(.close)
            case .arc(let large, let sweep):
                let rx = number(), ry = number()
                body(.arc(radiusX: rx, radiusY: ry, large: large, sweep: sweep, to: point()))
            }
        }
    }
}

extension Point {
    /// Rounded to hundredths, as the SVG writes it.
    package var snapped: Point { Point(x: x.snapped, y: y.snapped) }
}

extension Double {
    /// Rounded to hundredths, as the SVG writes it.
    package var snapped: Double { Double(hundredths) / 100 }

    /// The value in whole hundredths, rounded half away from zero.
    var hundredths: Int32 { Int32((self * 100).rounded()) }
}
