/// The four angles, which some services list among the planets (FreeAstrologyAPI's `Ascendant`, `MC`).
/// They set the wheel's orientation; they are never drawn as bodies.
enum ChartAngle: Sendable, Hashable {
    case ascendant, midheaven, descendant, imumCoeli

    static let serviceNames = ServiceNameTable<ChartAngle>(entries: [
        ("ascendant", .ascendant), ("asc", .ascendant), ("ac", .ascendant),
        ("midheaven", .midheaven), ("mc", .midheaven), ("mediumcoeli", .midheaven),
        ("descendant", .descendant), ("desc", .descendant), ("dsc", .descendant), ("dc", .descendant),
        ("ic", .imumCoeli), ("imumcoeli", .imumCoeli),
    ])

    init?(serviceName: String) {
        guard let angle = Self.serviceNames.value(for: serviceName) else { return nil }
        self = angle
    }
}
