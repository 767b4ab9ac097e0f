import ChartModel

/// What a placement solves in: the walls, and which of the rooms between them are roomy. A room is the arc from
/// one wall to the next (cusps and axes alike); a roomy one holds its bodies however crowded, and they shrink
/// instead; only a narrower one lets them cross its cusps (never an axis).
struct Rooms {
    let walls: [CircularPlacer.Wall]
    /// The walls (by index into `walls`) that begin a roomy room.
    let roomy: Set<Int>
    /// The walls that begin a room with 6° (at 600 px) for each of its bodies: there they keep their glyphs'
    /// full size, in shorter columns if need be.
    let spacious: Set<Int>
    /// Each room's width, by the wall it begins at.
    let widths: [Double]

    /// Walls with no room roomy: every room lets its items out when they do not fit.
    init(walls: [CircularPlacer.Wall]) {
        self.walls = walls
        widths = Self.widths(of: walls)
        roomy = []
        spacious = []
    }

    /// The walls with the roomy rooms for items aiming at `targets` on a wheel of `size`: a room is roomy when it
    /// is at least 6° wide for each body in it and one more, the allowance growing as 600 / size below 600 px.
    /// A strip between an axis and a cusp a degree or two away is not: its body crosses the thin cusp rather than
    /// shrink the crowd beside it.
    init(walls: [CircularPlacer.Wall], targets: [CircularPlacer.Item], size: Double) {
        let allowance = 6 * max(1, 600 / size)
        let widths = Self.widths(of: walls)
        let rooms = walls.indices.map { index in
            (width: widths[index], bodies: Double(targets.filter { normalizedDegrees($0.target - walls[index].angle) < widths[index] }.count))
        }
        self.walls = walls
        self.widths = widths
        // Equal houses are 30° wide to a rounding error: a room exactly as wide as the rule asks is roomy.
        roomy = Set(rooms.indices.filter { rooms[$0].width >= allowance * (rooms[$0].bodies + 1) - 1e-6 })
        spacious = Set(rooms.indices.filter { rooms[$0].width >= allowance * rooms[$0].bodies - 1e-6 })
    }

    /// Whether the room `angle` is in has 6° for each of its bodies (`spacious`): there they keep their size
    /// rather than be pulled nearer their ticks.
    func isSpacious(_ angle: Double) -> Bool {
        starts(of: angle).contains { spacious.contains($0) }
    }

    /// The room `angle` is in: the angles of the walls it runs between, counter-clockwise, and whether it is roomy.
    func room(of angle: Double) -> (from: Double, to: Double, isRoomy: Bool) {
        let starts = starts(of: angle)
        guard let first = starts.first else { return (0, 360, false) }
        let from = walls[first].angle
        return (from, from + widths[first], starts.contains { roomy.contains($0) })
    }

    /// Each room's width: to the next wall on, counter-clockwise; two walls on one line begin one room.
    private static func widths(of walls: [CircularPlacer.Wall]) -> [Double] {
        walls.map { wall in walls.map { normalizedDegrees($0.angle - wall.angle) }.filter { $0 > 1e-9 }.min() ?? 360 }
    }

    /// The walls (by index) that begin the room `angle` is in: one, or two on one line.
    private func starts(of angle: Double) -> [Int] {
        guard !walls.isEmpty else { return [] }
        let into = walls.map { normalizedDegrees(angle - $0.angle) }
        let start = into.min()!
        return walls.indices.filter { abs(into[$0] - start) < 1e-9 }
    }
}
