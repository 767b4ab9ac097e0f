import ChartModel

extension WheelLayout {
    /// An aspect to draw: its bodies, each with its ring, its kind and its orb.
    private struct AspectPair {
        let first: BodyID
        let firstRing: Ring
        let second: BodyID
        let secondRing: Ring
        let kind: AspectKind
        let orb: Double?
    }

    /// The chords of the inner chart's `aspects` and the `cross` aspects between its bodies and a bi-wheel's outer
    /// ones, from aspect point to aspect point of `bodies`; a conjunction is an arc at `conjunctionRadius`. An
    /// aspect of a body not drawn is left out.
    static func aspectChords(_ aspects: [Aspect], cross: [CrossAspect], between bodies: [BodyPlacement],
                             conjunctionRadius: Double) -> [AspectChord] {
        let pairs = aspects.map { AspectPair(first: $0.first, firstRing: .inner, second: $0.second, secondRing: .inner, kind: $0.kind, orb: $0.orb) }
            + cross.map { AspectPair(first: $0.inner, firstRing: .inner, second: $0.outer, secondRing: .outer, kind: $0.kind, orb: $0.orb) }
        // A search through the few bodies is quicker than hashing their names for a dictionary.
        return pairs.compactMap { pair in
            guard let a = bodies.first(where: { $0.id == pair.first && $0.ring == pair.firstRing }),
                  let b = bodies.first(where: { $0.id == pair.second && $0.ring == pair.secondRing }) else { return nil }
            var arc: Arc?
            if pair.kind == .conjunction {
                // Sweep the short way from the first body to the second.
                let d = angleDifference(b.trueAngle, a.trueAngle)
                arc = Arc(radius: conjunctionRadius, startAngle: d >= 0 ? a.trueAngle : b.trueAngle, endAngle: (d >= 0 ? a.trueAngle : b.trueAngle) + abs(d))
            }
            return AspectChord(first: pair.first, second: pair.second, kind: pair.kind, orb: pair.orb, from: a.aspectPoint, to: b.aspectPoint,
                               arc: arc, firstRing: pair.firstRing, secondRing: pair.secondRing)
        }
    }
}
