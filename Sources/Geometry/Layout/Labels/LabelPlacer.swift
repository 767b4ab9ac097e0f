import ChartModel

/// The labels that give way to the bodies' columns: the house numbers, each inside its house and moved out of a
/// narrow house's cusps, and the angles' labels, each at the nearest free place beside its axis.
struct LabelPlacer {
    let walls: LayoutWalls
    /// Each angle's label column in each of the ring's forms, fullest first: its letters, degrees, sign and
    /// minutes, down to the letters alone.
    let angleLabels: [[ColumnBuilder]]
    /// The forms of `angleLabels`.
    let forms: [ColumnForm]
    /// The house numbers where their houses put them, before any moves out of a cusp.
    let numbers: ColumnPlacement
    /// Each house's number room's two walls, lines from the centre out, which its number keeps clear of.
    let numberWalls: [(Segment, Segment)]
    let middles: [Double]
    /// Where the house numbers' ring ends outside, when it was drawn in to a crowd's tracks as placed (else nil:
    /// the ring is inside the deepest column any body can have).
    let tracksLimit: Double?
    let dims: WheelDimensions
    let polar: Polar

    /// The labels in the inner ring's `forms`, the house numbers inside `houseLimit`, drawn in to a crowd's tracks
    /// when `tracked`.
    init(walls: LayoutWalls, forms: [ColumnForm], houseLimit: Double, tracked: Bool, dims: WheelDimensions, polar: Polar) {
        self.walls = walls
        self.forms = forms
        angleLabels = walls.axes.map { axis in
            forms.map { WheelLayout.columnBuilder(first: (axis.letters, dims.angleLetters), longitude: axis.longitude, retrograde: false, dims: dims,
                                                  polar: polar, form: $0) }
        }
        let rooms = walls.numberRooms
        middles = rooms.map(\.middle)
        // The axes inside houses are walls for the numbers too: a number keeps clear of every line beside it.
        let numberWalls = walls.cusps + walls.axisAngles.map { CircularPlacer.Wall(angle: $0, isHard: false) }
        numbers = WheelLayout.placeHouseNumbers(walls: numberWalls, rooms: rooms, limit: houseLimit, height: dims.houseNumber, dims: dims, polar: polar)
        func line(_ angle: Double) -> Segment { Segment(from: dims.center, to: polar.point(radius: dims.zodiacInner, angle: angle)) }
        self.numberWalls = rooms.map { (line($0.from), line($0.to)) }
        tracksLimit = tracked ? houseLimit : nil
        self.dims = dims
        self.polar = polar
    }

    /// Whether `bodies`' columns keep clear of the house numbers' ring: the labels fitted among a crowd in tracks
    /// may move its columns, and none may move deeper than the ring made room for.
    func clearsHouseNumbers(_ bodies: BodyColumns) -> Bool {
        guard let tracksLimit else { return true }
        return WheelLayout.placedReach(bodies.placement.columns, polar: polar, gap: dims.gap) - dims.gap >= tracksLimit - 0.01
    }

    /// Axis `index`'s label as one of the ring's columns, aiming just beside the axis: counter-clockwise of it
    /// (`after`) or clockwise.
    func labelAmongBodies(_ index: Int, after: Bool) -> RingColumns.Extra {
        RingColumns.Extra(builders: angleLabels[index], target: walls.axes[index].angle + (after ? 0.01 : -0.01))
    }

    /// The labels around the boxes of the bodies' columns; the angle labels in `fixed` placed among them already;
    /// with `farther`, angle labels further off than their reach where nothing nearer is free.
    func labels(avoiding bodyBoxes: [Box], fixed: [Int: WheelLayout.Column] = [:], farther: Bool = false) -> PlacedLabels {
        let bodyBoxes = bodyBoxes + fixed.values.flatMap(\.boxes)
        var numbers = self.numbers.columns.map { $0.runs[0] }
        for index in numbers.indices {
            let others = numbers.indices.filter { $0 != index }.map { numbers[$0].box }
            numbers[index] = WheelLayout.outOfTheCusps(numbers[index], between: numberWalls[index], middle: middles[index],
                                                       upTo: dims.columnLimit, avoiding: bodyBoxes + others, gap: dims.gap, polar: polar)
        }
        // The free search tries each label form once: two rows or tracks are one for a label.
        let searched = angleLabels.map { labels in zip(forms, labels).filter { !$0.0.isTracked }.map(\.1) }
        let angles = WheelLayout.placeAngleLabels(searched, axes: walls.axisAngles, cusps: walls.cuspAngles, quadrants: walls.quadrants,
                                                  obstacles: bodyBoxes + numbers.map(\.box), fixed: fixed, clearance: dims.gap,
                                                  farther: farther)
        return PlacedLabels(houseNumbers: numbers, angleColumns: angles.columns, homeless: angles.homeless,
                            numbersOverlapFree: self.numbers.isOverlapFree)
    }
}

/// The labels as placed around one placement of the bodies.
struct PlacedLabels {
    /// House 1's number first.
    let houseNumbers: [GlyphRun]
    /// AC, DC, MC, IC.
    let angleColumns: [WheelLayout.Column]
    /// The axes (by index) whose label found no free place beside them.
    let homeless: [Int]
    /// False when some angle label found no free place.
    var allFree: Bool { homeless.isEmpty }
    /// False when the house numbers could not be placed apart in their houses.
    let numbersOverlapFree: Bool
}
