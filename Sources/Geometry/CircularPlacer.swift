import ChartModel

/// Places items on a circle as near their target angles as they can be, in their cyclic order, no two closer
/// than they need to be.
///
/// The circle is cut at the widest gap between targets, which turns it into a line; there, minimising the
/// weighted squared displacement under minimum spacings `x[k+1] - x[k] >= d[k]` is isotonic regression on
/// `target[k] - (d[0] + … + d[k-1])`, solved exactly by pool-adjacent-violators. The spacings may depend on
/// where items end up (boxes at a slant need more room), so they are recomputed a few times until stable.
enum CircularPlacer {
    struct Item {
        var target: Double
        var weight: Double = 1
    }

    /// Angles in degrees, in the items' order, or `nil` when they cannot all fit around the circle.
    /// `spacing(i, j, ai, aj)` is the least angle item `j`, at `aj`, must be after item `i`, at `ai`.
    static func place(_ items: [Item], spacing: (Int, Int, Double, Double) -> Double) -> [Double]? {
        let n = items.count
        guard n > 1 else { return items.map(\.target) }
        let normalized = items.map { normalizedDegrees($0.target) }
        let sorted = items.indices.sorted { normalized[$0] == normalized[$1] ? $0 < $1 : normalized[$0] < normalized[$1] }
        // Start after the widest gap, so the cut falls where there is most room.
        var start = 0, widest = -1.0
        for k in 0..<n {
            let a = normalized[sorted[k]], b = normalized[sorted[(k + 1) % n]]
            let gap = k == n - 1 ? b + 360 - a : b - a
            if gap > widest { widest = gap; start = (k + 1) % n }
        }
        let order = (0..<n).map { sorted[(start + $0) % n] }
        let first = normalized[order[0]]
        let targets = order.map { first + normalizedDegrees(items[$0].target - first) }
        let weights = order.map { items[$0].weight }

        var positions = targets
        // Buffers for the iterations, allocated once: `offsets[k]` is the least distance from the first item to
        // item k; `fitted` holds the targets less the offsets, then their isotonic fit.
        var offsets = [Double](repeating: 0, count: n), fitted = [Double](repeating: 0, count: n)
        var pools: [Pool] = []
        pools.reserveCapacity(n)
        for _ in 0..<12 {
            for k in 0..<(n - 1) {
                offsets[k + 1] = offsets[k] + spacing(order[k], order[k + 1], positions[k], positions[k + 1])
            }
            for k in 0..<n { fitted[k] = targets[k] - offsets[k] }
            isotonic(&fitted, weights: weights, pools: &pools)
            var moved = 0.0
            for k in 0..<n {
                let next = fitted[k] + offsets[k]
                moved = max(moved, abs(next - positions[k]))
                positions[k] = next
            }
            if moved < 0.001 { break }
        }
        let closing = spacing(order[n - 1], order[0], positions[n - 1], positions[0] + 360)
        guard positions[n - 1] - positions[0] + closing <= 360 else { return nil }
        var result = [Double](repeating: 0, count: n)
        for (k, index) in order.enumerated() { result[index] = normalizedDegrees(positions[k]) }
        return result
    }

    /// A block of adjacent values pooled to their weighted mean.
    struct Pool {
        var mean: Double
        var weight: Double
        var count: Int
    }

    /// Replaces `values` by their weighted least-squares non-decreasing fit (pool adjacent violators).
    /// `pools` is scratch space, passed in so that repeated fits allocate nothing.
    static func isotonic(_ values: inout [Double], weights: [Double], pools: inout [Pool]) {
        pools.removeAll(keepingCapacity: true)
        for (value, weight) in zip(values, weights) {
            pools.append(Pool(mean: value, weight: weight, count: 1))
            while pools.count > 1 && pools[pools.count - 2].mean > pools[pools.count - 1].mean {
                let last = pools.removeLast(), previous = pools[pools.count - 1]
                let w = previous.weight + last.weight
                pools[pools.count - 1] = Pool(mean: (previous.mean * previous.weight + last.mean * last.weight) / w,
                                              weight: w, count: previous.count + last.count)
            }
        }
        var k = 0
        for pool in pools {
            for _ in 0..<pool.count { values[k] = pool.mean; k += 1 }
        }
    }
}
