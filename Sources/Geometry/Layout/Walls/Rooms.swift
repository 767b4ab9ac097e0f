import ChartModel

/// What a placement solves in: the walls, and which of the rooms between them are roomy. A room is the arc from
/// one wall to the next (cusps and axes alike); a roomy one holds its bodies however crowded, and they shrink
/// instead; only a narrower one lets them cross its cusps (never an axis).
struct Rooms {
    let walls: [CircularPlacer.Wall]
    /// The walls (by index into `walls`) that begin a roomy room.
    let roomy: Set<Int>
    /// The walls that begin a room its bodies never leave (rule 8): at least 3° (at 600 px) for each of them and
    /// 5° in all. Its crowd takes smaller glyphs or more tracks; only a narrower room lets its bodies out.
    let holding: Set<Int>
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
        holding = []
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
        holding = Set(rooms.indices.filter { rooms[$0].width >= max(Self.narrowest, allowance / 2 * rooms[$0].bodies) - 1e-6 })
    }

    /// A room narrower than this lets its bodies out however few: a sliver between an axis and a cusp.
    static let narrowest = 5.0

    /// Whether the room `angle` is in has 6° for each of its bodies (`spacious`): there they keep their size
    /// rather than be pulled nearer their ticks.
    func isSpacious(_ angle: Double) -> Bool {
        startsContain(angle) { spacious.contains($0) }
    }

    /// The room `angle` is in: the angles of the walls it runs between, counter-clockwise, and whether it is roomy.
    func room(of angle: Double) -> (from: Double, to: Double, isRoomy: Bool) {
        guard let first = firstStart(of: angle) else { return (0, 360, false) }
        let from = walls[first].angle
        return (from, from + widths[first], startsContain(angle) { roomy.contains($0) })
    }

    /// Each room's width: to the next wall on, counter-clockwise; two walls on one line begin one room.
    private static func widths(of walls: [CircularPlacer.Wall]) -> [Double] {
        walls.map { wall in
            var width = 360.0
            for other in walls {
                let gap = normalizedDegrees(other.angle - wall.angle)
                if gap > 1e-9 && gap < width { width = gap }
            }
            return width
        }
    }

    /// How far past the nearest wall at or before it `angle` lies. (The placement asks for rooms thousands of times a
    /// wheel: these walk the walls without making arrays.)
    private func intoRoom(_ angle: Double) -> Double {
        var start = Double.infinity
        for wall in walls { start = min(start, normalizedDegrees(angle - wall.angle)) }
        return start
    }

    /// The first wall (by index) that begins the room `angle` is in; nil without walls.
    private func firstStart(of angle: Double) -> Int? {
        let start = intoRoom(angle)
        return walls.indices.first { abs(normalizedDegrees(angle - walls[$0].angle) - start) < 1e-9 }
    }

    /// Whether a wall that begins the room `angle` is in (one, or two on one line) is one `test` is true of.
    private func startsContain(_ angle: Double, _ test: (Int) -> Bool) -> Bool {
        let start = intoRoom(angle)
        return walls.indices.contains { abs(normalizedDegrees(angle - walls[$0].angle) - start) < 1e-9 && test($0) }
    }
}
