/// A body or point the wheel can draw, in the order the wheel lists them.
public enum BodyID: String, CaseIterable, Sendable, Codable, Comparable {
    case sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto
    case northNode, meanNode, southNode, chiron, lilith, partOfFortune

    /// The name shown to people and written in layouts and descriptions.
    public var displayName: String {
        switch self {
        case .northNode: "North Node"
        case .meanNode: "Mean Node"
        case .southNode: "South Node"
        case .partOfFortune: "Part of Fortune"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    private static let byLowercasedName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })

    /// Recognises the names the chart services use, in any case and spacing.
    public init?(serviceName: String) {
        let key = serviceNameKey(serviceName)
        switch key {
        case "node", "truenode", "northnode", "truenorthnode", "nnode", "rahu": self = .northNode
        case "meannode", "meannorthnode": self = .meanNode
        case "southnode", "truesouthnode", "snode", "ketu": self = .southNode
        case "lilith", "blackmoonlilith", "meanlilith", "blackmoon", "meanapogee", "blackmoonlilithmeanapogee": self = .lilith
        case "partoffortune", "fortune", "parsfortuna", "pof", "lotoffortune": self = .partOfFortune
        default:
            guard let body = Self.byLowercasedName[key] else { return nil }
            self = body
        }
    }

    public static func < (a: BodyID, b: BodyID) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
