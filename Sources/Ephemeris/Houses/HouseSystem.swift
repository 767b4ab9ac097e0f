import ChartModel
import Support

/// The seven house systems. The raw values are the names in the CLI and in JSON.
public enum HouseSystem: String, CaseIterable, Sendable, Codable {
    case placidus, koch, regiomontanus, campanus, porphyry, equal
    case wholeSign = "whole-sign"

    /// The system's name as shown on the wheel (`Placidus`, `Whole Sign`).
    public var displayName: String {
        switch self {
        case .placidus: "Placidus"
        case .koch: "Koch"
        case .regiomontanus: "Regiomontanus"
        case .campanus: "Campanus"
        case .porphyry: "Porphyry"
        case .equal: "Equal"
        case .wholeSign: "Whole Sign"
        }
    }

    /// The one-letter code the Swiss Ephemeris and the programs built on it use (`P` for Placidus).
    public var letter: Character {
        switch self {
        case .placidus: "P"
        case .koch: "K"
        case .regiomontanus: "R"
        case .campanus: "C"
        case .porphyry: "O"
        case .equal: "E"
        case .wholeSign: "W"
        }
    }

    /// Whether the system is defined only outside the polar circles (it needs every ecliptic degree to rise and set).
    var needsRisingAndSetting: Bool { self == .placidus || self == .koch }

    /// A name as users write it: the raw value in any case, with `_`, `-` or a space between words or none
    /// (`whole_sign`, `WholeSign`, `Whole Sign`), or the one-letter code (`P`, `k`).
    public init(name: String) throws(ChartError) {
        let trimmed = name.trimmingWhitespace()
        let squeezed = String(trimmed.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        for system in HouseSystem.allCases {
            let own = String(system.rawValue.filter { $0 != "-" })
            if squeezed == own || (trimmed.count == 1 && trimmed.uppercased() == String(system.letter)) {
                self = system
                return
            }
        }
        let names = HouseSystem.allCases.map(\.rawValue)
        throw ChartError(
            "house_system",
            "unknown house system \(quote(name))" + didYouMean(trimmed, among: names)
                + "; known: " + names.joined(separator: ", ")
        )
    }
}
