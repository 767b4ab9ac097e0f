import ChartModel
import Geometry

/// The chart in words, for the SVG's `<desc>`: what a screen reader says instead of showing the wheel, in the
/// layout's language (`WheelLayout.language`).
enum ChartDescription {
    /// `Ascendant 21°23′ Capricorn; Midheaven …; Sun 15°03′ Capricorn, house 12; … Aspects: Sun trine Saturn (orb 4°43′); …`
    /// A bi-wheel reads the inner chart, then `Outer chart: Sun 2°10′ Leo, house 7; …`, then its aspects with
    /// each end's chart: `Cross-aspects: Sun trine outer Moon (orb 1°05′); …`.
    static func text(for layout: WheelLayout) -> String {
        let terms = layout.language.terms
        let isBiWheel = layout.bodies.contains { $0.ring == .outer }
        var placements = [terms.ascendant + " " + position(layout.ascendant, terms), terms.midheaven + " " + position(layout.midheaven, terms)]
        placements += layout.bodies.filter { $0.ring == .inner }.map { placement($0.id, $0.longitude, $0.retrograde, $0.house, terms) }
        var sentences = [placements.joined(separator: terms.clauseSeparator)]
        if isBiWheel {
            sentences.append(terms.headed(terms.outerChartHeading, layout.bodies.filter { $0.ring == .outer }
                .map { placement($0.id, $0.longitude, $0.retrograde, $0.house, terms) }.joined(separator: terms.clauseSeparator)))
        }
        let own = layout.aspects.filter { $0.firstRing == $0.secondRing }
        let cross = layout.aspects.filter { $0.firstRing != $0.secondRing }
        if !own.isEmpty {
            sentences.append(terms.headed(isBiWheel ? terms.innerAspectsHeading : terms.aspectsHeading, list(own, terms)))
        }
        if !cross.isEmpty { sentences.append(terms.headed(terms.crossAspectsHeading, list(cross, terms))) }
        return terms.sentences(sentences)
    }

    /// `Sun 15°03′ Capricorn, retrograde, house 12`; an outer chart's body is read under its heading.
    static func placement(_ body: BodyID, _ longitude: Double, _ retrograde: Bool, _ house: Int, _ terms: Terms) -> String {
        [terms.name(of: body) + " " + position(longitude, terms), retrograde ? terms.retrograde(body) : nil, terms.house(house)]
            .compactMap { $0 }.joined(separator: terms.listSeparator)
    }

    private static func list(_ aspects: [WheelLayout.AspectChord], _ terms: Terms) -> String {
        aspects.map { words($0.first, $0.firstRing, $0.kind, $0.second, $0.secondRing, orb: $0.orb, terms) }.joined(separator: terms.clauseSeparator)
    }

    /// `Sun trine Saturn (orb 4°43′)`; an outer chart's body is `outer Moon`.
    static func words(_ first: BodyID, _ firstRing: WheelLayout.Ring, _ kind: AspectKind, _ second: BodyID, _ secondRing: WheelLayout.Ring,
                      orb: Double?, _ terms: Terms) -> String {
        terms.aspect(first, kind, second, firstIsOuter: firstRing == .outer, secondIsOuter: secondRing == .outer)
            + (orb.map { terms.orb(DegreesMinutes($0).description) } ?? "")
    }

    /// `15°03′ Capricorn`.
    static func position(_ longitude: Double, _ terms: Terms) -> String {
        "\(DegreesMinutes(withinSign: longitude)) \(terms.name(of: ZodiacSign(longitude: longitude)))"
    }
}
