import ChartModel

/// One ring's bodies ready to be placed: each body's column in every form the size allows, the angle it aims
/// at, and the rooms it is placed in. A class, not a struct: as a struct, Swift 6.3's optimised build released
/// its arrays while the placement still read them (`wheel` crashed in release, never in debug).
final class RingColumns {
    /// The forms tried, from the fullest; `builders[k]` holds every body's column in `forms[k]`.
    let forms: [ColumnForm]
    let builders: [[ColumnBuilder]]
    let targets: [CircularPlacer.Item]
    let rooms: Rooms
    /// The least distance between boxes of two columns.
    let clearance: Double
    /// How many of the columns are bodies'; the rest are angle labels placed among them.
    let bodyCount: Int
    /// The wheel's size in pixels, which sets the rooms' allowance and the forms tried.
    let size: Double

    /// The columns of `bodies` reaching out to `limit` (else the inner ring's column limit).
    convenience init(_ bodies: [Body], forms: [ColumnForm], limit: Double?, walls: LayoutWalls, dims: WheelDimensions, polar: Polar, screen: ScreenAngles) {
        let builders = forms.map { form in
            bodies.map { WheelLayout.columnBuilder(first: ([.forBody($0.id)], dims.bodyGlyph), longitude: $0.longitude, retrograde: $0.retrograde,
                                                   dims: dims, polar: polar, form: form, limit: limit) }
        }
        let targets = bodies.map { CircularPlacer.Item(target: screen.angle($0.longitude)) }
        self.init(forms: forms, builders: builders, targets: targets, walls: walls.walls, bodyCount: bodies.count, clearance: dims.gap, size: dims.size)
    }

    private init(forms: [ColumnForm], builders: [[ColumnBuilder]], targets: [CircularPlacer.Item], walls: [CircularPlacer.Wall], bodyCount: Int,
                 clearance: Double, size: Double) {
        self.forms = forms
        self.builders = builders
        self.targets = targets
        // The rooms are the rules' rooms: a label placed among the bodies is not counted as one of them.
        rooms = Rooms(walls: walls, targets: Array(targets.prefix(bodyCount)), size: size)
        self.bodyCount = bodyCount
        self.clearance = clearance
        self.size = size
    }

    /// An angle's label to place as one of the ring's columns: its column in each of the ring's forms, and the
    /// angle it aims at, just beside its axis.
    struct Extra {
        let builders: [ColumnBuilder]
        let target: Double
    }

    /// How much more a label placed among the bodies holds to its place than a body: it belongs at its axis,
    /// and the bodies beside it move instead.
    static let labelWeight = 4.0

    /// The ring with `extras` placed among its bodies, each taking its place as a body does.
    func adding(_ extras: [Extra]) -> RingColumns {
        RingColumns(forms: forms, builders: forms.indices.map { k in builders[k] + extras.map { $0.builders[k] } },
                    targets: targets + extras.map { CircularPlacer.Item(target: $0.target, weight: Self.labelWeight) },
                    walls: rooms.walls, bodyCount: bodyCount, clearance: clearance, size: size)
    }

    /// The bodies placed as `WheelLayout.placeBodies` places them, no glyph larger than `largestScale` (nor, in
    /// the quadrants beside the axes of `shrinking`, its scale); the columns of the labels placed among them apart.
    func placed(largestScale: Double, shrinking: WheelLayout.QuadrantShrink? = nil) -> (bodies: BodyColumns, labels: [WheelLayout.Column]) {
        let all = WheelLayout.placeBodies(builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale,
                                          size: size, shrinking: shrinking)
        var placement = all.placement
        placement.columns = Array(all.placement.columns.prefix(bodyCount))
        return (BodyColumns(placement: placement, forms: Array(all.forms.prefix(bodyCount))), Array(all.placement.columns.dropFirst(bodyCount)))
    }
}

