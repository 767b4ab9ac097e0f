import ChartModel

/// Charts made up for the tests: equal houses, bodies where a test wants them.
public enum TestCharts {
    public static let tenPlanets: [BodyID] = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto]

    /// Equal houses from `ascendant`, with the given bodies.
    public static func chart(_ longitudes: [Double], ids: [BodyID] = BodyID.allCases, retrograde: (Int) -> Bool = { $0 % 2 == 0 },
                      ascendant: Double = 7.5) -> NatalChart {
        let bodies = zip(ids, longitudes).enumerated().map { index, pair in
            try! Body(id: pair.0, longitude: normalizedDegrees(pair.1), retrograde: retrograde(index))
        }
        let cusps = (0..<12).map { normalizedDegrees(ascendant + Double($0) * 30) }
        return try! NatalChart(bodies: bodies, cusps: cusps, ascendant: ascendant, midheaven: cusps[9], aspects: [])
    }

    /// Crowded charts that must still place without overlaps: ten bodies inside 10°, across 0° Aries, on one
    /// longitude and on an angle, and every body of the model at one place.
    public static let crowded: [(String, NatalChart)] = [
        ("ten inside 10°", chart((0..<10).map { 200 + Double($0) }, ids: tenPlanets)),
        ("ten across 0° Aries", chart((0..<10).map { 355.5 + Double($0) * 0.95 }, ids: tenPlanets)),
        ("ten at one longitude", chart(Array(repeating: 77.7, count: 10), ids: tenPlanets)),
        ("all sixteen at one longitude", chart(Array(repeating: 184.2, count: 16), ascendant: 184.2)),
        ("ten on the Ascendant", chart((0..<10).map { 7 + Double($0) * 0.1 }, ids: tenPlanets)),
        ("ten on the Midheaven", chart((0..<10).map { 277 + Double($0) * 0.1 }, ids: tenPlanets)),
    ]

    public static func random(seed: UInt64) -> NatalChart {
        var rng = SplitMix64(seed: seed)
        let base = Double.random(in: 0..<360, using: &rng)
        let spread = Double.random(in: 0.5...25, using: &rng)
        let count = Int.random(in: 2...16, using: &rng)
        let longitudes = (0..<count).map { index in
            index < count / 2 + 1 ? base + Double.random(in: -spread...spread, using: &rng) : Double.random(in: 0..<360, using: &rng)
        }
        var retro: [Bool] = []
        for _ in 0..<count { retro.append(Bool.random(using: &rng)) }
        return chart(longitudes, ids: Array(BodyID.allCases.shuffled(using: &rng).prefix(count)),
                     retrograde: { retro[$0] }, ascendant: Double.random(in: 0..<360, using: &rng))
    }

    /// A random chart with unequal houses as quadrant systems make them: the Midheaven from 35° to 145° before the
    /// Ascendant (far north or south the quadrants narrow), each quadrant cut into three unequal houses, the
    /// narrowest a sliver of a few degrees.
    public static func randomHouses(seed: UInt64) -> NatalChart {
        var rng = SplitMix64(seed: seed &+ 0x9E37)
        let bodies = random(seed: seed).bodies
        let ascendant = Double.random(in: 0..<360, using: &rng)
        let polar = Double.random(in: 0...1, using: &rng) < 0.25
        let toMidheaven = polar ? (Bool.random(using: &rng) ? Double.random(in: 35...60, using: &rng) : Double.random(in: 120...145, using: &rng))
            : Double.random(in: 60...120, using: &rng)
        let midheaven = normalizedDegrees(ascendant - toMidheaven)
        // Houses 10 to 12 share the arc from the Midheaven to the Ascendant, houses 1 to 3 the arc from there to the IC.
        func split(_ from: Double, _ width: Double) -> [Double] {
            let a = Double.random(in: 0.15...1, using: &rng), b = Double.random(in: 0.15...1, using: &rng), c = Double.random(in: 0.15...1, using: &rng)
            return [from, from + width * a / (a + b + c), from + width * (a + b) / (a + b + c)]
        }
        let lower = split(ascendant, 180 - toMidheaven), upper = split(midheaven, toMidheaven)
        let cusps = (lower + upper.map { $0 + 180 } + lower.map { $0 + 180 } + upper).map(normalizedDegrees)
        return try! NatalChart(bodies: bodies, cusps: cusps, ascendant: ascendant, midheaven: midheaven, aspects: [])
    }

    /// A `random(seed:)` chart whose cusps are moved up to 5° each way, the Ascendant and Midheaven on the 1st and
    /// 10th of them, as the public checks make their stress charts: the 4th and 7th cusps are then off the axes.
    public static func randomShiftedCusps(seed: UInt64) -> NatalChart {
        var rng = SplitMix64(seed: seed &+ 0x5F3A)
        let base = random(seed: seed)
        let cusps = base.cusps.map { normalizedDegrees($0 + Double.random(in: -5...5, using: &rng)) }.sorted()
        return try! NatalChart(bodies: base.bodies, cusps: cusps, ascendant: cusps[0], midheaven: cusps[9], aspects: [])
    }
}
