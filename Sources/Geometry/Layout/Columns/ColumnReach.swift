import ChartModel

extension WheelLayout {
    /// `deepestColumnReach` for the dimensions last asked about: it depends on nothing else, and a service
    /// tends to draw one size over and over.
    private static let lastReach = LastValue<WheelDimensions, Double>()

    /// Where the house numbers' ring ends outside: inside the deepest column any body can have in one track,
    /// and, where crowds take more tracks, inside the deepest of `columns` as placed. A crowd in tracks stands
    /// in one room, seldom at its deepest angle: the worst case at every angle would take the depth the aspect
    /// circle needs (a bi-wheel's inner ring could not take tracks at all).
    static func houseLimit(dims: WheelDimensions, polar: Polar, tracks: Int, columns: [Column]) -> Double {
        let oneTrack = deepestColumnReach(dims: dims, polar: polar)
        guard tracks > 1 else { return oneTrack - dims.gap }
        return min(oneTrack, placedReach(columns, polar: polar, gap: dims.gap)) - dims.gap
    }

    /// How near the centre the deepest of `columns` reaches, with the clearance `deepestColumnReach` keeps.
    static func placedReach(_ columns: [Column], polar: Polar, gap: Double) -> Double {
        columns.flatMap(\.boxes).map { $0.distanceRange(from: polar.center).lowerBound }.min().map { $0 - gap / 2 } ?? .infinity
    }

    /// How near the centre the deepest column any body can have reaches, at its deepest angle, from the inner
    /// ring's column limit or from `limit`.
    static func deepestColumnReach(dims: WheelDimensions, polar: Polar, limit: Double? = nil, form: ColumnForm? = nil) -> Double {
        let form = form ?? ColumnForm.forms(for: dims)[0]
        guard let limit else {
            return lastReach.value(for: dims) { sampledColumnReach(dims: dims, polar: polar, limit: nil, form: form) }
        }
        return sampledColumnReach(dims: dims, polar: polar, limit: limit, form: form)
    }

    private static func sampledColumnReach(dims: WheelDimensions, polar: Polar, limit: Double?, form: ColumnForm) -> Double {
        let deepest = columnBuilder(first: ([.sun], dims.bodyGlyph), longitude: 29.99, retrograde: true, dims: dims, polar: polar, form: form, limit: limit)
        // A column's shape depends only on |cos| and |sin| of its angle: one quadrant tells all. Between samples
        // 3° apart the reach changes by less than the clearance taken off. A block's lines are not: its first,
        // widest line faces the centre below the horizontal and not above it, and where the block steps in along
        // x rather than y the reach has a sharp peak, so a compact column is sampled all round, 1° apart.
        let sampled = stride(from: 0.0, through: form == .compact ? 359 : 90, by: form == .compact ? 1 : 3).map { angle in
            var nearest = Double.infinity
            deepest.forEachBox(at: angle) { _, box in nearest = min(nearest, box.distanceRange(from: polar.center).lowerBound) }
            return nearest
        }.min()!
        return sampled - dims.gap / 2
    }
}
