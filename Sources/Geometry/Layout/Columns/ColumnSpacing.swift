import ChartModel

extension WheelLayout {
    /// The least angle between columns `builders[i]` and `builders[j]` (at `scales.first` and `scales.second`)
    /// around `middle` beyond which none of their boxes touch. (The builders are passed as an array and indices, which borrows them in place rather than
    /// copying each with its arrays.)
    ///
    /// Near `middle` each box moves along the tangent as the columns part, so for each pair of boxes the angles
    /// at which they overlap form one interval, found in closed form; the answer is the end of the last one.
    /// The columns are taken at `middle` (their runs step a little differently a few degrees away); the
    /// placement checks the real boxes afterwards and widens the spacing if that ever matters.
    static func leastSpacing(_ builders: [ColumnBuilder], _ i: Int, _ j: Int, middle: Double, scales: (first: Double, second: Double),
                             clearance: Double) -> Double {
        let polar = builders[i].polar, aCount = builders[i].runs.count, bCount = builders[j].runs.count
        let direction = polar.direction(middle)
        let tangent = (x: -direction.sin, y: -direction.cos)
        let center = polar.center
        // Each box with its centre's distance from the wheel's centre, on the stack: this runs hundreds of times.
        return withUnsafeTemporaryAllocation(of: (box: Box, distance: Double).self, capacity: aCount + bCount) { boxes in
            var count = 0
            func add(_ index: Int, _ box: Box) {
                let c = box.center
                boxes[count] = (box, ((c.x - center.x) * (c.x - center.x) + (c.y - center.y) * (c.y - center.y)).squareRoot())
                count += 1
            }
            builders[i].forEachBox(direction: direction, scale: scales.first, add)
            builders[j].forEachBox(direction: direction, scale: scales.second, add)
            var need = 0.0
            for (p, rp) in boxes[..<aCount] {
                for (q, rq) in boxes[aCount..<count] {
                    // The centres' offset at spacing Δ (radians): their offset at `middle` (along the radius, or
                    // across it too for the lines of a block) + Δ·(rp + rq)/2·tangent.
                    let pc = p.center, qc = q.center
                    let x = overlapInterval(offset: qc.x - pc.x, rate: (rp + rq) / 2 * tangent.x,
                                            half: (p.width + q.width) / 2 + clearance)
                    // A pair whose overlap ends by `need` cannot raise it.
                    guard x.high > need else { continue }
                    let y = overlapInterval(offset: qc.y - pc.y, rate: (rp + rq) / 2 * tangent.y,
                                            half: (p.height + q.height) / 2 + clearance)
                    let low = max(x.low, y.low, 0), high = min(x.high, y.high)
                    if low < high { need = max(need, high) }
                }
            }
            return need * 180 / .pi
        }
    }

    /// The Δ for which |offset + rate·Δ| < half.
    private static func overlapInterval(offset: Double, rate: Double, half: Double) -> (low: Double, high: Double) {
        guard abs(rate) > 1e-12 else { return abs(offset) < half ? (-.infinity, .infinity) : (0, 0) }
        let a = (-half - offset) / rate, b = (half - offset) / rate
        return (min(a, b), max(a, b))
    }

    /// The least angle from `axis` (counter-clockwise when `after`, clockwise otherwise) at which the column's
    /// boxes clear the axis line from the centre out to the column's limit by `clearance`.
    static func clearAngle(_ builder: ColumnBuilder, from axis: Double, after: Bool, scale: Double = 1, clearance: Double) -> Double {
        builder.clearAngle(from: axis, after: after, scale: scale, clearance: clearance) { guess in
            searchClearAngle(builder, from: axis, after: after, scale: scale, clearance: clearance, guess: guess)
        }
    }

    /// The clear angles lie on a grid of 45°/4096 (0.011°): the least step at which the column clears, as twelve
    /// halvings of 45° find it. A `guess` (the same column's clear angle at another scale, scaled) starts the search
    /// beside it: steps doubling away from it bracket the answer, and halvings of the bracket find it, in a few
    /// tests where the halvings from 45° take twelve. Where a column clears at every angle past its least one, both
    /// searches find the same step (they did on 1,917 wheels of every size and house system, byte for byte).
    private static func searchClearAngle(_ builder: ColumnBuilder, from axis: Double, after: Bool, scale: Double, clearance: Double,
                                         guess: Double?) -> Double {
        let line = Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: axis))
        let side = after ? 1.0 : -1.0
        let sizes = builder.sizes(scale: scale)
        let steps = 4096, step = 45.0 / Double(steps)
        // Whether the column clears at `k` steps; at 45° it counts as clear, as the halvings take it.
        func clear(_ k: Int) -> Bool {
            guard k < steps else { return true }
            var meets = false
            builder.forEachBox(direction: builder.polar.direction(axis + side * Double(k) * step), sizes: sizes) { _, box in
                meets = box.meets(line, clearance: clearance)
                return !meets
            }
            return !meets
        }
        // Not clear at `low` (none at 0), clear at `high`.
        var low = 0, high = steps
        if let guess, guess.isFinite {
            let start = min(max(Int((guess / step).rounded(.up)), 1), steps - 1)
            var reach = 1
            if clear(start) {
                high = start
                while high - reach > 0 {
                    if clear(high - reach) { high -= reach; reach *= 2 } else { low = high - reach; break }
                }
            } else {
                low = start
                while low + reach < steps {
                    if clear(low + reach) { high = low + reach; break } else { low += reach; reach *= 2 }
                }
            }
        }
        while high - low > 1 {
            let mid = (low + high) / 2
            if clear(mid) { high = mid } else { low = mid }
        }
        return Double(high) * step
    }
}
