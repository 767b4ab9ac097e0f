import ChartModel
import Foundation

extension WheelLayout {
    /// House numbers, each inside its house and clear of its `walls` (the cusps, and the axes inside houses)
    /// where the house has room for it.
    static func placeHouseNumbers(walls: [CircularPlacer.Wall], middles: [Double], limit: Double, height: Double, dims: WheelDimensions,
                                  polar: Polar) -> ColumnPlacement {
        let builders = (1...12).map { house in
            ColumnBuilder(runs: [(GlyphRun.decimal(house), height)],
                          outerLimit: limit, gap: 0, polar: polar)
        }
        return placeColumns(builders, targets: middles.map { CircularPlacer.Item(target: $0) }, rooms: Rooms(walls: walls), clearance: dims.gap / 2)
    }

    /// A house number that a line of its room runs through (its house narrower than the number on the numbers'
    /// ring, as a sliver of a house is at small sizes) moves out along the middle of its room, where the house is wider,
    /// to the first place clear of both cusps and of every column and label; failing that, to the first where the
    /// lines pass the digits' outer margins only (a cell's edge is mostly padding); with neither up to `limit`, it
    /// shrinks, in the middle of its house on its ring, to 0.85 or 0.7 of its size, the first that the lines pass
    /// by its margins only; else it stays as it was.
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
        for scale in [0.85, 0.7] {
            let smaller = GlyphRun(run.glyphs, center: polar.point(radius: ring, angle: middle), height: run.height * scale)
            if marginsOnly(smaller.box) && !taken.contains(where: { $0.overlaps(smaller.box) }) { return smaller }
        }
        return run
    }
}
