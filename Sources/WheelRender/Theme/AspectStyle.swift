import ChartModel

/// Dash patterns, in multiples of the chord's width, so that colour is never the only thing telling
/// aspects apart. Conjunctions are arcs, drawn solid.
enum AspectStyle {
    static func dashes(_ kind: AspectKind) -> [Double] {
        switch kind {
        case .conjunction, .opposition: []
        case .square: [7, 3]
        case .trine: [12, 3, 2, 3]
        case .sextile: [3, 3]
        case .quincunx: [0.1, 3]
        case .semiSextile: [0.1, 2, 0.1, 5]
        case .semiSquare: [5, 2, 0.1, 2]
        case .sesquiquadrate: [9, 2, 0.1, 2, 0.1, 2]
        case .quintile: [3, 2, 3, 5]
        case .biquintile: [6, 2, 6, 5]
        case .septile: [0.1, 2, 0.1, 2, 0.1, 5]
        case .novile: [10, 2, 3, 2]
        }
    }
}
