/// An angle as whole degrees and minutes, truncated as ephemerides print them, so 29°59.9′ never shows as 30°.
public struct DegreesMinutes: Sendable, Hashable, CustomStringConvertible {
    public var degrees: Int
    public var minutes: Int

    public init(_ value: Double) {
        let total = Int((abs(value) * 60 + 1e-7).rounded(.down))
        degrees = total / 60
        minutes = total % 60
    }

    /// A longitude's place within its sign.
    public init(withinSign longitude: Double) {
        self.init(normalizedDegrees(longitude).truncatingRemainder(dividingBy: 30))
    }

    /// `15°03′`
    public var description: String { "\(degrees)°\(minutes < 10 ? "0" : "")\(minutes)′" }
}
