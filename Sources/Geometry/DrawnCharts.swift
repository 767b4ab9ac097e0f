import ChartModel

/// The charts a wheel, a bi-wheel or an aspect grid shows under a set of options: excluded bodies removed,
/// each chart's aspects resolved with its orbs, and a second chart's cross-aspects. The wheel and the grid read
/// the same value, so they never disagree about what aspects there are.
public struct DrawnCharts: Sendable {
    /// The chart whose houses are drawn, its aspects those drawn: a bi-wheel draws them only with `innerAspects`.
    public var inner: NatalChart
    /// A bi-wheel's second chart: only its bodies are drawn.
    public var outer: NatalChart?
    /// Between each body of `inner` and each of `outer`, with the outer chart's orbs (`outerOrbValues`, else
    /// `OuterChartKind.defaultOrb`); empty without an outer chart.
    public var crossAspects: [CrossAspect]
    /// Those of `crossAspects` a bi-wheel's centre draws: the planets' major ones at close orbs, or at the
    /// `outerOrbValues` given (`CrossAspect.isDrawnInCentre(of:orbs:)`); every one with `LayoutOptions.allCrossAspects`.
    public var centreCrossAspects: [CrossAspect]
    /// The inner chart's own aspects, whether a bi-wheel draws them or not (the single grid shows them).
    public var innerAspects: [Aspect]
    /// The language the figures' words are in (`LayoutOptions.language`).
    public var language: Language

    /// The charts and aspects a figure of `chart` (and `outer`) shows under `options`, with what the options leave out left out.
    public init(chart: NatalChart, outer: OuterChart?, options: LayoutOptions) {
        let options = options.drawable()
        language = options.language
        inner = chart.prepared(for: options)
        innerAspects = inner.aspects ?? []
        guard let outer else {
            self.outer = nil
            crossAspects = []
            centreCrossAspects = []
            return
        }
        let others = outer.chart.prepared(for: options)
        self.outer = others
        crossAspects = AspectFinder(kinds: options.effectiveAspectKinds, orbs: options.outerOrbValues)
            .crossAspects(inner: inner.bodies, outer: others.bodies, kind: outer.kind)
        centreCrossAspects = options.allCrossAspects ? crossAspects
            : crossAspects.filter { $0.isDrawnInCentre(of: outer.kind, orbs: options.outerOrbValues) }
        if !options.innerAspects { inner.aspects = [] }
    }
}
