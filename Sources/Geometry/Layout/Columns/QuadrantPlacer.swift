import ChartModel

/// One quadrant's bodies placed between its two axes: the forms and sizes tried in order until one fits. First,
/// at full size, with every roomy room's columns clear of its cusps (rule 7); then, still clear, with the crowd
/// spilling from a narrow or tight room shrinking alone (down to its labels' floor), then with the rooms beside it;
/// then, rule 7 given up, full size in the forms `tries` allows, every form down to the scale where its labels
/// would print under `smallestLabel` (from 400 px up), every form down to half size, every form with roomier
/// rooms opened. A crowded room's glyphs that wander more than `wanderLimit` (grown below 600 px) from their
/// longitudes (a stellium pressed against an angle spreads one way only) first try a shorter form at the same
/// size, then shrink towards `wanderScale`, which pulls them in.
struct QuadrantPlacer {
    /// Every body's column in every form (`builders[k]` in `forms[k]`), and every body's target: the ring's.
    let builders: [[ColumnBuilder]]
    let forms: [ColumnForm]
    let targets: [CircularPlacer.Item]
    let rooms: Rooms
    let clearance: Double
    let size: Double
    /// How near the centre a crowd's columns in tracks may reach: tracks deeper leave the aspect circle too small.
    let trackFloor: Double
    /// The quadrant's bodies, by index into `targets`.
    let members: [Int]
    /// The axis the quadrant begins at, counter-clockwise.
    let start: Double
    /// No glyph larger.
    let largestScale: Double

    /// The quadrant placed in `form` with glyphs from `largest` down to `smallest` at most; `holdingRoomy` keeps the
    /// roomy rooms' columns clear of their cusps, and with `spill` only the spilling crowd shrinks (the rest keep
    /// `largestScale`).
    func place(_ form: Int, _ largest: Double, smallest: Double = WheelLayout.smallestGlyphScale, opening: Bool, holdingRoomy: Bool = false,
               spill: WheelLayout.QuadrantTry.Spill? = nil, mixing: Bool = false) -> ColumnPlacement {
        let kept = keptFull(in: form, mixing: mixing)
        var quadrant = members.indices.map { k in builders[kept.contains(k) ? 0 : form][members[k]] }
        var tracked: [Int] = []
        if forms[form].isTracked {
            // The members in the order the placer keeps, which alternates the rows.
            let ranked = members.indices.filter { !kept.contains($0) }.sorted { (offset(members[$0]), $0) < (offset(members[$1]), $1) }
            for (rank, k) in ranked.enumerated() { quadrant[k].track = rank % forms[form].trackCount }
            tracked = ranked
        }
        let quadrantTargets = members.map { targets[$0] }
        let shrinking = spill.map { WheelLayout.spilling(quadrant, targets: quadrantTargets, rooms: rooms, clearance: clearance, scale: largestScale,
                                                        neighbours: $0 == .withNeighbours) }
        if let shrinking, shrinking.isEmpty { return .nothing }  // the full-size try was this one
        return WheelLayout.placeColumns(quadrant, targets: quadrantTargets, rooms: rooms, clearance: clearance, largestScale: largest,
                                        smallestScale: smallest, tracked: tracked, tracks: forms[form].trackCount, mayOpenRoomyHouses: opening, mayCrossAngles: false,
                                        holdingRoomy: holdingRoomy, shrinkingOnly: shrinking.map { ($0, largestScale) })
    }

    /// The members (by position) drawn in the fullest form when the quadrant is placed in `form`: with `mixing`,
    /// those of roomy rooms, beside a crowd that takes `form`.
    private func keptFull(in form: Int, mixing: Bool) -> Set<Int> {
        guard mixing && form > 0 else { return [] }
        return Set(members.indices.filter { rooms.room(of: targets[members[$0]].target).isRoomy })
    }

    /// Each member's form (by index into the forms) when the quadrant is placed in `form`.
    func memberForms(_ form: Int, mixing: Bool) -> [Int] {
        let kept = keptFull(in: form, mixing: mixing)
        return members.indices.map { kept.contains($0) ? 0 : form }
    }

