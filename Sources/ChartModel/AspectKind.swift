/// An aspect: an angle between two bodies that astrologers read, with the names the services give it.
public enum AspectKind: String, CaseIterable, Sendable, Codable {
    case conjunction, opposition, square, trine, sextile, quincunx
    case semiSextile, semiSquare, sesquiquadrate, quintile, biquintile, septile, novile

    /// The exact separation of the aspect in degrees (a trine 120).
    public var angle: Double {
        switch self {
        case .conjunction: 0
        case .opposition: 180
        case .square: 90
        case .trine: 120
        case .sextile: 60
        case .quincunx: 150
        case .semiSextile: 30
        case .semiSquare: 45
        case .sesquiquadrate: 135
        case .quintile: 72
        case .biquintile: 144
        case .septile: 360.0 / 7
        case .novile: 40
        }
    }

    /// Whether it is one of the six major aspects (`majors`).
    public var isMajor: Bool { AspectKind.majors.contains(self) }
    /// The six major aspects, drawn by default: conjunction, opposition, square, trine, sextile, quincunx.
    public static let majors: [AspectKind] = [.conjunction, .opposition, .square, .trine, .sextile, .quincunx]

    /// Default orbs in degrees, the AstrologyAPI table for the majors and narrow ones for the minors.
    public var defaultOrb: Double {
        switch self {
        case .conjunction, .opposition: 10
        case .square, .trine: 8
        case .sextile: 6
        case .quincunx: 3
        case .semiSextile, .semiSquare, .sesquiquadrate, .quintile, .biquintile: 2
        case .septile, .novile: 1
        }
    }

    /// The name as shown in the description and the legend (`Semi-sextile`).
    public var displayName: String {
        // Literals, as `BodyID.displayName`'s.
        switch self {
        case .conjunction: "Conjunction"
        case .opposition: "Opposition"
        case .square: "Square"
        case .trine: "Trine"
        case .sextile: "Sextile"
        case .quincunx: "Quincunx"
        case .semiSextile: "Semi-Sextile"
        case .semiSquare: "Semi-Square"
        case .sesquiquadrate: "Sesquiquadrate"
        case .quintile: "Quintile"
        case .biquintile: "Biquintile"
        case .septile: "Septile"
        case .novile: "Novile"
        }
    }

    /// Recognises service spellings: "Semi-Sextile", "semisextile", "Octile" (a semi-square), "Inconjunct".
    static let serviceNames = ServiceNameTable<AspectKind>(entries: [
        ("conjunction", .conjunction), ("conjunct", .conjunction), ("opposition", .opposition), ("opposite", .opposition),
        ("square", .square), ("trine", .trine), ("sextile", .sextile), ("quincunx", .quincunx), ("inconjunct", .quincunx),
        ("semisextile", .semiSextile), ("semisquare", .semiSquare), ("octile", .semiSquare),
        ("sesquiquadrate", .sesquiquadrate), ("sesquisquare", .sesquiquadrate), ("trioctile", .sesquiquadrate),
        ("quintile", .quintile), ("biquintile", .biquintile), ("septile", .septile), ("novile", .novile),
    ])

    /// The kind a service's name spells (`Semi-Sextile`, `Octile`, `Inconjunct`, any case), or `nil`.
    public init?(serviceName: String) {
        guard let kind = Self.serviceNames.value(for: serviceName) else { return nil }
        self = kind
    }
}
