import ChartModel

/// The walls of a wheel, the lines the columns are placed between: the angles' axes, which no glyph crosses
/// from its side, and the house cusps, which a glyph crosses only where its room (the arc between two walls) has
/// no room for it. A cusp on an angle (every quadrant system's 1st, 4th, 7th and 10th, the equal houses' 1st and
/// 7th) is that angle's axis and holds as it does; the others, the whole-sign houses' 1st and 10th among them,
/// are ordinary cusps.
struct LayoutWalls {
    /// One angle: its longitude and screen angle, and the letters of its label.
    struct Axis {
        let kind: WheelLayout.AngleMark.Kind
        let longitude: Double
        let angle: Double
        let letters: [Glyph]

        init(_ kind: WheelLayout.AngleMark.Kind, at longitude: Double, letters: [Glyph], screen: ScreenAngles) {
            self.kind = kind
            self.longitude = longitude
            angle = screen.angle(longitude)
            self.letters = letters
        }
    }

    /// AC, DC, MC, IC.
    let axes: [Axis]
    /// Each cusp as a soft wall, the 1st house's first: the walls the house numbers keep to.
    let cusps: [CircularPlacer.Wall]
    /// The walls the bodies are placed between: the axes (hard), then the cusps.
    let walls: [CircularPlacer.Wall]

    init(chart: NatalChart, screen: ScreenAngles) {
        let asc = chart.ascendant, mc = chart.midheaven
        axes = [
            Axis(.AC, at: asc, letters: [.letterA, .letterC], screen: screen),
            Axis(.DC, at: normalizedDegrees(asc + 180), letters: [.letterD, .letterC], screen: screen),
            Axis(.MC, at: mc, letters: [.letterM, .letterC], screen: screen),
            Axis(.IC, at: normalizedDegrees(mc + 180), letters: [.letterI, .letterC], screen: screen),
        ]
        cusps = chart.cusps.map { CircularPlacer.Wall(angle: screen.angle($0), isHard: false) }
        let axisAngles = axes.map(\.angle)
        walls = axisAngles.map { CircularPlacer.Wall(angle: $0, isHard: true) }
            + cusps.map { cusp in CircularPlacer.Wall(angle: cusp.angle, isHard: axisAngles.contains { Self.meets(cusp.angle, $0) }) }
    }

    /// Whether two walls are one line: a cusp on an angle.
    static func meets(_ a: Double, _ b: Double) -> Bool { abs(angleDifference(a, b)) < 0.01 }

    var axisAngles: [Double] { axes.map(\.angle) }
    var cuspAngles: [Double] { cusps.map(\.angle) }
    /// The hard walls' angles, where the quadrants begin.
    var quadrants: [Double] { walls.filter(\.isHard).map(\.angle) }

    /// One house's part that no axis runs through: its walls' angles (a cusp or an axis each), counter-clockwise.
    struct NumberRoom {
        let from: Double
        let to: Double
        var middle: Double { from + normalizedDegrees(to - from) / 2 }
    }

    /// Where each house's number goes: the widest part of the house between its cusps and the axes inside it.
    /// In quadrant systems that is the whole house; in equal and whole-sign houses an axis through a house's
    /// middle would strike its number there, so the number moves along its house away from the axis.
    var numberRooms: [NumberRoom] {
        (0..<12).map { i in
            let from = cusps[i].angle, width = normalizedDegrees(cusps[(i + 1) % 12].angle - from)
            let inside = axisAngles.map { normalizedDegrees($0 - from) }.filter { $0 > 0.01 && $0 < width - 0.01 }.sorted()
            let bounds: [Double] = [0] + inside + [width]
            let widths: [Double] = (0..<(bounds.count - 1)).map { bounds[$0 + 1] - bounds[$0] }
            let widest = widths.indices.max { widths[$0] < widths[$1] }!
            return NumberRoom(from: from + bounds[widest], to: from + bounds[widest + 1])
        }
    }

    /// The rooms a ring's bodies, aiming at `targets`, are placed in on a wheel of `size`.
    func rooms(for targets: [CircularPlacer.Item], size: Double) -> Rooms {
        Rooms(walls: walls, targets: targets, size: size)
    }

    /// The houses (numbered from 1) whose soft cusp a glyph crosses: a glyph near the cusp on its other side
    /// from its body's longitude. `columns[i]` is the column of `bodies[i]`.
    func crossedCusps(bodies: [Body], columns: [WheelLayout.Column], screen: ScreenAngles) -> [Int] {
        let placed = Array(zip(bodies, columns))
        return cusps.indices.filter { index in
            let cusp = walls[axes.count + index]
            return !cusp.isHard && placed.contains { body, column in
                let trueSide = angleDifference(screen.angle(body.longitude), cusp.angle), glyphSide = angleDifference(column.angle, cusp.angle)
                return abs(trueSide) < 45 && trueSide != 0 && (trueSide > 0) != (glyphSide > 0)
            }
        }.map { $0 + 1 }
    }

    /// The angles as drawn: each axis from `inner` out to the zodiac band's inner edge (through the band it
    /// would cut the sign glyphs), with its label's column.
    func angleMarks(labels: [WheelLayout.Column], from inner: Double, dims: WheelDimensions, polar: Polar) -> [WheelLayout.AngleMark] {
        zip(axes, labels).map { axis, label in
            let direction = polar.direction(axis.angle)
            return WheelLayout.AngleMark(kind: axis.kind, longitude: axis.longitude, angle: axis.angle,
                                         axis: Segment(from: polar.point(radius: inner, direction: direction),
                                                       to: polar.point(radius: dims.zodiacInner, direction: direction)),
                                         column: label)
        }
    }

    /// The cusps of `chart` as drawn, from `inner` out to the zodiac band's inner edge; those on an angle are
    /// marked so, to be drawn as its axis.
    func cuspMarks(of chart: NatalChart, from inner: Double, dims: WheelDimensions, polar: Polar) -> [WheelLayout.Cusp] {
        zip(chart.cusps, cusps).enumerated().map { index, cusp in
            let (longitude, wall) = cusp, direction = polar.direction(wall.angle)
            let onAngle = [chart.ascendant, chart.midheaven].contains {
                abs(angleDifference(longitude, $0)) < 0.01 || abs(angleDifference(longitude, $0 + 180)) < 0.01
            }
            return WheelLayout.Cusp(house: index + 1, longitude: longitude, angle: wall.angle,
                                    line: Segment(from: polar.point(radius: inner, direction: direction),
                                                  to: polar.point(radius: dims.zodiacInner, direction: direction)),
                                    isAngle: onAngle)
        }
    }
}
