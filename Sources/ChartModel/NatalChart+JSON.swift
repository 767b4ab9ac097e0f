import Foundation

extension NatalChart {
    /// The chart in this project's own format (`bodies`, `cusps`, `ascendant`, `midheaven`, `aspects`),
    /// pretty-printed (or on one line, `compact`) with sorted keys so that the same chart always gives the same
    /// bytes. `ChartDecoder.decode` reads it back to an equal chart.
    public func jsonData(compact: Bool = false) -> Data {
        if compact { return compactJSON() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // A hand-made chart may hold NaN; writing it as a string keeps this call total, and reading it back
        // rejects it with a path instead of accepting a wrong chart.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try encoder.encode(self)
        } catch {
            preconditionFailure("NatalChart holds only numbers, strings and lists: \(error)")
        }
    }
}