    /// The quadrant placed as `attempt` says, down to `smallest`; tracks too deep for the aspect circle drawn
    /// smaller step by step, which brings them out, as far as the try allows.
    private func placeClearOfTrackFloor(_ attempt: WheelLayout.QuadrantTry, smallest: Double, mixing: Bool) -> ColumnPlacement {
        func placed(_ largest: Double) -> ColumnPlacement {
            place(attempt.form, largest, smallest: smallest, opening: attempt.opening, holdingRoomy: attempt.holdingRoomy,
                  spill: attempt.shrinkingSpill, mixing: mixing)
        }
        var placement = placed(largestScale), scale = placement.scale * 0.95
        while placement.anglesHeld && placement.isOverlapFree && !clearsTrackFloor(placement, form: attempt.form) && scale >= smallest {
            placement = placed(scale)
            scale *= 0.95
        }
        return placement
    }

    /// Whether `placement` in `form` keeps its tracks, if it has any, out of the aspect circle's room.
    private func clearsTrackFloor(_ placement: ColumnPlacement, form: Int) -> Bool {
        !forms[form].showsDegreesInTracks || WheelLayout.placedReach(placement.columns, polar: builders[0][0].polar, gap: clearance) >= trackFloor
    }

    private func offset(_ body: Int) -> Double { normalizedDegrees(targets[body].target - start) }

    /// What a placement depends on, beyond the quadrant.
    private struct PlacementKey: Hashable {
        let form: Int
        let smallest: Double
        let opening: Bool
        let holdingRoomy: Bool
        let spill: WheelLayout.QuadrantTry.Spill?
        let mixing: Bool
    }

    /// The quadrant placed by the first try of `tries` that fits, brought nearer its ticks if it wanders; `nil`
    /// when none holds the angles.
    func fit() -> WheelLayout.QuadrantFit? {
        let (tries, atLargest, floors) = self.tries()
        // A body of a roomy room keeps its whole column while the crowd of another room draws shorter ones (each
        // try first so); where that leaves the crowd no room, the quadrant is drawn in one form.
        let roomy = members.filter { rooms.room(of: targets[$0].target).isRoomy }.count
        let mixings = roomy > 0 && roomy < members.count ? [true, false] : [false]
        // A try free of rule 7 repeats one counted only where it kept the roomy rooms clear: placed once.
        var placed: [PlacementKey: ColumnPlacement] = [:]
        var found: WheelLayout.QuadrantFit?
        search: for attempt in tries {
            for mixing in mixings {
                let smallest = min(attempt.smallest, largestScale)
                let key = PlacementKey(form: attempt.form, smallest: smallest, opening: attempt.opening, holdingRoomy: attempt.holdingRoomy,
                                       spill: attempt.shrinkingSpill, mixing: mixing)
                let placement = placed[key] ?? placeClearOfTrackFloor(attempt, smallest: smallest, mixing: mixing)
                placed[key] = placement
                let forms = memberForms(attempt.form, mixing: mixing)
                guard placement.anglesHeld && placement.isOverlapFree, clearsTrackFloor(placement, form: attempt.form),
                      !attempt.clearingRoomy || WheelLayout.clearsRoomyCusps(placement.columns, of: members.indices.map { builders[forms[$0]][members[$0]] },
                                                                           targets: members.map { targets[$0] }, rooms: rooms) else { continue }
                found = WheelLayout.QuadrantFit(placement: placement, form: attempt.form, opening: attempt.opening, holdingRoomy: attempt.holdingRoomy,
                                                spill: attempt.shrinkingSpill, mixing: mixing)
                break search
            }
        }
        guard var fit = found else { return nil }
        // Only a crowd too many for its room (6° a body) is pulled in nearer its ticks, or drawn smaller before
        // shorter: a crowd its rooms hold, as one straddling an angle with houses of room either side, keeps
        // its glyphs' full size in whatever form fits.
        let crowded = members.filter { !rooms.isSpacious(targets[$0].target) }
        fit = WheelLayout.pulledIn(fit, shorterForms: atLargest, floors: floors, wanderLimit: WheelLayout.wanderLimit * max(1, 600 / size),
                                   clearsTrackFloor: clearsTrackFloor, wander: { placement in
            zip(members, placement.columns).filter { crowded.contains($0.0) }.map { abs(angleDifference($1.angle, targets[$0].target)) }.max() ?? 0
        }) { [fit] in place($0, $1, smallest: $2, opening: $3, holdingRoomy: fit.holdingRoomy, spill: fit.spill, mixing: fit.mixing) }
        fit.memberForms = memberForms(fit.form, mixing: fit.mixing)
        return fit
    }

