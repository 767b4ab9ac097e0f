import ChartModel
import Geometry

/// The chart in words, for the SVG's `<desc>`: what a screen reader says instead of showing the wheel.
enum ChartDescription {
    /// `Ascendant 21°23′ Capricorn; Midheaven …; Sun 15°03′ Capricorn, house 12; … Aspects: Sun trine Saturn (orb 4°43′); …`
    static func text(for layout: WheelLayout) -> String {
        var placements = ["Ascendant " + position(layout.ascendant), "Midheaven " + position(layout.midheaven)]
        for body in layout.bodies {
            let retrograde = body.retrograde ? ", retrograde" : ""
            placements.append("\(body.id.displayName) \(position(body.longitude))\(retrograde), house \(body.house)")
        }
        var text = placements.joined(separator: "; ") + "."
        guard !layout.aspects.isEmpty else { return text }
        let aspects = layout.aspects.map { aspect in
            "\(aspect.first.displayName) \(aspect.kind.displayName.lowercased()) \(aspect.second.displayName)"
                + (aspect.orb.map { " (orb \(DegreesMinutes($0)))" } ?? "")
        }
        text += " Aspects: " + aspects.joined(separator: "; ") + "."
        return text
    }

    /// `15°03′ Capricorn`
    private static func position(_ longitude: Double) -> String {
        "\(DegreesMinutes(withinSign: longitude)) \(ZodiacSign(longitude: longitude).name)"
    }
}
