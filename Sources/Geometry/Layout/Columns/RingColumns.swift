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
    /// How near the centre a crowd's columns in tracks may reach (`WheelLayout.Rings.deepestTrackReach`).
    let trackFloor: Double
    /// The quadrants placed so far, shared with the rings made from this one by `adding`.
    private let fits: QuadrantFits

    /// The columns of `bodies` reaching out to `limit` (else the inner ring's column limit).
    convenience init(_ bodies: [Body], forms: [ColumnForm], limit: Double?, walls: LayoutWalls, dims: WheelDimensions, polar: Polar, screen: ScreenAngles,
                     trackFloor: Double) {
        let builders = forms.map { form in
            bodies.map { WheelLayout.columnBuilder(first: ([.forBody($0.id)], dims.bodyGlyph), longitude: $0.longitude, retrograde: $0.retrograde,
                                                   dims: dims, polar: polar, form: form, limit: limit) }
        }
        let targets = bodies.map { CircularPlacer.Item(target: screen.angle($0.longitude)) }
        self.init(forms: forms, builders: builders, targets: targets, walls: walls.walls, bodyCount: bodies.count, clearance: dims.gap, size: dims.size,
                  trackFloor: trackFloor, fits: QuadrantFits())
    }

    private init(forms: [ColumnForm], builders: [[ColumnBuilder]], targets: [CircularPlacer.Item], walls: [CircularPlacer.Wall], bodyCount: Int,
                 clearance: Double, size: Double, trackFloor: Double, fits: QuadrantFits) {
        self.forms = forms
        self.builders = builders
        self.targets = targets
        // The rooms are the rules' rooms: a label placed among the bodies is not counted as one of them.
        rooms = Rooms(walls: walls, targets: Array(targets.prefix(bodyCount)), size: size)
        self.bodyCount = bodyCount
        self.clearance = clearance
        self.size = size
        self.trackFloor = trackFloor
        self.fits = fits
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
                    walls: rooms.walls, bodyCount: bodyCount, clearance: clearance, size: size, trackFloor: trackFloor, fits: fits)
    }

    /// The bodies placed as `WheelLayout.placeBodies` places them, no glyph larger than `largestScale` (nor, in
    /// the quadrants beside the axes of `shrinking`, its scale); the columns of the labels placed among them apart.
    func placed(largestScale: Double, shrinking: WheelLayout.QuadrantShrink? = nil) -> (bodies: BodyColumns, labels: [WheelLayout.Column]) {
        let all = WheelLayout.placeBodies(builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale,
                                          size: size, trackFloor: trackFloor, shrinking: shrinking, fits: fits)
        var placement = all.placement
        placement.columns = Array(all.placement.columns.prefix(bodyCount))
        return (BodyColumns(placement: placement, forms: Array(all.forms.prefix(bodyCount))), Array(all.placement.columns.dropFirst(bodyCount)))
    }
}

extension WheelLayout {
    /// Places the bodies quadrant by quadrant on a wheel of `size`: the angles hold (no column crosses from one
    /// quadrant into the next), so each quadrant is placed on its own (`QuadrantPlacer`, which says the forms and
    /// sizes tried), and a crowded one costs its own glyphs, not the whole wheel's. Only when a quadrant cannot
    /// hold its bodies at all is the whole wheel placed at once, as `placeColumns` does, and the angles give way.
    /// `scale` in the result is the smallest scale used; `forms` the form of each body's column. `fits` holds the
    /// quadrants placed before with the same rooms, clearance, size and `trackFloor`.
    static func placeBodies(_ builders: [[ColumnBuilder]], forms: [ColumnForm], targets: [CircularPlacer.Item], rooms: Rooms,
                            clearance: Double, largestScale: Double, size: Double, trackFloor: Double, shrinking: QuadrantShrink? = nil,
                            fits: QuadrantFits) -> BodyColumns {
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
            let largest = shrinking?.largest(largestScale, from: start, to: end) ?? largestScale
            let key = QuadrantFits.Key(start: start, largestScale: largest, builders: members.flatMap { i in builders.map { $0[i].identity } },
                                       targets: members.map { targets[$0].target }, weights: members.map { targets[$0].weight })
            let found = fits.fit(key) {
                QuadrantPlacer(builders: builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, size: size,
                               trackFloor: trackFloor, members: members, start: start, largestScale: largest).fit()
            }
            guard let fit = found else {
                return wholeWheel(builders, forms: forms, targets: targets, rooms: rooms, clearance: clearance, largestScale: largestScale)
            }
            smallest = min(smallest, fit.placement.scale)
            for (k, i) in members.enumerated() { columns[i] = fit.placement.columns[k]; columnForms[i] = forms[fit.memberForms[k]] }
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
}

/// A ring's columns as placed, and the form each body's column took.
struct BodyColumns {
    let placement: ColumnPlacement
    let forms: [ColumnForm]

    /// How many of the columns write their body's degrees.
    var degreesWritten: Int { forms.filter(\.writesDegrees).count }
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
    /// The least scale a column's glyph takes with its labels held at `smallestLabel` (where they are at it already,
    /// as at 400 px) before the column draws shorter.
    static let labelledGlyphScale = 0.8
}
