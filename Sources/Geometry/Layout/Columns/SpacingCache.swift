/// The least spacing of each pair of neighbouring columns, with the middle angle and scale it was found for.
///
/// A placement asks for the spacing of every neighbour pair on each of its iterations, and again on each
/// attempt with wider spacing; most pairs have not moved since they were last asked, and the answer then is
/// the same. It is kept by the pair's first column, since each column has one successor at a time.
struct SpacingCache {
    private var entries: [(next: Int, middle: Double, scale: Double, spacing: Double)?]

    init(count: Int) { entries = Array(repeating: nil, count: count) }

    /// The spacing from column `i` to column `j` around `middle` at `scale`: the remembered one if it was
    /// found for exactly these, otherwise `compute()`, remembered.
    mutating func spacing(_ i: Int, _ j: Int, middle: Double, scale: Double, compute: () -> Double) -> Double {
        if let entry = entries[i], entry.next == j, entry.middle == middle, entry.scale == scale { return entry.spacing }
        let spacing = compute()
        entries[i] = (j, middle, scale, spacing)
        return spacing
    }
}
