import ChartModel

/// How a set of columns was placed, and the column of each.
struct ColumnPlacement {
    var columns: [WheelLayout.Column]
    /// Scale of the glyphs: below 1 when the ring was too crowded for full size.
    var scale: Double
    /// False when the hard walls had to give way, the glyphs at their smallest still too many for an arc.
    var anglesHeld: Bool
    /// False when even the smallest glyphs left some columns overlapping: the result is the last attempt, shown as it is.
    var isOverlapFree: Bool

    /// No placement: a try that does not apply.
    static let nothing = ColumnPlacement(columns: [], scale: 1, anglesHeld: false, isOverlapFree: false)
}

extension WheelLayout {
    /// The smallest scale the glyphs shrink to before the walls of the angles give way.
    static let smallestGlyphScale = 0.5

    /// One step of `placeColumns`: the walls it places within, how weakly a house may hold, whether only
    /// overfull houses open, the scales it tries, and whether the angles still hold.
    private struct Pass {
        let walls: [CircularPlacer.Wall]
        let weakest: CircularPlacer.Hold
        let onlyOverfullOpen: Bool
        let scales: [Double]
        let anglesHeld: Bool
        /// Whether the rooms that hold their bodies (rule 8) hold them in this step.
        var roomsHold = true
    }

    /// From the most faithful to the least: full-size glyphs, each in its room, those of a room too narrow for
    /// them crossing its cusps (a body in a strip between an axis and a cusp crosses the thin cusp rather than
    /// shrink the crowd beside it), then smaller glyphs; at the smallest size, a crowd pushing the bodies of
    /// roomier rooms out too; then even a room that holds its bodies (rule 8) letting them out, the angles
    /// mattering more than a cusp; at last, angles crossed.
    private static func passes(_ walls: [CircularPlacer.Wall]) -> [Pass] {
        var shrinking: [Double] = []
        var scale = 1.0
        while scale > smallestGlyphScale { shrinking.append(scale); scale *= 0.9 }
        shrinking.append(smallestGlyphScale)
        let softened = walls.map { CircularPlacer.Wall(angle: $0.angle, isHard: false) }
        return [
            Pass(walls: walls, weakest: .open, onlyOverfullOpen: true, scales: shrinking, anglesHeld: true),
            Pass(walls: walls, weakest: .open, onlyOverfullOpen: false, scales: [smallestGlyphScale], anglesHeld: true),
            Pass(walls: walls, weakest: .open, onlyOverfullOpen: false, scales: [smallestGlyphScale], anglesHeld: true, roomsHold: false),
            Pass(walls: softened, weakest: .open, onlyOverfullOpen: false, scales: [smallestGlyphScale], anglesHeld: false, roomsHold: false),
        ]
    }