extension WheelLayout {
    /// Places the bodies quadrant by quadrant on a wheel of `size`: the angles hold (no column crosses from one
    /// quadrant into the next), so each quadrant is placed on its own, and a crowded one costs its own glyphs, not
    /// the whole wheel's. Each quadrant first tries its columns with every roomy room's clear of its cusps (rule 7:
    /// a crowd spilling from a narrow room shrinks, down to its labels' floor, rather than push a roomy room's body
    /// onto a cusp line) in the forms that keep the degrees; then, in order, until one fits: full-size glyphs (in every
    /// form where its rooms give 6° a body or the wheel is under 400 px, else the fullest form and the one without
    /// minutes); every form down to the scale where its labels would print under `smallestLabel` (from 400 px
    /// up); every form down to half size; every form with roomier rooms opened (`builders[k]` holds every body's
    /// column in `forms[k]`). A crowded room's glyphs that wander more than `wanderLimit` (grown below 600 px)
    /// from their longitudes (a stellium pressed against an angle spreads one way only) first try a shorter form
    /// at the same size, then shrink towards `wanderScale`, which pulls them in. Only when a quadrant cannot hold
    /// its bodies at all is the whole wheel placed at once, as `placeColumns` does, and the angles give way.
    /// `scale` in the result is the smallest scale used; `forms` the form of each body's column.
    static func placeBodies(_ builders: [[ColumnBuilder]], forms: [ColumnForm], targets: [CircularPlacer.Item], rooms: Rooms,
                            clearance: Double, largestScale: Double, size: Double, shrinking: QuadrantShrink? = nil) -> BodyColumns {
        let wanderLimit = Self.wanderLimit * max(1, 600 / size)
        let hard = Set(rooms.walls.filter(\.isHard).map { normalizedDegrees($0.angle) }).sorted()
        guard !hard.isEmpty else { return wholeWheel(builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale) }
        // Each body in the quadrant its target is in: the one the last hard wall at or before it begins.
        let quadrants = Dictionary(grouping: targets.indices) { i in
            hard.lastIndex { $0 <= normalizedDegrees(targets[i].target) } ?? hard.count - 1
        }
        var columns = [Column?](repeating: nil, count: targets.count)
        var columnForms = Array(repeating: forms[0], count: targets.count)
        var smallest = 1.0
        for (quadrant, members) in quadrants {
            let start = hard[quadrant], end = hard[(quadrant + 1) % hard.count]
            let largestScale = shrinking?.largest(largestScale, from: start, to: end) ?? largestScale
            // The members in the order the placer keeps, which alternates the rows of `twoRows`.
            let ranked = members.indices.sorted { (normalizedDegrees(targets[members[$0]].target - start), $0) < (normalizedDegrees(targets[members[$1]].target - start), $1) }
            func place(_ form: Int, _ largest: Double, smallest: Double = smallestGlyphScale, openingRoomyHouses: Bool, holdingRoomy: Bool = false,
                       shrinkingSpill: QuadrantTry.Spill? = nil) -> ColumnPlacement {
                var quadrant = members.map { builders[form][$0] }
                let twoRows = forms[form] == .twoRows
                if twoRows { for (rank, k) in ranked.enumerated() where rank % 2 == 1 { quadrant[k].innerRow = true } }
                let quadrantTargets = members.map { targets[$0] }
                let spill = shrinkingSpill.map { spilling(quadrant, targets: quadrantTargets, rooms: rooms, clearance: clearance, scale: largestScale,
                                                         neighbours: $0 == .withNeighbours) }
                if let spill, spill.isEmpty { return .nothing }  // the full-size try was this one
                return placeColumns(quadrant, targets: quadrantTargets, rooms: rooms, clearance: clearance, largestScale: largest,
                                    smallestScale: smallest, twoRows: twoRows, mayOpenRoomyHouses: openingRoomyHouses, mayCrossAngles: false,
                                    holdingRoomy: holdingRoomy, shrinkingOnly: spill.map { ($0, largestScale) })
            }
            // Only a crowd too many for its room (6° a body) is pulled in nearer its ticks, or drawn smaller before
            // shorter: a crowd its rooms hold, as one straddling an angle with houses of room either side, keeps
            // its glyphs' full size in whatever form fits.
            let crowded = members.filter { !rooms.isSpacious(targets[$0].target) }
            func wander(_ placement: ColumnPlacement) -> Double {
                zip(members, placement.columns).filter { crowded.contains($0.0) }.map { abs(angleDifference($1.angle, targets[$0].target)) }.max() ?? 0
            }
            // The forms tried at the largest glyphs first: for a crowded quadrant the fullest form and the next where
            // that drops one run only (the minutes, or below 400 px, where no minutes show, the sign), which keeps
            // the glyphs readable where a room is tight for its bodies' whole columns (a whole-sign house with four
            // bodies); a bi-wheel's compact block keeps its whole. Below 400 px a label is barely read and a glyph
            // is all: every form keeps the glyphs' size first. Then every form within the rooms at any size, then
            // every form with roomier rooms opened.
            let keepingDegrees = builders.indices.filter { $0 == 0 || ($0 == 1 && forms[0] == .full && [.withoutMinutes, .withoutSign].contains(forms[1])) }
            let atLargest = size < 400 || crowded.isEmpty ? Array(builders.indices) : keepingDegrees
            // From 400 px up a form's labels print no smaller than `smallestLabel`: shorter columns before smaller.
            let floors = builders.indices.map { form -> Double in
                guard size >= 400, let label = builders[form].first?.runs.dropFirst().map(\.height).min() else { return smallestGlyphScale }
                return min(1, max(smallestGlyphScale, smallestLabel / label))
            }
            // Rule 7 first: below 400 px in every form at full size, a glyph being all; from 400 px up only in the
            // forms that show the degrees (every body keeps its degree), the spilling crowd shrinking before any drops them.
            let showingDegrees = builders.indices.filter { ![.glyphOnly, .twoRows].contains(forms[$0]) }
            let clearFirst = size < 400 ? atLargest : Set(keepingDegrees + atLargest.filter(showingDegrees.contains)).sorted()
            let spillForms = (size < 400 ? atLargest.filter { !keepingDegrees.contains($0) } : []) + keepingDegrees
            let tries = QuadrantTry.inOrder(clearFirst: clearFirst, spillForms: spillForms, atLargest: atLargest, largestScale: largestScale, floors: floors)
            guard var fit = tries.indices.lazy.map({ index in
                let attempt = tries[index]
                return QuadrantFit(placement: place(attempt.form, largestScale, smallest: min(attempt.smallest, largestScale), openingRoomyHouses: attempt.opening,
                                             holdingRoomy: attempt.holdingRoomy, shrinkingSpill: attempt.shrinkingSpill),
                            form: attempt.form, opening: attempt.opening, holdingRoomy: attempt.holdingRoomy, spill: attempt.shrinkingSpill, index: index)
            }).first(where: { fit in
                fit.placement.anglesHeld && fit.placement.isOverlapFree
                    && (!tries[fit.index].clearingRoomy || clearsRoomyCusps(fit.placement.columns, of: members.map { builders[fit.form][$0] },
                                                                              targets: members.map { targets[$0] }, rooms: rooms))
            }) else {
                return wholeWheel(builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale)
            }
            fit = pulledIn(fit, shorterForms: atLargest, floors: floors, wanderLimit: wanderLimit, wander: wander) {
                place($0, $1, smallest: $2, openingRoomyHouses: $3, holdingRoomy: fit.holdingRoomy, shrinkingSpill: fit.spill)
            }
            smallest = min(smallest, fit.placement.scale)
            for (i, column) in zip(members, fit.placement.columns) { columns[i] = column; columnForms[i] = forms[fit.form] }
        }
        return BodyColumns(placement: ColumnPlacement(columns: columns.map { $0! }, scale: smallest, anglesHeld: true, isOverlapFree: true),
                           forms: columnForms)
    }

