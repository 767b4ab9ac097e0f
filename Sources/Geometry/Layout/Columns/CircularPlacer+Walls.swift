import ChartModel

extension CircularPlacer {
    /// A line through the centre that items stay on their own side of: an angle's axis, or a house cusp.
    struct Wall: Equatable {
        var angle: Double
        /// An angle's axis holds whatever the crowd; a cusp gives way when its house is too narrow for its items.
        var isHard: Bool
    }

    /// How firmly the walls of a house (the arc from one wall to the next) hold its own items, from the firmest.
    enum Hold: Equatable, Sendable {
        /// Each item stays inside with its whole column clear of the walls' lines.
        case clear
        /// Each item's centre stays inside; its boxes may reach across a line.
        case centre
        /// The items cross the house's soft walls freely; hard walls still hold.
        case open
    }

    struct WalledPlacement {
        /// Angles in degrees, in the items' order.
        var angles: [Double]
        /// How each house held its items, by the wall it begins at, in the walls' order.
        var holds: [Hold]
    }

    /// How far inside a `centre`-held wall an item's centre stays, in degrees.
    static let centreInset = 0.1

    /// Places items as near their targets as they can be, in order, no two closer than `spacing` allows, and each
    /// inside the house (the arc between walls) its target is in; `nil` when a hard wall cannot hold (the items
    /// between two hard walls need more room than there is), which the caller answers with smaller glyphs.
    ///
    /// The circle is cut at a hard wall (or, with none, after the widest gap between targets), which makes it a
    /// line; every wall then bounds the items on each side of it. Minimising the weighted squared displacement is
    /// bounded isotonic regression of `target[k] - offset[k]`: the bounds, taken as running maxima (lower) and
    /// minima (upper), are monotone, so clamping the pool-adjacent-violators fit to them is the exact solution.
    /// When a house cannot hold its items, the house a conflicting bound comes from steps down one hold
    /// (clear → centre → open) and the placement starts over: every round lowers one hold, so it finishes
    /// within twice the walls' number of rounds. Only a house's own items cross its soft walls.
    /// `clearance(i, wall, after)`: the least angle between item `i` and a wall at `wall` on its
    /// counter-clockwise side (`after`) or its clockwise side, for the item's boxes to clear the wall's line.
    /// `weakest`: the least a house may hold (`centre` keeps every item's centre in its house, and the placement
    /// is `nil` rather than let one cross). `onlyOverfullOpen`: a house lets its items out only when they cannot
    /// fit in it even with their centres at its walls; without it any house in the way opens. `roomy`: the walls
    /// (by index) whose houses are never overfull, however large the items: they hold them, and the items shrink
    /// instead (the wheel's reading of a narrow house). `holdingRoomy`: those houses never let a line through
    /// their items either. `holding`: the walls whose houses never let their items' centres out (rule 8), however
    /// crowded: the placement is `nil` rather than open one.
    /// `frame`: the items and walls as `Frame` works them out, if the caller has it already.
    static func place(_ items: [Item], walls: [Wall], frame: Frame? = nil, weakest: Hold = .open, onlyOverfullOpen: Bool = true,
                      roomy: Set<Int> = [], holdingRoomy: Bool = false, holding: Set<Int> = [],
                      spacing: (Int, Int, Double, Double) -> Double,
                      clearance: (Int, Double, Bool) -> Double) -> WalledPlacement? {
        let frame = frame ?? Frame(items, walls: walls)
        var holds = [Hold](repeating: .clear, count: walls.count)
        while true {
            switch attempt(frame, walls: walls, holds: holds, roomy: roomy, spacing: spacing, clearance: clearance) {
            case .placed(let angles):
                return WalledPlacement(angles: angles, holds: holds)
            case .blocked(let houses, let overfull):
                // `holdingRoomy`: a roomy house keeps its items clear of its cusps (the caller shrinks the crowd).
                let weaker = houses.first { holds[$0] == .clear && !(holdingRoomy && roomy.contains($0)) }
                    ?? (weakest == .open ? houses.first { holds[$0] == .centre && !holding.contains($0) && (overfull.contains($0) || !onlyOverfullOpen) } : nil)
                guard let house = weaker else { return nil }
                holds[house] = holds[house] == .clear ? .centre : .open
            }
        }
    }

    private enum Attempt {
        case placed([Double])
        /// The houses (by the wall they begin at) whose soft walls' bounds conflict, none when only hard walls
        /// or the whole circle are too small; and the houses too narrow for their own items.
        case blocked([Int], overfull: Set<Int>)
    }

    private enum Fit {
        case placed([Double])
        /// The houses whose bounds conflict.
        case blocked([Int])
    }

    /// A bound on one item's position, and the house whose soft wall sets it (`nil` for a hard wall).
    private typealias Bound = (value: Double, house: Int?)

