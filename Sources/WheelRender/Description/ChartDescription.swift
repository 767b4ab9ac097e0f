import ChartModel
import Geometry

/// The chart in words, for the SVG's `<desc>`: what a screen reader says instead of showing the wheel.
enum ChartDescription {
    /// `Ascendant 21°23′ Capricorn; Midheaven …; Sun 15°03′ Capricorn, house 12; … Aspects: Sun trine Saturn (orb 4°43′); …`
    /// A bi-wheel reads the inner chart, then `Outer chart: Sun 2°10′ Leo, house 7; …`, then its aspects with
    /// each end's chart: `Cross-aspects: Sun trine outer Moon (orb 1°05′); …`.
    static func text(for layout: WheelLayout) -> String {
        let isBiWheel = layout.bodies.contains { $0.ring == .outer }
        var placements = ["Ascendant " + position(layout.ascendant), "Midheaven " + position(layout.midheaven)]
        placements += layout.bodies.filter { $0.ring == .inner }.map(placement)
        var text = placements.joined(separator: "; ") + "."
        if isBiWheel {
            text += " Outer chart: " + layout.bodies.filter { $0.ring == .outer }.map(placement).joined(separator: "; ") + "."
        }
        let own = layout.aspects.filter { $0.firstRing == $0.secondRing }
        let cross = layout.aspects.filter { $0.firstRing != $0.secondRing }
        if !own.isEmpty { text += (isBiWheel ? " Aspects within the inner chart: " : " Aspects: ") + own.map(words).joined(separator: "; ") + "." }
        if !cross.isEmpty { text += " Cross-aspects: " + cross.map(words).joined(separator: "; ") + "." }
        return text
    }

    private static func placement(_ body: WheelLayout.BodyPlacement) -> String {
        "\(body.id.displayName) \(position(body.longitude))\(body.retrograde ? ", retrograde" : ""), house \(body.house)"
    }

    private static func words(_ aspect: WheelLayout.AspectChord) -> String {
        words(aspect.first, aspect.firstRing, aspect.kind, aspect.second, aspect.secondRing, orb: aspect.orb)
    }

    /// `Sun trine Saturn (orb 4°43′)`; an outer chart's body is `outer Moon`.
    static func words(_ first: BodyID, _ firstRing: WheelLayout.Ring, _ kind: AspectKind, _ second: BodyID, _ secondRing: WheelLayout.Ring,
                      orb: Double?) -> String {
        func name(_ id: BodyID, _ ring: WheelLayout.Ring) -> String { (ring == .outer ? "outer " : "") + id.displayName }
        return "\(name(first, firstRing)) \(kind.displayName.lowercased()) \(name(second, secondRing))"
            + (orb.map { " (orb \(DegreesMinutes($0)))" } ?? "")
    }

    /// `15°03′ Capricorn`
    private static func position(_ longitude: Double) -> String {
        "\(DegreesMinutes(withinSign: longitude)) \(ZodiacSign(longitude: longitude).name)"
    }
}