    /// The whole wheel placed at once in the fullest form, the angles giving way if they must: a wheel without
    /// angles, or a quadrant that cannot hold its bodies at all.
    private static func wholeWheel(_ builders: [[ColumnBuilder]], forms: [ColumnForm], targets: [CircularPlacer.Item], rooms: Rooms,
                                   clearance: Double, largestScale: Double) -> BodyColumns {
        BodyColumns(placement: placeColumns(builders[0], targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale),
                    forms: Array(repeating: forms[0], count: targets.count))
    }

    /// A wandering stellium's quadrant fit brought nearer its ticks: first a shorter form of `shorterForms` at
    /// the same size, if one does it, then smaller glyphs step by step down to `wanderScale` (nor below its form's
    /// floor in `floors`). `place(form, largest, smallest, opening)` places the quadrant.
    private static func pulledIn(_ found: QuadrantFit, shorterForms: [Int], floors: [Double], wanderLimit: Double,
                                 wander: (ColumnPlacement) -> Double,
                                 place: (Int, Double, Double, Bool) -> ColumnPlacement) -> QuadrantFit {
        var fit = found
        if wander(fit.placement) > wanderLimit {
            for form in shorterForms where form > found.form {
                let placement = place(form, found.placement.scale, found.placement.scale, found.opening)
                guard placement.anglesHeld && placement.isOverlapFree && wander(placement) <= wanderLimit else { continue }
                fit = QuadrantFit(placement: placement, form: form, opening: found.opening, holdingRoomy: found.holdingRoomy, spill: found.spill)
                break
            }
        }
        let floor = max(wanderScale, floors[fit.form])
        while wander(fit.placement) > wanderLimit && fit.placement.scale * 0.95 >= floor {
            let smaller = place(fit.form, fit.placement.scale * 0.95, floor, fit.opening)
            guard smaller.anglesHeld && smaller.isOverlapFree && smaller.scale >= floor else { break }
            fit.placement = smaller
        }
        return fit
    }

