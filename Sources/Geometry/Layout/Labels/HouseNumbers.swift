import ChartModel
import Foundation

extension WheelLayout {
    /// House numbers, each inside its house and clear of its `walls` (the cusps, and the axes inside houses)
    /// where the house has room for it (`rooms`, each house's part no axis runs through). A sliver (a house under
    /// 3°, as a polar chart has beside its axes) cannot hold its number: the numbers of a run of slivers are
    /// placed with the others just beside the run, in its wider neighbour, each house's nearest its own lines, so
    /// that they shrink no number for want of room inside the slivers.
    static func placeHouseNumbers(walls: [CircularPlacer.Wall], rooms: [LayoutWalls.NumberRoom], limit: Double, height: Double,
                                  dims: WheelDimensions, polar: Polar) -> ColumnPlacement {
        let widths = rooms.map { normalizedDegrees($0.to - $0.from) }
        // Where each sliver's number aims: just beside its run, in the wider neighbour, the house nearest it first.
        var beside: [Int: Double] = [:]
        for run in sliverRuns(widths) {
            let onward = widths[(run[run.count - 1] + 1) % 12] >= widths[(run[0] + 11) % 12]
            for (step, index) in (onward ? run.reversed() : run).enumerated() {
                let offset = 0.01 * Double(step + 1)
                beside[index] = onward ? rooms[run[run.count - 1]].to + offset : rooms[run[0]].from - offset
            }
        }
        let builders = rooms.indices.map { ColumnBuilder(runs: [(GlyphRun.decimal($0 + 1), height)], outerLimit: limit, gap: 0, polar: polar) }
        return placeColumns(builders, targets: rooms.indices.map { CircularPlacer.Item(target: beside[$0] ?? rooms[$0].middle) },
                            rooms: Rooms(walls: walls), clearance: dims.gap / 2)
    }

    /// A house this narrow (in degrees) holds no number: the rules read none there (rule 3).
    private static let sliver = 3.0

    /// The slivers (by index) in runs of neighbours, each run in the houses' order.
    private static func sliverRuns(_ widths: [Double]) -> [[Int]] {
        guard let wide = widths.indices.first(where: { widths[$0] >= sliver }) else { return [] }
        // Start after a house that is not a sliver, so that a run across house 12 and house 1 stays one.
        var runs: [[Int]] = []
        for offset in 1...widths.count {
            let index = (wide + offset) % widths.count
            guard widths[index] < sliver else { continue }
            if let last = runs.last?.last, (last + 1) % widths.count == index { runs[runs.count - 1].append(index) } else { runs.append([index]) }
        }
        return runs
    }

    /// A house number that a line of its room runs through (its house narrower than the number on the numbers'
    /// ring, as a sliver of a house is at small sizes) moves out along the middle of its room, where the house is wider,
    /// to the first place clear of both cusps and of every column and label; failing that, to the first where the
    /// lines pass the digits' outer margins only (a cell's edge is mostly padding); with neither up to `limit`, it
    /// shrinks, in the middle of its house on its ring, to 0.85 or 0.7 of its size (never under the labels' floor),
    /// the first that the lines pass by its margins only; else it stays as it was.
    static func outOfTheCusps(_ run: GlyphRun, between lines: (Segment, Segment), middle: Double, upTo limit: Double,
                              avoiding taken: [Box], gap: Double, polar: Polar) -> GlyphRun {
        func clear(_ box: Box) -> Bool { !box.meets(lines.0, clearance: gap / 2) && !box.meets(lines.1, clearance: gap / 2) }
        func marginsOnly(_ box: Box) -> Bool {
            let core = Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height)
            return !core.meets(lines.0) && !core.meets(lines.1)
        }
        guard !clear(run.box) else { return run }
        let c = run.box.center
        let ring = hypot(c.x - polar.center.x, c.y - polar.center.y)
        for acceptable in [clear, marginsOnly] {
            var radius = ring
            while radius + run.height / 2 < limit {
                let moved = GlyphRun(run.glyphs, center: polar.point(radius: radius, angle: middle), height: run.height)
                if acceptable(moved.box) && !taken.contains(where: { $0.overlaps(moved.box, clearance: gap / 2) }) { return moved }
                radius += gap
            }
        }
        for scale in [0.85, 0.7] where run.height * scale >= smallestLabel {
            let smaller = GlyphRun(run.glyphs, center: polar.point(radius: ring, angle: middle), height: run.height * scale)
            if marginsOnly(smaller.box) && !taken.contains(where: { $0.overlaps(smaller.box) }) { return smaller }
        }
        return run
    }
}
