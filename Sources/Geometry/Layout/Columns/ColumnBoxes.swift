/// The boxes of all columns at some angles, in one buffer that each placement attempt refills.
struct ColumnBoxes {
    private var boxes: [Box] = []
    /// Where each column's boxes start in `boxes`; the last entry is the end of the last column.
    private let starts: [Int]
    /// The smallest and largest x and y any box of each column reaches, to skip pairs of columns far apart.
    private var extents: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]

    init(_ builders: [ColumnBuilder]) {
        var starts = [0]
        for builder in builders { starts.append(starts[starts.count - 1] + builder.runs.count) }
        self.starts = starts
        boxes = Array(repeating: Box(x: 0, y: 0, width: 0, height: 0), count: starts[starts.count - 1])
        extents = Array(repeating: (0, 0, 0, 0), count: builders.count)
    }

    /// The boxes of `builders[k]` at `angles[k]` and `scale(k)`, as `column(at:scale:)` would place them.
    mutating func fill(_ builders: [ColumnBuilder], angles: [Double], scale: (Int) -> Double) {
        for (k, builder) in builders.enumerated() {
            var extent = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            builder.forEachBox(at: angles[k], scale: scale(k)) { index, box in
                boxes[starts[k] + index] = box
                extent = (min(extent.minX, box.x), min(extent.minY, box.y), max(extent.maxX, box.x + box.width), max(extent.maxY, box.y + box.height))
            }
            extents[k] = extent
        }
    }

    /// The boxes of column `k`, outside in.
    func boxes(of k: Int) -> ArraySlice<Box> { boxes[starts[k]..<starts[k + 1]] }

    /// Whether a box of one column overlaps a box of another, as `Box.overlaps(_:clearance:)` tells.
    func anyOverlap(clearance: Double) -> Bool {
        for i in extents.indices {
            for j in extents.indices where j > i {
                // No box reaches past its column's extent, so columns whose extents do not meet cannot overlap.
                let a = extents[i], b = extents[j]
                guard a.minX < b.maxX + clearance && b.minX < a.maxX + clearance
                    && a.minY < b.maxY + clearance && b.minY < a.maxY + clearance else { continue }
                for p in boxes[starts[i]..<starts[i + 1]] {
                    for q in boxes[starts[j]..<starts[j + 1]] where p.overlaps(q, clearance: clearance) { return true }
                }
            }
        }
        return false
    }
}
