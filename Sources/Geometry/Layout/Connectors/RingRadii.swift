import ChartModel

/// Where one ring's bodies are drawn: markers from `markerTop` in to `markerInner` at their true longitudes,
/// connectors in `lanes` lanes from `connectorLane` out, columns from `columnLimit` in.
struct RingRadii {
    let ring: WheelLayout.Ring
    let markerTop: Double
    let markerInner: Double
    let connectorLane: Double
    let lanes: Int
    let columnLimit: Double

    /// The inner chart's ring: its markers start at the zodiac band, or at the divider of a bi-wheel's rings.
    static func inner(_ dims: WheelDimensions) -> RingRadii {
        RingRadii(ring: .inner, markerTop: dims.outerRing?.divider ?? dims.zodiacInner, markerInner: dims.markerInner,
                  connectorLane: dims.connectorLane, lanes: dims.lanes, columnLimit: dims.columnLimit)
    }

    /// A bi-wheel's outer ring, its markers from the zodiac band in, as long as the longest tick; nil for a single wheel.
    static func outer(_ dims: WheelDimensions) -> RingRadii? {
        dims.outerRing.map { ring in
            RingRadii(ring: .outer, markerTop: dims.zodiacInner, markerInner: dims.zodiacInner - dims.tickTen,
                      connectorLane: ring.connectorLane, lanes: ring.lanes, columnLimit: ring.columnLimit)
        }
    }
}
