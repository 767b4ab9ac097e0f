import ChartModel
import Geometry

/// The aspect grid and the element table in words, for their `<desc>`.
extension ChartDescription {
    /// `Bodies: Sun, Moon, …. Aspects: Sun trine Saturn (orb 4°43′); …`; for two charts `Inner chart: Sun, …;
    /// outer chart: Sun, …. Cross-aspects: Sun trine outer Moon (orb 1°05′); …`: every aspect, in the wheel's order.
    static func text(for grid: AspectGrid) -> String {
        func names(_ ids: [BodyID]) -> String { ids.isEmpty ? "none" : ids.map(\.displayName).joined(separator: ", ") }
        var text = grid.isCrossGrid ? "Inner chart: \(names(grid.rows)); outer chart: \(names(grid.columns))." : "Bodies: \(names(grid.rows))."
        let aspects = grid.aspects.map { words($0.first, $0.firstRing, $0.kind, $0.second, $0.secondRing, orb: $0.orb) }
        let heading = grid.isCrossGrid ? "Cross-aspects" : "Aspects"
        text += aspects.isEmpty ? " No \(heading.lowercased())." : " \(heading): " + aspects.joined(separator: "; ") + "."
        return text
    }

    /// `Fire 3: Sun, Mars, Jupiter; Earth 0; …. Cardinal 4: …. By sign: Aries 1: Mars; …. 10 planets counted,
    /// Sun to Pluto; points are not.`
    static func text(for table: ElementTable) -> String {
        let balance = table.balance
        func count(_ name: String, _ bodies: [BodyID]) -> String {
            "\(name) \(bodies.count)" + (bodies.isEmpty ? "" : ": " + bodies.map(\.displayName).joined(separator: ", "))
        }
        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        let elements = ZodiacSign.Element.allCases.map { count(capitalized($0.rawValue), balance.bodies(in: $0)) }
        let modalities = ZodiacSign.Modality.allCases.map { count(capitalized($0.rawValue), balance.bodies(in: $0)) }
        let signs = ZodiacSign.allCases.filter { !balance.bodies(in: $0).isEmpty }.map { count($0.name, balance.bodies(in: $0)) }
        var text = elements.joined(separator: "; ") + ". " + modalities.joined(separator: "; ") + "."
        if !signs.isEmpty { text += " By sign: " + signs.joined(separator: "; ") + "." }
        return text + " \(balance.total) planet\(balance.total == 1 ? "" : "s") counted, Sun to Pluto; points are not."
    }
}
