/// The twelve signs of the tropical zodiac, each 30° from 0° Aries.
public enum ZodiacSign: Int, CaseIterable, Sendable, Codable {
    case aries, taurus, gemini, cancer, leo, virgo, libra, scorpio, sagittarius, capricorn, aquarius, pisces

    /// The element of a sign: fire, earth, air or water, in turn from Aries.
    public enum Element: String, CaseIterable, Sendable { case fire, earth, air, water }
    /// How a sign acts: cardinal signs begin a season, fixed ones hold it, mutable ones end it.
    public enum Modality: String, CaseIterable, Sendable { case cardinal, fixed, mutable }

    /// Total: a longitude that is not a number (which the model's checks refuse) reads as Aries rather than trapping.
    public init(longitude: Double) {
        let place = normalizedDegrees(longitude)
        self = ZodiacSign(rawValue: place.isNaN ? 0 : Int(place / 30) % 12)!
    }

    /// The sign's English name (`Capricorn`).
    public var name: String { Self.names[rawValue] }

    private static let names = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius",
                                "Capricorn", "Aquarius", "Pisces"]

    /// The sign's element (Aries fire, Taurus earth, …).
    public var element: Element { [.fire, .earth, .air, .water][rawValue % 4] }

    /// The sign's modality (Aries cardinal, Taurus fixed, Gemini mutable, …).
    public var modality: Modality { [.cardinal, .fixed, .mutable][rawValue % 3] }

    /// The one sign of an element and a modality: fire and cardinal is Aries. Elements repeat every 4 signs and
    /// modalities every 3, so each of the 12 pairs is one sign.
    public init(element: Element, modality: Modality) {
        let e = Element.allCases.firstIndex(of: element)!, m = Modality.allCases.firstIndex(of: modality)!
        self = ZodiacSign(rawValue: (0..<12).first { $0 % 4 == e && $0 % 3 == m }!)!
    }

    /// Longitude where the sign begins.
    public var startLongitude: Double { Double(rawValue) * 30 }
}

/// Brings any angle in degrees into 0..<360.
public func normalizedDegrees(_ value: Double) -> Double {
    let r = value.truncatingRemainder(dividingBy: 360)
    let n = r < 0 ? r + 360 : r
    return n >= 360 ? 0 : n
}
