/// An angle as whole degrees and minutes, rounded down as ephemerides print them, so 29°59.9′ never shows as 30°.
public struct DegreesMinutes: Sendable, Hashable, CustomStringConvertible {
    /// Whole degrees.
    public var degrees: Int
    /// Whole minutes, 0...59, rounded down.
    public var minutes: Int
    /// Below zero (a signed orb): shown with a minus sign.
    public var isNegative = false

    /// A ten-millionth of an arc-minute is added before rounding down, so that a decimal input such as 15.05
    /// (15.0499999… as a Double) reads 15°03′. Total: a value that is not a number reads 0°00′, a huge one is capped.
    public init(_ value: Double) {
        let magnitude = value.isFinite ? min(abs(value), 1e12) : 0
        let total = Int((magnitude * 60 + 1e-7).rounded(.down))
        degrees = total / 60
        minutes = total % 60
        isNegative = value < 0 && total > 0
    }

    /// A longitude's place within its sign, at most 29°59′: the margin above never carries it into the next sign.
    public init(withinSign longitude: Double) {
        self.init(normalizedDegrees(longitude).truncatingRemainder(dividingBy: 30))
        if degrees >= 30 { (degrees, minutes) = (29, 59) }
    }

    /// `15°03′`, `−1°05′`
    public var description: String { "\(isNegative ? "−" : "")\(degrees)°\(minutes < 10 ? "0" : "")\(minutes)′" }
}