    /// A form to try a quadrant in (by index into the forms), whether roomier houses may open, and how small its
    /// glyphs may get.
    fileprivate struct QuadrantTry {
        let form: Int
        let opening: Bool
        /// The smallest glyph scale tried.
        let smallest: Double
        /// Whether roomy rooms keep their columns clear of their cusps: tried first, in the forms that keep
        /// the degrees, with glyphs down to their floor; a crowd a roomy room cannot clear then takes its cusp.
        var holdingRoomy = false
        /// Whether the try counts only where every roomy room's columns came out clear of its cusps.
        var clearingRoomy = false
        /// Whether only the spilling crowd shrinks (`spilling`), alone or with the rooms beside it: the other
        /// rooms keep their glyphs' size.
        var shrinkingSpill: Spill?

        enum Spill { case alone, withNeighbours }

        /// The tries in order. At `largestScale`, in the forms of `clearFirst` from the fullest: holding the roomy
        /// rooms, then free but counted only where the roomy rooms come out clear. Then in the forms of `spillForms`,
        /// holding the roomy rooms, the spilling crowd alone (then with its neighbours) shrinking to its floor. Then,
        /// rule 7 given up: the forms of `atLargest` at `largestScale`; every form down to its floor (`floors`, by
        /// form); every form down to half size, without and then with roomier rooms opened.
        static func inOrder(clearFirst: [Int], spillForms: [Int], atLargest: [Int], largestScale: Double, floors: [Double]) -> [QuadrantTry] {
            clearFirst.flatMap { form in
                [QuadrantTry(form: form, opening: false, smallest: largestScale, holdingRoomy: true),
                 QuadrantTry(form: form, opening: false, smallest: largestScale, clearingRoomy: true)]
            }
                + [Spill.alone, .withNeighbours].flatMap { spill in
                    spillForms.map { QuadrantTry(form: $0, opening: false, smallest: floors[$0], holdingRoomy: true, shrinkingSpill: spill) }
                }
                + atLargest.map { QuadrantTry(form: $0, opening: false, smallest: largestScale) }
                + floors.indices.map { QuadrantTry(form: $0, opening: false, smallest: floors[$0]) }
                + [false, true].flatMap { opening in floors.indices.map { QuadrantTry(form: $0, opening: opening, smallest: smallestGlyphScale) } }
        }
    }

    /// How one quadrant's columns were placed: in which form, and whether roomier houses had to open.
    private struct QuadrantFit {
        var placement: ColumnPlacement
        var form: Int
        let opening: Bool
        let holdingRoomy: Bool
        var spill: QuadrantTry.Spill?
        /// Which try it came from.
        var index = 0
    }
}

/// A ring's columns as placed, and the form each body's column took.
struct BodyColumns {
    let placement: ColumnPlacement
    let forms: [ColumnForm]
}

extension WheelLayout {
    /// The quadrants whose glyphs draw no larger than `scale`: those either side of each of `axes` (screen
    /// angles), where an angle's label needs room.
    struct QuadrantShrink {
        let axes: [Double]
        let scale: Double