    /// The tries in order, the forms tried at full size (`atLargest`), and each form's floor.
    ///
    /// The forms tried at the largest glyphs first: for a crowded quadrant the fullest form and the next where
    /// that drops one run only (the minutes, or below 400 px, where no minutes show, the sign), which keeps
    /// the glyphs readable where a room is tight for its bodies' whole columns (a whole-sign house with four
    /// bodies); a bi-wheel's compact block keeps its whole. Below 400 px a label is barely read and a glyph
    /// is all: every form keeps the glyphs' size first. `QuadrantTry.inOrder` says the order.
    private func tries() -> (tries: [WheelLayout.QuadrantTry], atLargest: [Int], floors: [Double]) {
        let crowded = members.contains { !rooms.isSpacious(targets[$0].target) }
        // Two tracks keep every degree at the glyphs' full size where one track would shrink them.
        let keepingDegrees = builders.indices.filter {
            $0 == 0 || ($0 == 1 && forms[0] == .full && [.withoutMinutes, .withoutSign].contains(forms[1])) || forms[$0].showsDegreesInTracks
        }
        let atLargest = size < 400 || !crowded ? Array(builders.indices) : keepingDegrees
        // From 400 px up a form's labels print no smaller than `smallestLabel`: shorter columns before smaller. Where
        // the labels are at that floor already, the glyphs still shrink to `labelledGlyphScale`, the labels holding.
        // The last forms that write the degrees, in tracks, shrink their glyphs as far as the glyphs alone would:
        // a crowd's degrees are worth more than its glyphs' last steps of size.
        let floors = builders.indices.map { form -> Double in
            guard size >= 400, !forms[form].showsDegreesInTracks,
                  let label = builders[form].first?.runs.dropFirst().map(\.height).min() else { return WheelLayout.smallestGlyphScale }
            return min(WheelLayout.labelledGlyphScale, max(WheelLayout.smallestGlyphScale, WheelLayout.smallestLabel / label))
        }
        // Rule 7 first: below 400 px in every form at full size, a glyph being all; from 400 px up only in the
        // forms that show the degrees (every body keeps its degree), the spilling crowd shrinking before any drops them.
        let showingDegrees = builders.indices.filter { forms[$0].writesDegrees }
        let clearFirst = size < 400 ? atLargest : Set(keepingDegrees + atLargest.filter(showingDegrees.contains)).sorted()
        let spillForms = (size < 400 ? atLargest.filter { !keepingDegrees.contains($0) } : []) + keepingDegrees
        // A bi-wheel's ring (no full form) has less depth to spare for tracks: its quadrant also shrinks whole before a
        // cusp runs through a roomy room's column.
        return (WheelLayout.QuadrantTry.inOrder(clearFirst: clearFirst, spillForms: spillForms, atLargest: atLargest, largestScale: largestScale,
                                                floors: floors, shrinkingWhole: !forms.contains(.full)), atLargest, floors)
    }
}

