/// The four angles, which some services list among the planets (FreeAstrologyAPI's `Ascendant`, `MC`).
/// They set the wheel's orientation; they are never drawn as bodies.
enum ChartAngle: Sendable, Hashable {
    case ascendant, midheaven, descendant, imumCoeli

    init?(serviceName: String) {
        switch serviceNameKey(serviceName) {
        case "ascendant", "asc", "ac": self = .ascendant
        case "midheaven", "mc", "mediumcoeli": self = .midheaven
        case "descendant", "desc", "dsc", "dc": self = .descendant
        case "ic", "imumcoeli": self = .imumCoeli
        default: return nil
        }
    }
}
