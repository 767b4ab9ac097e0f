import ChartModel

/// Places items on a circle as near their target angles as they can be, in their cyclic order, no two closer
/// than they need to be.
///
/// Without walls the circle is cut at the widest gap between targets, which turns it into a line; there, minimising the
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
        place(items, walls: [], spacing: spacing, clearance: { _, _, _ in 0 })?.angles
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
