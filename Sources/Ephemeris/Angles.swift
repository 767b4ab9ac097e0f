import Foundation

/// Degrees and radians, and angles brought into their usual ranges: where the Ephemeris does these conversions
/// (the layout and the gazetteer, which cannot import it, have their own).
enum Angle {
    static let degreesPerRadian = 180 / Double.pi
    static let radiansPerDegree = Double.pi / 180
    /// One arc-second in degrees.
    static let arcSecond = 1.0 / 3600

    static func radians(_ degrees: Double) -> Double { degrees * radiansPerDegree }
    static func degrees(_ radians: Double) -> Double { radians * degreesPerRadian }

    /// `degrees` in 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        // A tiny negative angle rounds up to 360 itself; `+ 0` turns -0.0 into 0, which JSON would print as -0.
        return r >= 360 ? 0 : r + 0
    }

    /// The signed difference `a - b`, in -180..<180.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let d = normalized(a - b)
        return d >= 180 ? d - 360 : d
    }
}
