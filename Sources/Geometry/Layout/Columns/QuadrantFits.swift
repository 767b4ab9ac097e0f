/// The quadrant fits a ring's placements found, by what each depends on. Fitting the labels places a ring again
/// and again (a label among the bodies on either side of its axis, the quadrants beside an axis shrunk), and each
/// time only the quadrants the change touched differ: the rest are the same search over the same columns, found
/// once. A layout is worked out on one thread.
final class QuadrantFits {
    /// A quadrant's fit depends on its members' columns (the same builders, in the same order), their targets,
    /// its first axis and its largest glyph; the rooms, the clearance and the size are the ring's, and every ring
    /// sharing these fits has the same.
    struct Key: Hashable {
        let start: Double
        let largestScale: Double
        let builders: [ObjectIdentifier]
        let targets: [Double]
        let weights: [Double]
    }

    private var found: [Key: WheelLayout.QuadrantFit?] = [:]

    /// The fit for `key`, found by `fit` the first time: `nil` when the quadrant cannot hold its bodies.
    func fit(_ key: Key, _ fit: () -> WheelLayout.QuadrantFit?) -> WheelLayout.QuadrantFit? {
        if let known = found[key] { return known }
        let made = fit()
        found[key] = made
        return made
    }
}