extension WheelLayout {
    /// A wandering stellium's quadrant fit brought nearer its ticks: first a shorter form of `shorterForms` at
    /// the same size, if one does it, then smaller glyphs step by step down to `wanderScale` (nor below its form's
    /// floor in `floors`), a shorter form in tracks only where `clearsTrackFloor` says they keep out of the
    /// aspect circle's room. `place(form, largest, smallest, opening)` places the quadrant.
    static func pulledIn(_ found: QuadrantFit, shorterForms: [Int], floors: [Double], wanderLimit: Double,
                         clearsTrackFloor: (ColumnPlacement, Int) -> Bool, wander: (ColumnPlacement) -> Double,
                         place: (Int, Double, Double, Bool) -> ColumnPlacement) -> QuadrantFit {
        var fit = found
        if wander(fit.placement) > wanderLimit {
            for form in shorterForms where form > found.form {
                let placement = place(form, found.placement.scale, found.placement.scale, found.opening)
                guard placement.anglesHeld && placement.isOverlapFree && clearsTrackFloor(placement, form) && wander(placement) <= wanderLimit else { continue }
                fit = QuadrantFit(placement: placement, form: form, opening: found.opening, holdingRoomy: found.holdingRoomy, spill: found.spill,
                                  mixing: found.mixing)
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
    struct QuadrantTry {
        let form: Int
        let opening: Bool
        /// The smallest glyph scale tried.
        let smallest: Double
        /// Whether roomy rooms keep their columns clear of their cusps (rule 7), or nothing is placed.
        var holdingRoomy = false
        /// Whether the try counts only where every roomy room's columns came out clear of its cusps.
        var clearingRoomy = false
        /// Whether only the spilling crowd shrinks (`spilling`), alone or with the rooms beside it: the other
        /// rooms keep their glyphs' size.
        var shrinkingSpill: Spill?

        enum Spill { case alone, withNeighbours }

        /// The tries in order. At `largestScale`, in the forms of `clearFirst` from the fullest: holding the roomy
        /// rooms, then free but counted only where the roomy rooms come out clear. Then in the forms of `spillForms`,
        /// holding the roomy rooms, the spilling crowd alone (then with its neighbours) shrinking to its floor; with
        /// `shrinkingWhole`, every form holding them with the whole quadrant shrinking to its floor. Then, rule 7 given up: the forms of `atLargest` at `largestScale`; every form down to its floor (`floors`, by
        /// form); every form down to half size, without and then with roomier rooms opened.
        static func inOrder(clearFirst: [Int], spillForms: [Int], atLargest: [Int], largestScale: Double, floors: [Double],
                            shrinkingWhole: Bool) -> [QuadrantTry] {
            clearFirst.flatMap { form in
                [QuadrantTry(form: form, opening: false, smallest: largestScale, holdingRoomy: true),
                 QuadrantTry(form: form, opening: false, smallest: largestScale, clearingRoomy: true)]
            }
                + [Spill.alone, .withNeighbours].flatMap { spill in
                    spillForms.map { QuadrantTry(form: $0, opening: false, smallest: floors[$0], holdingRoomy: true, shrinkingSpill: spill) }
                }
                + (shrinkingWhole ? floors.indices.map { QuadrantTry(form: $0, opening: false, smallest: floors[$0], holdingRoomy: true) } : [])
                + atLargest.map { QuadrantTry(form: $0, opening: false, smallest: largestScale) }
                + floors.indices.map { QuadrantTry(form: $0, opening: false, smallest: floors[$0]) }
                + [false, true].flatMap { opening in floors.indices.map { QuadrantTry(form: $0, opening: opening, smallest: smallestGlyphScale) } }
        }
    }

    /// How one quadrant's columns were placed: in which form, and whether roomier houses had to open.
    struct QuadrantFit {
        var placement: ColumnPlacement
        var form: Int
        let opening: Bool
        let holdingRoomy: Bool
        var spill: QuadrantTry.Spill?
        /// Whether the bodies of roomy rooms kept the fullest form beside the crowd in `form`.
        var mixing = false
        /// Each member's form, by index into the forms: `form`, or the fullest for a roomy room's body beside a crowd.
        var memberForms: [Int] = []
    }
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