    /// Places the columns around the ring without overlaps, each on the side of every wall its target is on:
    /// spacing grows when the boxes still touch, the glyphs shrink (to `smallestGlyphScale`) when an arc between
    /// walls is too crowded, and only then do the hard walls give way too. Each step is tried a fixed number of
    /// times; what it came to is in the result, never a silent fallback. No glyph is larger than `largestScale`
    /// nor, unless nothing fits, smaller than `smallestScale`.
    /// `mayOpenRoomyHouses` and `mayCrossAngles` allow the last two steps. The builders of `tracked` (by index, in the
    /// placer's order) take `tracks` tracks in turn. With `holdingRoomy` a roomy room's columns stay
    /// clear of its cusps (rule 7) or nothing is placed. With `shrinkingOnly` only its columns (by index) take the
    /// scales tried; the rest keep its `keeping` scale, and `scale` in the result is the shrinking ones'.
    static func placeColumns(_ builders: [ColumnBuilder], targets: [CircularPlacer.Item], rooms: Rooms,
                             clearance: Double, largestScale: Double = 1, smallestScale: Double = smallestGlyphScale, tracked: [Int] = [], tracks: Int = 2,
                             mayOpenRoomyHouses: Bool = true, mayCrossAngles: Bool = true, holdingRoomy: Bool = false,
                             shrinkingOnly: (columns: Set<Int>, keeping: Double)? = nil) -> ColumnPlacement {
        // Each column's scale when the shrinking ones are at `scale`.
        func scaleOf(_ i: Int, _ scale: Double) -> Double { shrinkingOnly.map { $0.columns.contains(i) ? scale : $0.keeping } ?? scale }
        var spacings = SpacingCache(count: builders.count)
        let rank = Dictionary(uniqueKeysWithValues: tracked.enumerated().map { ($1, $0) })
        var boxes = ColumnBoxes(builders)
        var last: (angles: [Double], scale: Double)?
        for pass in passes(rooms.walls) where (pass.onlyOverfullOpen || mayOpenRoomyHouses) && (pass.anglesHeld || mayCrossAngles) {
            let frame = CircularPlacer.Frame(targets, walls: pass.walls)
            for scale in pass.scales where (scale <= largestScale || scale == smallestGlyphScale) && scale >= smallestScale {
                for inflate in [1.0, 1.15, 1.3225, 1.52] {
                    let placement = CircularPlacer.place(targets, walls: pass.walls, frame: frame, weakest: pass.weakest,
                                                         onlyOverfullOpen: pass.onlyOverfullOpen,
                                                         roomy: rooms.roomy, holdingRoomy: holdingRoomy, holding: pass.roomsHold ? rooms.holding : [], spacing: { i, j, ai, aj in
                        let middle = (ai + aj) / 2
                        return inflate * spacings.spacing(i, j, middle: middle, scale: scale) {
                            let (si, sj) = (scaleOf(i, scale), scaleOf(j, scale))
                            let across = leastSpacing(builders, i, j, middle: middle, scales: (si, sj), clearance: clearance)
                            guard let ri = rank[i], let rj = rank[j] else { return across }
                            // A column and the next in its track, `tracks` steps on, need the spacing of two in one track: each
                            // step between them a share of it. A step no such pair spans (a crowd fewer than the tracks) needs none.
                            let step = min(ri, rj)
                            let firsts = max(0, step + 1 - tracks)...step
                            return firsts.filter { $0 + tracks < tracked.count }.reduce(across) { need, first in
                                let a = tracked[first], b = tracked[first + tracks], (sa, sb) = (scaleOf(a, scale), scaleOf(b, scale))
                                return max(need, max(leastSpacing(builders, a, a, middle: middle, scales: (sa, sa), clearance: clearance),
                                                     leastSpacing(builders, b, b, middle: middle, scales: (sb, sb), clearance: clearance)) / Double(tracks))
                            }
                        }
                    }, clearance: { i, wall, after in
                        clearAngle(builders[i], from: wall, after: after, scale: scaleOf(i, scale), clearance: clearance / 2)  // remembered by the builder
                    })
                    // Too crowded between hard walls at this scale: smaller glyphs next.
                    guard let placement else { break }
                    boxes.fill(builders, angles: placement.angles) { scaleOf($0, scale) }
                    last = (placement.angles, scale)
                    if !boxes.anyOverlap(clearance: clearance / 2) {
                        return ColumnPlacement(columns: builders.indices.map { builders[$0].column(at: placement.angles[$0], in: boxes.boxes(of: $0)) },
                                               scale: scale, anglesHeld: pass.anglesHeld, isOverlapFree: true)
                    }
                }
            }
        }
        // Nothing placed them apart: show the last attempt (or the true places) and say so.
        let angles = last?.angles ?? targets.map(\.target), finalScale = last?.scale ?? smallestGlyphScale
        return ColumnPlacement(columns: builders.indices.map { builders[$0].column(at: angles[$0], scale: scaleOf($0, finalScale)) },
                               scale: finalScale, anglesHeld: false, isOverlapFree: false)
    }
}
