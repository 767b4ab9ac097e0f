import ChartModel

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
        /// False when some label found no free place.
        let allFree: Bool
    }

    /// Each angle's label at the nearest place beside its axis that is clear of every cusp where there is room,
    /// else clear of the axes and the quadrants' cusps at least, and clear of the obstacles and the labels before
    /// it; `allFree` is false when some label found no such place.
    static func placeAngleLabels(_ builders: [ColumnBuilder], axes: [Double], cusps: [Double], quadrants: [Double],
                                 obstacles: [Box], clearance: Double) -> AngleLabelPlacement {
        var obstacles = obstacles
        var allFree = true
        let columns = zip(builders, axes).map { builder, axis in
            let everyLine = freePlace(for: builder, beside: axis, lines: axes + cusps, obstacles: obstacles, clearance: clearance)
            let found = everyLine.isFree ? everyLine : freePlace(for: builder, beside: axis, lines: axes + quadrants, obstacles: obstacles, clearance: clearance)
            allFree = allFree && found.isFree
            obstacles += found.column.boxes
            return found.column
        }
        return AngleLabelPlacement(columns: columns, allFree: allFree)
    }

    /// The column for `builder` nearest `axis` that clears every line (axes and cusps) and every obstacle: first just
    /// counter-clockwise of the axis (inside the house the axis begins), then alternately further out on each
    /// side, up to 60°; smaller when nothing is free at full size. `isFree` is false when no place was free at
    /// all, and the column then sits beside its axis regardless.
    static func freePlace(for builder: ColumnBuilder, beside axis: Double, lines angles: [Double], obstacles: [Box],
                          clearance: Double) -> LabelPlace {
        let lines = angles.map { Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: $0)) }
        for scale in [1.0, 0.85, 0.7, 0.55] {
            let after = axis + clearAngle(builder, from: axis, after: true, scale: scale, clearance: clearance)
            let before = axis - clearAngle(builder, from: axis, after: false, scale: scale, clearance: clearance)
            for step in 0...120 {
                for angle in [after + Double(step) * 0.5, before - Double(step) * 0.5] {
                    var free = true
                    builder.forEachBox(at: angle, scale: scale) { _, box in
                        guard free else { return }
                        free = !lines.contains { box.meets($0, clearance: clearance / 2) } && !obstacles.contains { box.overlaps($0, clearance: clearance / 2) }
                    }
                    if free { return LabelPlace(column: builder.column(at: normalizedDegrees(angle), scale: scale), isFree: true) }
                }
            }
        }
        return LabelPlace(column: builder.column(at: normalizedDegrees(axis + clearAngle(builder, from: axis, after: true, clearance: clearance))), isFree: false)
    }
}
