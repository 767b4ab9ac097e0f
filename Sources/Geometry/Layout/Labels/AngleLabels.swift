import ChartModel
import Foundation

extension WheelLayout {
    /// A label column at a place, and whether that place was free.
    struct LabelPlace {
        let column: Column
        /// False when no free place was found and the column sits where it was put regardless.
        let isFree: Bool
    }

    /// The angle labels as placed, AC, DC, MC, IC.
    struct AngleLabelPlacement {
        let columns: [Column]
        /// The axes (by index) whose label found no free place beside them.
        let homeless: [Int]
        var allFree: Bool { homeless.isEmpty }
    }

    /// How far from its axis an angle label's centre may sit, in degrees: further off, a reader takes it for a
    /// body's label.
    static let angleLabelReach = 14.0
    /// How far off a label may go when neither its reach, nor a place among the bodies, nor smaller glyphs made
    /// room for it.
    static let farthestAngleLabel = 60.0

    /// Each angle's label at the nearest free place beside its axis, its centre within `angleLabelReach` of it:
    /// clear of every cusp where there is room, else clear of the axes and the quadrants' cusps at least, and
    /// clear of the obstacles and the labels before it; a little smaller before shorter, and shorter (the minutes,
    /// the sign, the degrees dropped; a small wheel's labels lose them first) before giving up. `builders[k]`
    /// holds axis `k`'s label in each form, fullest first. A label in `fixed` (placed among the bodies) stays.
    /// With `farther`, a label with no place within its reach goes further off (`freePlace`).
    static func placeAngleLabels(_ builders: [[ColumnBuilder]], axes: [Double], cusps: [Double], quadrants: [Double],
                                 obstacles: [Box], fixed: [Int: Column] = [:], clearance: Double, farther: Bool = false) -> AngleLabelPlacement {
        var obstacles = obstacles + fixed.values.flatMap(\.boxes)
        var homeless: [Int] = []
        let columns = axes.indices.map { index in
            if let column = fixed[index] { return column }
            let found = freePlace(for: builders[index], beside: axes[index], lines: [axes + cusps, axes + quadrants],
                                  obstacles: obstacles, clearance: clearance, farther: farther)
            if !found.isFree { homeless.append(index) }
            obstacles += found.column.boxes
            return found.column
        }
        return AngleLabelPlacement(columns: columns, homeless: homeless)
    }

    /// The column nearest `axis`, its centre within `angleLabelReach`, that clears the lines at `lines` and every
    /// obstacle: form by form (`forms`, fullest first), each clear of the first set of lines then of the next, at
    /// full size then 0.85 (the last form down to 0.7); alternately just counter-clockwise of the axis (inside
    /// the house the axis begins) and just clockwise, then further out; with `farther`, at last the letters
    /// alone up to `farthestAngleLabel` off. `isFree` is false when no place was free, and the column then sits
    /// beside its axis regardless.
    static func freePlace(for forms: [ColumnBuilder], beside axis: Double, lines: [[Double]], obstacles: [Box],
                          clearance: Double, farther: Bool = false) -> LabelPlace {
        for (index, builder) in forms.enumerated() {
            for angles in lines {
                let segments = angles.map { Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: $0)) }
                for scale in index == forms.count - 1 ? [1.0, 0.85, 0.7] : [1.0, 0.85] {
                    if let column = nearestFree(builder, beside: axis, scale: scale, lines: segments, obstacles: obstacles, clearance: clearance) {
                        return LabelPlace(column: column, isFree: true)
                    }
                }
            }
        }
        // Where nothing else made room (ten bodies on an angle of a small wheel), a label further off is better
        // than one over the glyphs.
        let last = forms[forms.count - 1], segments = lines[lines.count - 1].map {
            Segment(from: last.polar.center, to: last.polar.point(radius: last.outerLimit, angle: $0))
        }
        if farther, let column = nearestFree(last, beside: axis, scale: 0.7, lines: segments, obstacles: obstacles, clearance: clearance,
                                             reach: farthestAngleLabel) {
            return LabelPlace(column: column, isFree: true)
        }
        let builder = forms[0]
        return LabelPlace(column: builder.column(at: normalizedDegrees(axis + clearAngle(builder, from: axis, after: true, clearance: clearance))), isFree: false)
    }

    private static func nearestFree(_ builder: ColumnBuilder, beside axis: Double, scale: Double, lines: [Segment], obstacles: [Box],
                                    clearance: Double, reach: Double = angleLabelReach) -> Column? {
        let after = axis + clearAngle(builder, from: axis, after: true, scale: scale, clearance: clearance)
        let before = axis - clearAngle(builder, from: axis, after: false, scale: scale, clearance: clearance)
        let sizes = builder.sizes(scale: scale)
        var step = 0.0
        while step <= reach {
            for angle in [after + step, before - step] where abs(angle - axis) <= reach {
                var free = true
                builder.forEachBox(direction: builder.polar.direction(angle), sizes: sizes) { _, box in
                    free = !lines.contains { box.meets($0, clearance: clearance / 2) } && !obstacles.contains { box.overlaps($0, clearance: clearance / 2) }
                    return free
                }
                guard free else { continue }
                let column = builder.column(at: normalizedDegrees(angle), scale: scale)
                if abs(angleDifference(centreAngle(of: column, around: builder.polar.center), axis)) <= reach { return column }
            }
            step += 0.5
        }
        return nil
    }

    /// The screen angle of the centre of a column's boxes, as a reader finds the label: where its middle is.
    static func centreAngle(of column: Column, around center: Point) -> Double {
        let boxes = column.boxes
        let x0 = boxes.map(\.x).min()!, x1 = boxes.map { $0.x + $0.width }.max()!
        let y0 = boxes.map(\.y).min()!, y1 = boxes.map { $0.y + $0.height }.max()!
        return normalizedDegrees(atan2(center.y - (y0 + y1) / 2, (x0 + x1) / 2 - center.x) * 180 / .pi)
    }
}
