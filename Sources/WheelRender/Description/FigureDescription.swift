import ChartModel
import Geometry

/// The aspect grid, the element table and the positions table in words, for their `<desc>`, in their language.
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

    /// `Bodies: Sun 24°29′ Taurus, house 10; Mercury 8°00′ Taurus, retrograde, house 10; …. Houses: Ascendant 2°12′
    /// Leo; Midheaven 17°57′ Aries; house 1: 2°12′ Leo; …`; for two charts `Inner chart: …. Outer chart: …, house 7
    /// (the inner chart's); …. Houses: …`: every row, in the table's words and order.
    static func text(for table: PositionsTable) -> String {
        let terms = table.language.terms
        let sentences = table.blocks.map { block -> String in
            switch block.kind {
            case .bodies(let ring):
                let heading = table.hasOuterChart ? (ring == .outer ? terms.outerChartHeading : terms.innerChartHeading) : terms.bodiesHeading
                let rows = block.bodies.map { placement($0.body, $0.longitude, $0.retrograde, $0.house, terms) }
                return terms.headed(heading, rows.isEmpty ? terms.noneWord : rows.joined(separator: terms.clauseSeparator))
            case .houses:
                return houses(table)
            }
        }
        return terms.sentences(sentences)
    }

    /// `Houses: Ascendant 2°12′ Leo; Midheaven 17°57′ Aries; house 1: 2°12′ Leo; …`.
    static func houses(_ table: PositionsTable) -> String {
        let terms = table.language.terms
        let rows = table.blocks.filter { $0.kind == .houses }.flatMap(\.cusps).map { row in
            switch row.point {
            case .ascendant: terms.ascendant + " " + position(row.longitude, terms)
            case .midheaven: terms.midheaven + " " + position(row.longitude, terms)
            case .house(let number): terms.headed(terms.house(number), position(row.longitude, terms))
            }
        }
        return terms.headed(terms.houseCuspsHeading, rows.joined(separator: terms.clauseSeparator))
    }
}
