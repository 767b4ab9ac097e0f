import ChartModel

/// What a placement solves in: the walls, and which of the houses between them are roomy. A roomy house holds
/// its bodies however crowded, and they shrink instead; only a narrower one lets them cross its cusps.
struct Rooms {
    let walls: [CircularPlacer.Wall]
    /// The walls (by index into `walls`) that begin part of a roomy house.
    let roomy: Set<Int>

    /// Walls with no house roomy: every house lets its items out when they do not fit.
    init(walls: [CircularPlacer.Wall]) {
        self.walls = walls
        roomy = []
    }

    /// The walls with the roomy houses for items aiming at `targets` on a wheel of `size`: a house (between its
    /// `cusps`) is roomy when it is at least 6° wide for each body in it and one more, the allowance growing as
    /// 600 / size below 600 px. An axis inside a house (equal and whole-sign houses) splits it, and each part is
    /// as roomy as the house.
    init(walls: [CircularPlacer.Wall], cusps: [Double], targets: [CircularPlacer.Item], size: Double) {
        let room = 6 * max(1, 600 / size)
        func house(of angle: Double) -> Int {
            let into = cusps.map { normalizedDegrees(angle - $0) }
            return into.indices.min { into[$0] < into[$1] }!
        }
        var bodies = [Int](repeating: 0, count: cusps.count)
        for target in targets { bodies[house(of: target.target)] += 1 }
        let roomyHouses = cusps.indices.map { normalizedDegrees(cusps[($0 + 1) % cusps.count] - cusps[$0]) >= room * Double(bodies[$0] + 1) }
        self.walls = walls
        roomy = Set(walls.indices.filter { roomyHouses[house(of: walls[$0].angle)] })
    }
}