    /// What a placement of items within walls works out before it places anything: the circle cut into a line (at
    /// a hard wall or, with none, after the widest gap between targets), the walls and the items in order along it,
    /// and each item's house. It depends on the items' targets and the walls alone, so the many placements of one
    /// set of columns (each scale, each spacing tried, each round of holds) share one.
    struct Frame {
        let origin: Double
        /// The walls from the cut round, soft before hard where they meet, so a house never begins at a soft wall
        /// that a hard one shadows.
        let ordered: [(position: Double, wall: Int)]
        let hard: [(position: Double, wall: Int)]
        /// The items (by index) in order along the line, their positions from the cut, targets and weights.
        let order: [Int]
        let positions: [Double]
        let targets: [Double]
        let weights: [Double]
        /// Each item's house as an index into `ordered`: the last wall at or before it (round the circle, the last wall).
        let houseIndex: [Int]

        init(_ items: [Item], walls: [Wall]) {
            let normalized = items.map { normalizedDegrees($0.target) }
            let origin = items.isEmpty ? 0 : walls.filter(\.isHard).map { normalizedDegrees($0.angle) }.min() ?? widestGapEnd(normalized)
            func relative(_ angle: Double) -> Double { normalizedDegrees(angle - origin) }
            let ordered = walls.indices.map { (position: relative(walls[$0].angle), wall: $0) }
                .sorted { $0.position != $1.position ? $0.position < $1.position : !walls[$0.wall].isHard && walls[$1.wall].isHard }
            let order = (0..<items.count).sorted { (relative(normalized[$0]), $0) < (relative(normalized[$1]), $1) }
            let positions = order.map { relative(normalized[$0]) }
            self.origin = origin
            self.ordered = ordered
            hard = ordered.filter { walls[$0.wall].isHard }
            self.order = order
            self.positions = positions
            targets = positions.map { origin + $0 }
            weights = order.map { items[$0].weight }
            houseIndex = positions.map { position in ordered.lastIndex { $0.position <= position } ?? ordered.count - 1 }
        }
    }

    private static func attempt(_ frame: Frame, walls: [Wall], holds: [Hold], roomy: Set<Int>, spacing: (Int, Int, Double, Double) -> Double,
                                clearance: (Int, Double, Bool) -> Double) -> Attempt {
        let n = frame.order.count
        guard n > 0 else { return .placed([]) }
        let (origin, ordered, hard, order, targets) = (frame.origin, frame.ordered, frame.hard, frame.order, frame.targets)
        let bounds = frame.positions.indices.map { k -> (lower: Bound, upper: Bound) in
            let i = order[k], position = frame.positions[k], startIndex = frame.houseIndex[k]
            var lower: Bound = (-.infinity, nil), upper: Bound = (.infinity, nil)
            if let before = hard.last(where: { $0.position <= position }) {
                lower.value = origin + before.position + clearance(i, walls[before.wall].angle, true)
            }
            if let after = hard.first(where: { $0.position > position }) ?? hard.first.map({ (position: $0.position + 360, wall: $0.wall) }) {
                upper.value = origin + after.position - clearance(i, walls[after.wall].angle, false)
            }
            guard !ordered.isEmpty else { return (lower, upper) }
            let start = ordered[startIndex], house = start.wall, hold = holds[house]
            guard hold != .open else { return (lower, upper) }
            // Before the first wall (cut where no wall is), an item is in the house the last wall begins.
            let wrap = start.position > position ? 360.0 : 0
            let end = startIndex + 1 < ordered.count ? ordered[startIndex + 1] : (position: ordered[0].position + 360, wall: ordered[0].wall)
            if !walls[start.wall].isHard {
                let value = origin + start.position - wrap + (hold == .clear ? clearance(i, walls[start.wall].angle, true) : centreInset)
                if value > lower.value { lower = (value, house) }
            }
            if !walls[end.wall].isHard {
                let value = origin + end.position - wrap - (hold == .clear ? clearance(i, walls[end.wall].angle, false) : centreInset)
                if value < upper.value { upper = (value, house) }
            }
            return (lower, upper)
        }
        switch boundedFit(order: order, targets: targets, weights: frame.weights, bounds: bounds, spacing: spacing) {
        case .blocked(let houses):
            return .blocked(houses, overfull: overfullHouses(order: order, targets: targets, houses: frame.houseIndex, ordered: ordered, walls: walls,
                                                             spacing: spacing, clearance: clearance).subtracting(roomy))
        case .placed(let positions):
            if hard.isEmpty && n > 1 {
                // Cut where no wall is, the line closes on itself round the circle.
                let closing = spacing(order[n - 1], order[0], positions[n - 1], positions[0] + 360)
                guard positions[n - 1] - positions[0] + closing <= 360 else { return .blocked([], overfull: []) }
            }
            var result = [Double](repeating: 0, count: n)
            for (k, i) in order.enumerated() { result[i] = normalizedDegrees(positions[k]) }
            return .placed(result)
        }
    }

