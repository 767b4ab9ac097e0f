import ChartModel
import Geometry

/// The chart in words, for the SVG's `<desc>`: what a screen reader says instead of showing the wheel.
enum ChartDescription {
    static func text(for layout: WheelLayout) -> String {
        var parts = [
            "Ascendant \(position(layout.ascendant))",
            "Midheaven \(position(layout.midheaven))",
        ]
        for body in layout.bodies {
            parts.append("\(body.id.displayName) \(position(body.longitude))\(body.retrograde ? ", retrograde" : ""), house \(body.house)")
        }
        let aspects = layout.aspects.map { aspect in
            let orb = aspect.orb.map { " (orb \(DegreesMinutes($0)))" } ?? ""
            return "\(aspect.first.displayName) \(aspect.kind.displayName.lowercased()) \(aspect.second.displayName)\(orb)"
        }
        let placements = parts.joined(separator: "; ") + "."
        return aspects.isEmpty ? placements : placements + " Aspects: " + aspects.joined(separator: "; ") + "."
    }

    /// `15°03′ Capricorn`
    static func position(_ longitude: Double) -> String {
        "\(DegreesMinutes(withinSign: longitude)) \(ZodiacSign(longitude: longitude).name)"
    }
}
