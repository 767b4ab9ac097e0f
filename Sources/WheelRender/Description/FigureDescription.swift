import ChartModel
import Geometry

/// The aspect grid and the element table in words, for their `<desc>`, in their language.
extension ChartDescription {
    /// `Bodies: Sun, Moon, …. Aspects: Sun trine Saturn (orb 4°43′); …`; for two charts `Inner chart: Sun, ….
    /// Outer chart: Sun, …. Cross-aspects: Sun trine outer Moon (orb 1°05′); …`: every aspect, in the wheel's order.
    static func text(for grid: AspectGrid) -> String {
        let terms = grid.language.terms
        func names(_ ids: [BodyID]) -> String { ids.isEmpty ? terms.noneWord : ids.map { terms.name(of: $0) }.joined(separator: terms.listSeparator) }
        var sentences = grid.isCrossGrid
            ? [terms.headed(terms.innerChartHeading, names(grid.rows)), terms.headed(terms.outerChartHeading, names(grid.columns))]
            : [terms.headed(terms.bodiesHeading, names(grid.rows))]
        let aspects = grid.aspects.map { words($0.first, $0.firstRing, $0.kind, $0.second, $0.secondRing, orb: $0.orb, terms) }
        if aspects.isEmpty {
            sentences.append(grid.isCrossGrid ? terms.noCrossAspects : terms.noAspects)
        } else {
            sentences.append(terms.headed(grid.isCrossGrid ? terms.crossAspectsHeading : terms.aspectsHeading, aspects.joined(separator: terms.clauseSeparator)))
        }
        return terms.sentences(sentences)
    }

    /// `Fire 3: Sun, Mars, Jupiter; Earth 0; …. Cardinal 4: …. By sign: Aries 1: Mars; …. Planets counted: 10
    /// (Sun to Pluto; points are not).`
    static func text(for table: ElementTable) -> String {
        let terms = table.language.terms, balance = table.balance
        func count(_ name: String, _ bodies: [BodyID]) -> String {
            let counted = "\(name) \(bodies.count)"
            return bodies.isEmpty ? counted : terms.headed(counted, bodies.map { terms.name(of: $0) }.joined(separator: terms.listSeparator))
        }
        let elements = ZodiacSign.Element.allCases.map { count(terms.name(of: $0), balance.bodies(in: $0)) }
        let modalities = ZodiacSign.Modality.allCases.map { count(terms.name(of: $0), balance.bodies(in: $0)) }
        let signs = ZodiacSign.allCases.filter { !balance.bodies(in: $0).isEmpty }.map { count(terms.name(of: $0), balance.bodies(in: $0)) }
        var sentences = [elements.joined(separator: terms.clauseSeparator), modalities.joined(separator: terms.clauseSeparator)]
        if !signs.isEmpty { sentences.append(terms.headed(terms.bySignHeading, signs.joined(separator: terms.clauseSeparator))) }
        return terms.sentences(sentences + [terms.counted(balance.total)])
    }
}
