import ChartModel

extension WheelLayout {
    /// The placements of one ring's bodies: markers at their true longitudes, connectors in the ring's lanes,
    /// houses those of the inner chart.
    static func bodyPlacements(_ list: [Body], columns: [Column], radii: RingRadii, houses: NatalChart, aspectRadius: Double,
                               dims: WheelDimensions, polar: Polar, screen: ScreenAngles) -> [BodyPlacement] {
        let trueAngles = list.map { screen.angle($0.longitude) }
        let connectors = connectors(markers: trueAngles, columns: columns, radii: radii, dims: dims, polar: polar)
        return list.enumerated().map { index, body in
            let column = columns[index]
            let trueAngle = trueAngles[index], trueDirection = polar.direction(trueAngle)
            return BodyPlacement(
                id: body.id, longitude: body.longitude, retrograde: body.retrograde,
                house: houses.house(holding: body, ring: radii.ring),
                trueAngle: trueAngle, glyphAngle: column.angle, column: column,
                marker: Segment(from: polar.point(radius: radii.markerTop, direction: trueDirection),
                                to: polar.point(radius: radii.markerInner, direction: trueDirection)),
                connector: connectors[index],
                aspectPoint: polar.point(radius: aspectRadius, direction: trueDirection),
                ring: radii.ring)
        }
    }

    /// The connector of each column moved off its marker's angle (`nil` for one on it): in from the marker's
    /// inner end, along its lane to the column's angle, in to the column.
    static func connectors(markers: [Double], columns: [Column], radii: RingRadii, dims: WheelDimensions, polar: Polar) -> [Connector?] {
        let lanes = laneRadii(markers: markers, glyphs: columns.map(\.angle), connectorLane: radii.connectorLane, lanes: radii.lanes, dims: dims)
        return zip(markers, zip(columns, lanes)).map { trueAngle, placed in
            let (column, lane) = placed
            return lane.map { lane in
                Connector(start: polar.point(radius: radii.markerInner, direction: polar.direction(trueAngle)),
                          lane: Arc(radius: lane, startAngle: trueAngle, endAngle: trueAngle + angleDifference(column.angle, trueAngle)),
                          end: polar.point(radius: radii.columnLimit, angle: column.angle))
            }
        }
    }

    /// The radius of each moved glyph's connector lane (`nil` for a glyph on its longitude): nested as
    /// `ConnectorLanes` orders them, `lanePitch` apart from the columns' side out, packed closer when a crowd
    /// needs more lanes than the band has.
    private static func laneRadii(markers: [Double], glyphs: [Double], connectorLane: Double, lanes: Int, dims: WheelDimensions) -> [Double?] {
        let moved = markers.indices.filter { abs(angleDifference(glyphs[$0], markers[$0])) > 0.3 }
        let levels = ConnectorLanes.levels(moved.map { (markers[$0], glyphs[$0]) })
        let highest = levels.max() ?? 0
        let pitch = highest < lanes ? dims.lanePitch : dims.lanePitch * Double(lanes - 1) / Double(highest)
        var radii = [Double?](repeating: nil, count: markers.count)
        for (index, level) in zip(moved, levels) { radii[index] = connectorLane + Double(level) * pitch }
        return radii
    }

    /// How many lanes the connectors of a ring need so that none crosses or shares a stretch of lane with another.
    func connectorLanesNeeded(_ ring: Ring) -> Int {
        let moved = bodies.filter { $0.connector != nil && $0.ring == ring }
        return (ConnectorLanes.levels(moved.map { ($0.trueAngle, $0.glyphAngle) }).max() ?? 0) + 1
    }
}
