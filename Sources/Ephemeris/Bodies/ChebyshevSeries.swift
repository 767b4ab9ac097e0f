/// One coordinate of one body over the whole span: a Chebyshev series per interval of `days` days.
struct ChebyshevSeries: Sendable {
    /// TT Julian day where the first interval starts.
    let start: Double
    let days: Double
    /// Coefficients per interval for each coordinate, in the order the table holds them.
    let counts: [Int]
    let intervals: Int
    /// All intervals' coefficients, one after the other: interval by interval, coordinate by coordinate.
    let coefficients: [Double]
    let stride: Int

    init(start: Double, days: Double, counts: [Int], intervals: Int, coefficients: [Double]) {
        self.start = start
        self.days = days
        self.counts = counts
        self.intervals = intervals
        self.coefficients = coefficients
        stride = counts.reduce(0, +)
    }

    var end: Double { start + days * Double(intervals) }

    /// The value and its rate per day of coordinate `coordinate` at TT `julianDay`, which must be in the span.
    func evaluate(_ coordinate: Int, at julianDay: Double) -> (value: Double, rate: Double) {
        let offset = (julianDay - start) / days
        let interval = min(max(Int(offset.rounded(.down)), 0), intervals - 1)
        let x = 2 * (offset - Double(interval)) - 1
        var first = interval * stride
        for c in 0..<coordinate { first += counts[c] }
        return coefficients.withUnsafeBufferPointer { all in
            Self.clenshaw(all, from: first, count: counts[coordinate], x: x, perDay: 2 / days)
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
