import ChartModel

/// Where a longitude sits on the wheel: the ascendant at 9 o'clock, longitudes increasing counter-clockwise, as
/// screen angles in degrees counter-clockwise from +x with y up.
struct ScreenAngles {
    let ascendant: Double

    func angle(_ longitude: Double) -> Double { normalizedDegrees(180 + (longitude - ascendant)) }
}
