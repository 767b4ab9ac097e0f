import ChartModel
import Support

/// One body's coordinates over the whole span: a Chebyshev series per interval of `days` days, whose coefficients
/// are decoded from the table when an instant in the interval is first asked for, then kept.
struct ChebyshevSeries: Sendable {
    /// TT Julian day where the first interval starts.
    let start: Double
    let days: Double
    /// Coefficients per interval for each coordinate, in the order the table holds them.
    let counts: [Int]
    let intervals: Int
    /// The intervals decoded so far, by number.
    private let decoded = Locked<[Int: [Double]]>([:])
    /// How many intervals are kept before they are all let go: a year of the Moon's is 46, and a process that
    /// reads the whole span (a batch of random births, a server) holds at most about 0.1 MB a body instead of
    /// creeping towards the whole table's 15.5 MB. An interval decoded again is a hundred-odd bytes of base64.
    static let intervalsKept = 256
    /// An interval's coefficients, coordinate after coordinate.
    private let decode: @Sendable (Int) -> [Double]

    init(start: Double, days: Double, counts: [Int], intervals: Int, decode: @escaping @Sendable (Int) -> [Double]) {
        self.start = start
        self.days = days
        self.counts = counts
        self.intervals = intervals
        self.decode = decode
    }

    var end: Double { start + days * Double(intervals) }

    /// How many intervals have been decoded.
    var decodedIntervals: Int { decoded.withLock { $0.count } }

    /// The interval that holds TT `julianDay`, which must be in the span, with its coefficients.
    func interval(at julianDay: Double) -> ChebyshevInterval {
        let offset = (julianDay - start) / days
        let interval = min(max(Int(offset.rounded(.down)), 0), intervals - 1)
        let coefficients = decoded.withLock { decoded in
            if let coefficients = decoded[interval] { return coefficients }
            if decoded.count == Self.intervalsKept { decoded.removeAll(keepingCapacity: true) }
            let coefficients = decode(interval)
            decoded[interval] = coefficients
            return coefficients
        }
        return ChebyshevInterval(coefficients: coefficients, counts: counts, x: 2 * (offset - Double(interval)) - 1, perDay: 2 / days)
    }

    /// The value and its rate per day of coordinate `coordinate` at TT `julianDay`, which must be in the span.
    func evaluate(_ coordinate: Int, at julianDay: Double) -> (value: Double, rate: Double) {
        interval(at: julianDay).evaluate(coordinate)
    }
}

/// One interval's series at one instant: its coefficients and where the instant falls in it.
struct ChebyshevInterval {
    /// Coordinate after coordinate, as the table holds them.
    let coefficients: [Double]
    let counts: [Int]
    /// The instant, from -1 at the interval's start to 1 at its end.
    let x: Double
    /// The change of `x` per day.
    let perDay: Double

    /// The value and its rate per day of coordinate `coordinate`.
    func evaluate(_ coordinate: Int) -> (value: Double, rate: Double) {
        var first = 0
        for c in 0..<coordinate { first += counts[c] }
        return coefficients.withUnsafeBufferPointer { all in
            Self.clenshaw(all, from: first, count: counts[coordinate], x: x, perDay: perDay)
        }
    }

    /// Clenshaw's recurrence for Σ c_k T_k(x) and its derivative together, in one pass.
    private static func clenshaw(_ c: UnsafeBufferPointer<Double>, from first: Int, count: Int, x: Double, perDay: Double) -> (value: Double, rate: Double) {
        var b1 = 0.0, b2 = 0.0   // value recurrence
        var d1 = 0.0, d2 = 0.0   // derivative recurrence
        let twoX = 2 * x
        var k = count - 1
        while k >= 1 {
            let b0 = twoX * b1 - b2 + c[first + k]
            let d0 = twoX * d1 - d2 + 2 * b1
            b2 = b1; b1 = b0
            d2 = d1; d1 = d0
            k -= 1
        }
        let value = x * b1 - b2 + c[first]
        let derivative = x * d1 - d2 + b1
        return (value, derivative * perDay)
    }
}