    /// The houses (by the wall they begin at) whose own items, spaced as they need at their targets, need more
    /// room than lies between the house's walls: their centres inside a soft wall, their boxes clear of a hard
    /// one (a body just past an axis, with a cusp a degree on, cannot stay between them). `houses[k]` is the
    /// house of the `k`th item in order, as an index into `ordered`.
    private static func overfullHouses(order: [Int], targets: [Double], houses: [Int], ordered: [(position: Double, wall: Int)],
                                       walls: [Wall], spacing: (Int, Int, Double, Double) -> Double,
                                       clearance: (Int, Double, Bool) -> Double) -> Set<Int> {
        var needed = [Double](repeating: 0, count: ordered.count)
        var first: [Int?] = Array(repeating: nil, count: ordered.count), previous = first
        for k in order.indices {
            let house = houses[k]
            if let p = previous[house] { needed[house] += spacing(order[p], order[k], targets[p], targets[k]) } else { first[house] = k }
            previous[house] = k
        }
        for index in ordered.indices {
            guard let head = first[index], let tail = previous[index] else { continue }
            let start = walls[ordered[index].wall], end = walls[ordered[(index + 1) % ordered.count].wall]
            needed[index] += start.isHard ? clearance(order[head], start.angle, true) : centreInset
            needed[index] += end.isHard ? clearance(order[tail], end.angle, false) : centreInset
        }
        var overfull: Set<Int> = []
        for (index, start) in ordered.enumerated() {
            let end = index + 1 < ordered.count ? ordered[index + 1].position : ordered[0].position + 360
            if needed[index] > end - start.position { overfull.insert(start.wall) }
        }
        return overfull
    }

    /// The least-squares placement of the items in order, within their bounds; the spacings may depend on
    /// where the items end up, so they are recomputed until the positions settle.
    private static func boundedFit(order: [Int], targets: [Double], weights: [Double],
                                   bounds: [(lower: Bound, upper: Bound)],
                                   spacing: (Int, Int, Double, Double) -> Double) -> Fit {
        let m = order.count
        var positions = targets
        var offsets = [Double](repeating: 0, count: m), fitted = [Double](repeating: 0, count: m)
        var lower = fitted, upper = fitted
        var lowerHouse = [Int?](repeating: nil, count: m), upperHouse = lowerHouse
        var pools: [Pool] = []
        pools.reserveCapacity(m)
        for _ in 0..<12 {
            for k in 0..<(m - 1) {
                offsets[k + 1] = offsets[k] + spacing(order[k], order[k + 1], positions[k], positions[k + 1])
            }
            // In the shifted values the spacings vanish; any fit is non-decreasing, so an item's bound binds every
            // item after it (lower) or before it (upper): running extremes.
            for k in 0..<m {
                let j = m - 1 - k
                let ownLower = bounds[k].lower.value - offsets[k], ownUpper = bounds[j].upper.value - offsets[j]
                if k == 0 || ownLower > lower[k - 1] { (lower[k], lowerHouse[k]) = (ownLower, bounds[k].lower.house) } else { (lower[k], lowerHouse[k]) = (lower[k - 1], lowerHouse[k - 1]) }
                if k == 0 || ownUpper < upper[j + 1] { (upper[j], upperHouse[j]) = (ownUpper, bounds[j].upper.house) } else { (upper[j], upperHouse[j]) = (upper[j + 1], upperHouse[j + 1]) }
            }
            for k in 0..<m where lower[k] > upper[k] + 1e-9 {
                return .blocked([lowerHouse[k], upperHouse[k]].compactMap { $0 })
            }
            for k in 0..<m { fitted[k] = targets[k] - offsets[k] }
            isotonic(&fitted, weights: weights, pools: &pools)
            var moved = 0.0
            for k in 0..<m {
                let next = min(max(fitted[k], lower[k]), upper[k]) + offsets[k]
                moved = max(moved, abs(next - positions[k]))
                positions[k] = next
            }
            if moved < 0.001 { break }
        }
        return .placed(positions)
    }

    /// The target just after the widest gap between consecutive targets (normalized), where a cut costs least.
    static func widestGapEnd(_ normalized: [Double]) -> Double {
        let sorted = normalized.sorted()
        var end = sorted[0], widest = -1.0
        for k in sorted.indices {
            let a = sorted[k], b = sorted[(k + 1) % sorted.count]
            let gap = k == sorted.count - 1 ? b + 360 - a : b - a
            if gap > widest { widest = gap; end = b }
        }
        return end
    }
}
