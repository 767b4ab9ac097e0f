/// An aspect between a body of one chart and a body of another: a partner's (synastry) or the sky's at a
/// moment (transits). The same body may be on both sides (the Sun to the partner's Sun).
public struct CrossAspect: Sendable, Hashable, Codable {
    /// The body of the inner chart, the one whose houses are drawn.
    public var inner: BodyID
    /// The body of the outer chart.
    public var outer: BodyID
    /// The aspect's kind.
    public var kind: AspectKind
    /// |separation − the kind's angle|, degrees.
    public var orb: Double

    /// A cross-aspect of `kind` from the inner chart's `inner` to the outer chart's `outer`, `orb` degrees from exact.
    public init(inner: BodyID, outer: BodyID, kind: AspectKind, orb: Double) {
        self.inner = inner
        self.outer = outer
        self.kind = kind
        self.orb = orb
    }
}

/// What the second chart of a bi-wheel is: its cross-aspects are read with orbs of their own.
public enum OuterChartKind: String, Sendable, Hashable, CaseIterable {
    /// A partner's chart: moderate orbs, as synastry reads them.
    case synastry
    /// The sky at a moment: tight orbs, since a transit's aspect matters near exactness.
    case transits

    /// Orbs by kind for the cross-aspects, in degrees: synastry conjunction and opposition 6, square and trine 5,
    /// sextile 4, quincunx 2, the minor ones 1; transits 2, 2, 1.5, 1 and 0.5.
    public func defaultOrb(_ kind: AspectKind) -> Double {
        switch (self, kind) {
        case (.synastry, .conjunction), (.synastry, .opposition): 6
        case (.synastry, .square), (.synastry, .trine): 5
        case (.synastry, .sextile): 4
        case (.synastry, .quincunx): 2
        case (.synastry, _): 1
        case (.transits, .conjunction), (.transits, .opposition), (.transits, .square), (.transits, .trine): 2
        case (.transits, .sextile): 1.5
        case (.transits, .quincunx): 1
        case (.transits, _): 0.5
        }
    }
}

extension OuterChartKind {
    /// The five aspects a bi-wheel's centre draws by default: conjunction, opposition, square, trine and sextile,
    /// the ones synastry and transit readings start from.
    public static let centreKinds: Set<AspectKind> = [.conjunction, .opposition, .square, .trine, .sextile]

    /// The widest orb at which a bi-wheel's centre draws, by default, a cross-aspect of `aspect` between `inner`
    /// and `outer`; nil for one it never draws there (a point, an asteroid or a minor aspect: the grid has them).
    /// Only the ten planets (`BodyID.planets`) and `centreKinds`. Synastry: the luminaries (Sun or Moon at either
    /// end) keep the grid's orbs (6° conjunction and opposition, 5° square and trine, 4° sextile); between two
    /// other planets about two thirds of them (4°, 3°, 2°), as synastry reads a partner's planets closer than a
    /// natal chart's. Transits: the grid's orbs, at most 2° already.
    public func centreOrb(_ aspect: AspectKind, between inner: BodyID, and outer: BodyID) -> Double? {
        guard Self.centreKinds.contains(aspect), BodyID.planets.contains(inner), BodyID.planets.contains(outer) else { return nil }
        let luminary: Set<BodyID> = [.sun, .moon]
        guard self == .synastry, !luminary.contains(inner), !luminary.contains(outer) else { return defaultOrb(aspect) }
        switch aspect {
        case .conjunction, .opposition: return 4
        case .square, .trine: return 3
        default: return 2
        }
    }
}

extension CrossAspect {
    /// Whether a bi-wheel's centre draws it by default, read as `kind` reads it (`OuterChartKind.centreOrb`), or
    /// within the orb given for its kind in `orbs` (the user's `outer_orb_values`, which the centre follows too);
    /// the cross-aspect grid, and the centre with `LayoutOptions.allCrossAspects`, draw every one.
    public func isDrawnInCentre(of kind: OuterChartKind, orbs: [AspectKind: Double] = [:]) -> Bool {
        guard let centre = kind.centreOrb(self.kind, between: inner, and: outer) else { return false }
        return orb <= orbs[self.kind] ?? centre
    }
}

extension AspectFinder {
    /// The aspects between each body of `inner` and each of `outer`, with this finder's kinds; orbs from
    /// `orbs`, else `kind`'s defaults. Sorted by inner body, then outer body.
    public func crossAspects(inner: [Body], outer: [Body], kind: OuterChartKind) -> [CrossAspect] {
        let candidates = AspectKind.allCases.filter { kinds.contains($0) }.map { ($0, orbs[$0] ?? kind.defaultOrb($0)) }
        let allIDs = BodyID.allCases
        let innerSorted = inner.sorted { allIDs.firstIndex(of: $0.id)! < allIDs.firstIndex(of: $1.id)! }
        let outerSorted = outer.sorted { allIDs.firstIndex(of: $0.id)! < allIDs.firstIndex(of: $1.id)! }
        var found: [CrossAspect] = []
        for a in innerSorted {
            for b in outerSorted {
                let separation = Self.separation(a.longitude, b.longitude)
                var best: CrossAspect?
                for (aspectKind, allowed) in candidates {
                    let orb = abs(separation - aspectKind.angle)
                    guard orb <= allowed, orb < (best?.orb ?? .infinity) else { continue }
                    best = CrossAspect(inner: a.id, outer: b.id, kind: aspectKind, orb: orb)
                }
                if let best { found.append(best) }
            }
        }
        return found
    }
}

/// The second chart of a bi-wheel: its bodies go on a ring of their own around the inner chart's.
public struct OuterChart: Sendable {
    /// Only its bodies are drawn; its houses and angles belong to another place and are left out.
    public var chart: NatalChart
    /// A partner's chart (synastry) or the sky at a moment (transits): it decides the cross-aspects' orbs.
    public var kind: OuterChartKind

    /// `chart`'s bodies as a bi-wheel's outer ring, of `kind`.
    public init(chart: NatalChart, kind: OuterChartKind) {
        self.chart = chart
        self.kind = kind
    }
}
