import Foundation

/// The unit vectors at an ecliptic place: towards it, and the directions of growing longitude and latitude there.
/// What turns a small shift of a direction into degrees, and rates in degrees into a velocity.
struct EclipticFrame {
    let along, eastward, northward: SIMD3<Double>
    /// cos(latitude): a shift eastward of x radians is x / cos(latitude) radians of longitude.
    let cosLatitude: Double

    /// `longitude` and `latitude` in degrees.
    init(longitude: Double, latitude: Double) {
        let l = Angle.radians(longitude), b = Angle.radians(latitude)
        cosLatitude = cos(b)
        along = SIMD3(cos(b) * cos(l), cos(b) * sin(l), sin(b))
        eastward = SIMD3(-sin(l), cos(l), 0)
        northward = SIMD3(-sin(b) * cos(l), -sin(b) * sin(l), cos(b))
    }
}