        /// The largest scale of the quadrant from the axis at `start` to the one at `end`: no larger than `scale`
        /// beside an axis whose label needs room, else `largest`.
        func largest(_ largest: Double, from start: Double, to end: Double) -> Double {
            let besideAxis = axes.contains { abs(angleDifference($0, start)) < 0.01 || abs(angleDifference($0, end)) < 0.01 }
            return besideAxis ? min(largest, scale) : largest
        }
    }

    /// How far (in degrees) a glyph may wander from its longitude before its quadrant's glyphs shrink to bring it
    /// nearer: about four full-size columns at 600 px. Below 600 px a column takes more of the circle (glyphs
    /// keep a least size in pixels), and the limit grows as the rooms' allowance does, as 600 / size.
    static let wanderLimit = 20.0
    /// The least scale glyphs shrink to for wandering alone (not crowding): at 600 px still above the 16 px floor.
    static let wanderScale = 0.72
    /// The least height of a column's labels (degrees, sign, minutes) from 400 px up, in pixels: below it a
    /// crowd's columns draw shorter rather than smaller.
    static let smallestLabel = 8.5
}

extension WheelLayout {
    /// The columns (by index) of a crowd that cannot keep its glyphs' size with every roomy room holding its own
    /// clear of its cusps (rule 7): the bodies of the rooms too narrow to hold them, which spill out, and of the
    /// roomy rooms whose columns at `scale`, side by side from wall to wall, need more than the room's width; with
    /// `neighbours`, also the bodies of the rooms beside those, which the spill pushes against their far walls.
    static func spilling(_ builders: [ColumnBuilder], targets: [CircularPlacer.Item], rooms: Rooms, clearance: Double, scale: Double,
                         neighbours: Bool) -> Set<Int> {
        let byRoom = Dictionary(grouping: targets.indices) { rooms.room(of: targets[$0].target).from }
        var spillingRooms: [(from: Double, to: Double)] = []
        for members in byRoom.values {
            let room = rooms.room(of: targets[members[0]].target)
            if !room.isRoomy || need(of: members, from: room.from, to: room.to, builders, targets: targets, clearance: clearance, scale: scale) > room.to - room.from {
                spillingRooms.append((room.from, room.to))
            }
        }
        func meets(_ a: Double, _ b: Double) -> Bool { abs(angleDifference(a, b)) < 0.01 }
        return Set(byRoom.values.filter { members in
            let room = rooms.room(of: targets[members[0]].target)
            return spillingRooms.contains { meets($0.from, room.from) || (neighbours && (meets($0.from, room.to) || meets($0.to, room.from))) }
        }.joined())
    }

    /// The least arc `members`' columns at `scale` take side by side from the wall at `from` to the wall at `to`.
    private static func need(of members: [Int], from: Double, to: Double, _ builders: [ColumnBuilder], targets: [CircularPlacer.Item],
                             clearance: Double, scale: Double) -> Double {
        let order = members.sorted { normalizedDegrees(targets[$0].target - from) < normalizedDegrees(targets[$1].target - from) }
        var need = clearAngle(builders[order[0]], from: from, after: true, scale: scale, clearance: clearance / 2)
            + clearAngle(builders[order[order.count - 1]], from: to, after: false, scale: scale, clearance: clearance / 2)
        for (a, b) in zip(order, order.dropFirst()) {
            let middle = from + (normalizedDegrees(targets[a].target - from) + normalizedDegrees(targets[b].target - from)) / 2
            need += leastSpacing(builders, a, b, middle: middle, scales: (scale, scale), clearance: clearance)
        }
        return need
    }
}

extension WheelLayout {
    /// Whether no cusp line (a soft wall) runs through the middle of a column (its boxes' middle 70%) of a body
    /// in a roomy room (rule 7). `builders[k]` built `columns[k]`, aiming at `targets[k]`.
    static func clearsRoomyCusps(_ columns: [Column], of builders: [ColumnBuilder], targets: [CircularPlacer.Item], rooms: Rooms) -> Bool {
        let cusps = rooms.walls.filter { !$0.isHard }.map(\.angle)
        return !zip(zip(columns, builders), targets).contains { pair, target in
            let (column, builder) = pair
            guard rooms.room(of: target.target).isRoomy else { return false }
            return cusps.contains { cusp in
                let line = Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: cusp))
                return column.boxes.contains { box in
                    Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height).meets(line)
                }
            }
        }
    }
}
