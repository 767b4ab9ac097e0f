/// A body or point the wheel can draw, in the order the wheel lists them.
public enum BodyID: String, CaseIterable, Sendable, Codable, Comparable {
    case sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto
    case northNode, meanNode, southNode, chiron, ceres, pallas, juno, vesta, lilith, partOfFortune

    /// The ten planets, Sun to Pluto (the luminaries among them): what the element table counts and a bi-wheel's
    /// centre draws; the rest are points and asteroids.
    public static let planets: [BodyID] = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto]

    /// The name shown to people and written in layouts and descriptions.
    public var displayName: String {
        // Literals: a service's answer writes a name per body, and one made from `rawValue` was built each time.
        switch self {
        case .sun: "Sun"
        case .moon: "Moon"
        case .mercury: "Mercury"
        case .venus: "Venus"
        case .mars: "Mars"
        case .jupiter: "Jupiter"
        case .saturn: "Saturn"
        case .uranus: "Uranus"
        case .neptune: "Neptune"
        case .pluto: "Pluto"
        case .northNode: "North Node"
        case .meanNode: "Mean Node"
        case .southNode: "South Node"
        case .chiron: "Chiron"
        case .ceres: "Ceres"
        case .pallas: "Pallas"
        case .juno: "Juno"
        case .vesta: "Vesta"
        case .lilith: "Lilith"
        case .partOfFortune: "Part of Fortune"
        }
    }

    /// Each body's own name and the services' other names for it.
    static let serviceNames = ServiceNameTable<BodyID>(entries: [
        ("sun", .sun), ("moon", .moon), ("mercury", .mercury), ("venus", .venus), ("mars", .mars),
        ("jupiter", .jupiter), ("saturn", .saturn), ("uranus", .uranus), ("neptune", .neptune), ("pluto", .pluto),
        ("northnode", .northNode), ("node", .northNode), ("truenode", .northNode), ("truenorthnode", .northNode),
        ("nnode", .northNode), ("rahu", .northNode),
        ("meannode", .meanNode), ("meannorthnode", .meanNode),
        ("southnode", .southNode), ("truesouthnode", .southNode), ("snode", .southNode), ("ketu", .southNode),
        ("chiron", .chiron), ("ceres", .ceres), ("pallas", .pallas), ("pallasathena", .pallas), ("juno", .juno), ("vesta", .vesta),
        ("lilith", .lilith), ("blackmoonlilith", .lilith), ("meanlilith", .lilith), ("blackmoon", .lilith),
        ("meanapogee", .lilith), ("blackmoonlilithmeanapogee", .lilith),
        ("partoffortune", .partOfFortune), ("fortune", .partOfFortune), ("parsfortuna", .partOfFortune),
        ("pof", .partOfFortune), ("lotoffortune", .partOfFortune),
    ])

    /// Recognises the names the chart services use, in any case and spacing.
    public init?(serviceName: String) {
        guard let body = Self.serviceNames.value(for: serviceName) else { return nil }
        self = body
    }

    /// Chart order: the Sun, the Moon, Mercury to Pluto, then the points.
    public static func < (a: BodyID, b: BodyID) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
