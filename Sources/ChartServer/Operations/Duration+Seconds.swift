extension Duration {
    /// The duration in seconds, as a `Double`: a render's time, a request's for its log line.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}
