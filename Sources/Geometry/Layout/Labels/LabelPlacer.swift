import ChartModel

/// The labels that give way to the bodies' columns: the house numbers, each inside its house and moved out of a
/// narrow house's cusps, and the angles' labels, each at the nearest free place beside its axis.
struct LabelPlacer {
    let walls: LayoutWalls
    /// Each angle's label column: its letters, degrees, sign and minutes.
    let angleLabels: [ColumnBuilder]
    /// The house numbers where their houses put them, before any moves out of a cusp.
    let numbers: ColumnPlacement
    /// The cusp lines from the centre out, which a house number keeps clear of.
    let cuspLines: [Segment]
    let middles: [Double]
    let dims: WheelDimensions
    let polar: Polar

    /// The labels in `form`, the house numbers inside `houseLimit`.
    init(walls: LayoutWalls, form: ColumnForm, houseLimit: Double, dims: WheelDimensions, polar: Polar) {
        self.walls = walls
        angleLabels = walls.axes.map {
            WheelLayout.columnBuilder(first: ($0.letters, dims.angleLetters), longitude: $0.longitude, retrograde: false, dims: dims, polar: polar,
                                      form: form)
        }
        middles = walls.houseMiddles
        numbers = WheelLayout.placeHouseNumbers(cuspWalls: walls.cusps, middles: middles, limit: houseLimit, height: dims.houseNumber,
                                                dims: dims, polar: polar)
        cuspLines = walls.cusps.map { Segment(from: dims.center, to: polar.point(radius: dims.zodiacInner, angle: $0.angle)) }
        self.dims = dims
        self.polar = polar
    }

    /// The labels around the boxes of the bodies' columns.
    func labels(avoiding bodyBoxes: [Box]) -> PlacedLabels {
        var numbers = self.numbers.columns.map { $0.runs[0] }
        for index in numbers.indices {
            let others = numbers.indices.filter { $0 != index }.map { numbers[$0].box }
            numbers[index] = WheelLayout.outOfTheCusps(numbers[index], between: (cuspLines[index], cuspLines[(index + 1) % 12]), middle: middles[index],
                                                       upTo: dims.columnLimit, avoiding: bodyBoxes + others, gap: dims.gap, polar: polar)
        }
        let angles = WheelLayout.placeAngleLabels(angleLabels, axes: walls.axisAngles, cusps: walls.cuspAngles, quadrants: walls.quadrants,
                                                  obstacles: bodyBoxes + numbers.map(\.box), clearance: dims.gap)
        return PlacedLabels(houseNumbers: numbers, angleColumns: angles.columns, allFree: angles.allFree,
                            numbersOverlapFree: self.numbers.isOverlapFree)
    }
}

/// The labels as placed around one placement of the bodies.
struct PlacedLabels {
    /// House 1's number first.
    let houseNumbers: [GlyphRun]
    /// AC, DC, MC, IC.
    let angleColumns: [WheelLayout.Column]
    /// False when some angle label found no free place.
    let allFree: Bool
    /// False when the house numbers could not be placed apart in their houses.
    let numbersOverlapFree: Bool
}
