import CRsvg
import ChartModel
import Foundation
import Geometry
import WheelRender

/// Paints a `Drawing` with cairo: the shapes librsvg would draw from the wheel's SVG, built the way
/// librsvg builds them (arcs as cubic Béziers of at most 90°, circles as four), without parsing the SVG or
/// measuring every shape's extents first, which took over a third of a render.
enum CairoPainter {
    static func paint(_ drawing: Drawing, on cr: OpaquePointer) {
        cairo_set_miter_limit(cr, 4)  // SVG's default; cairo's is 10
        if let background = drawing.background {
            cairo_rectangle(cr, 0, 0, drawing.width, drawing.height)
            paint(cr, fill: background, stroke: nil)
        }
        for layer in drawing.layers {
            switch layer {
            case .shape(let shape):
                add(shape.path, to: cr)
                paint(cr, fill: shape.fill, stroke: shape.stroke)
            case .circle(let center, let radius, let fill, let stroke):
                addCircle(center: center, radius: radius, to: cr)
                paint(cr, fill: fill, stroke: stroke)
            case .glyphs(let paths, let haloColour, let widening):
                for entry in paths where entry.haloed {
                    add(entry.path, to: cr)
                    paint(cr, fill: nil, stroke: entry.stroke.halo(haloColour, widening: widening))
                }
                for entry in paths {
                    add(entry.path, to: cr)
                    paint(cr, fill: nil, stroke: entry.stroke)
                }
            }
        }
    }

    /// Fills, then strokes, the current path, as SVG paints a shape; the path is gone afterwards.
    private static func paint(_ cr: OpaquePointer, fill: Colour?, stroke: Drawing.Stroke?) {
        if let fill {
            setColour(cr, fill)
            cairo_fill_preserve(cr)
        }
        if let stroke {
            setColour(cr, stroke.colour)
            cairo_set_line_width(cr, stroke.width)
            cairo_set_line_cap(cr, stroke.cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, stroke.join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
            stroke.dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    private static func setColour(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgb(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
    }

    private static func add(_ path: ShapePath, to cr: OpaquePointer) {
        var current = Point(x: 0, y: 0), start = current
        path.forEachElement { element in
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                (current, start) = (p, p)
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .quadratic(let c, let p):
                // The cubic with the same curve: control points two thirds of the way to the quadratic's.
                cairo_curve_to(cr, current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
                current = p
            case .arc(let rx, let ry, let large, let sweep, let p):
                addArc(from: current, radiusX: rx, radiusY: ry, large: large, sweep: sweep, to: p, cr)
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// A circle as four cubic Béziers from its rightmost point, clockwise on screen, as librsvg draws `<circle>`.
    private static func addCircle(center c: Point, radius r: Double, to cr: OpaquePointer) {
        let k = r * 4 / 3 * (2.0.squareRoot() - 1)
        cairo_move_to(cr, c.x + r, c.y)
        cairo_curve_to(cr, c.x + r, c.y + k, c.x + k, c.y + r, c.x, c.y + r)
        cairo_curve_to(cr, c.x - k, c.y + r, c.x - r, c.y + k, c.x - r, c.y)
        cairo_curve_to(cr, c.x - r, c.y - k, c.x - k, c.y - r, c.x, c.y - r)
        cairo_curve_to(cr, c.x + k, c.y - r, c.x + r, c.y - k, c.x + r, c.y)
        cairo_close_path(cr)
    }

    /// SVG's elliptical arc (axes along x and y) from endpoint to centre form (SVG 1.1, F.6.5), then as cubic
    /// Béziers of at most 90° each.
    private static func addArc(from a: Point, radiusX: Double, radiusY: Double, large: Bool, sweep: Bool, to b: Point, _ cr: OpaquePointer) {
        guard a != b else { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0 else {
            cairo_line_to(cr, b.x, b.y)
            return
        }
        let hx = (a.x - b.x) / 2, hy = (a.y - b.y) / 2
        let excess = hx * hx / (rx * rx) + hy * hy / (ry * ry)
        if excess > 1 {
            // Radii too small to reach: scaled up until they just do, as SVG says.
            rx *= excess.squareRoot()
            ry *= excess.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * hy * hy - ry * ry * hx * hx
        let denominator = rx * rx * hy * hy + ry * ry * hx * hx
        let factor = (max(0, numerator / denominator)).squareRoot() * (large == sweep ? -1 : 1)
        let cxp = factor * rx * hy / ry, cyp = -factor * ry * hx / rx
        let cx = cxp + (a.x + b.x) / 2, cy = cyp + (a.y + b.y) / 2
        let startAngle = atan2((hy - cyp) / ry, (hx - cxp) / rx)
        var sweepAngle = atan2((-hy - cyp) / ry, (-hx - cxp) / rx) - startAngle
        if sweep && sweepAngle < 0 { sweepAngle += 2 * .pi }
        if !sweep && sweepAngle > 0 { sweepAngle -= 2 * .pi }

        let pieces = Int((abs(sweepAngle) / (.pi / 2 + 0.001)).rounded(.up))
        let step = sweepAngle / Double(pieces)
        let t = 4 / 3 * tan(step / 4)
        for piece in 0..<pieces {
            let a1 = startAngle + Double(piece) * step, a2 = a1 + step
            let (cos1, sin1, cos2, sin2) = (cos(a1), sin(a1), cos(a2), sin(a2))
            let end = piece == pieces - 1 ? b : Point(x: cx + rx * cos2, y: cy + ry * sin2)
            cairo_curve_to(cr, cx + rx * (cos1 - t * sin1), cy + ry * (sin1 + t * cos1),
                           cx + rx * (cos2 + t * sin2), cy + ry * (sin2 - t * cos2), end.x, end.y)
        }
    }
}

extension CairoPainter {
    /// Where to cut `size` rows into `bands` bands that take about as long to paint: cairo's time goes with
    /// the rows it sweeps and with the segments it strokes, so a row weighs 3 and each path element 1 at the
    /// row it ends on. A crowded chart's labels all on one side would otherwise leave one thread idle.
    static func bandBoundaries(_ drawing: Drawing, size: Int, bands: Int) -> [Int] {
        var weight = [Int](repeating: 3, count: size)
        func count(_ point: Point) {
            let row = Int(point.y)
            if row >= 0 && row < size { weight[row] += 1 }
        }
        func count(_ path: ShapePath) {
            path.forEachElement { element in
                switch element {
                case .move(let p), .line(let p), .cubic(_, _, let p), .quadratic(_, let p), .arc(_, _, _, _, let p): count(p)
                case .close: break
                }
            }
        }
        for layer in drawing.layers {
            switch layer {
            case .shape(let shape): count(shape.path)
            case .circle(let center, let radius, _, _):
                for dy in [-radius, 0, 0, radius] { count(Point(x: center.x, y: center.y + dy)) }
            case .glyphs(let paths, _, _):
                for entry in paths {
                    count(entry.path)
                    if entry.haloed { count(entry.path) }
                }
            }
        }
        let total = weight.reduce(0, +)
        var boundaries = [0], sum = 0
        for (row, w) in weight.enumerated() where boundaries.count < bands {
            sum += w
            if sum * bands >= total * boundaries.count { boundaries.append(row + 1) }
        }
        while boundaries.count <= bands { boundaries.append(size) }
        boundaries[bands] = size
        // No band empty, whatever the weights.
        for band in 1..<bands { boundaries[band] = min(max(boundaries[band], boundaries[band - 1] + 1), size - (bands - band)) }
        return boundaries
    }
}

