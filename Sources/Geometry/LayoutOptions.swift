import ChartModel
import Support

/// What the layout reads of the rendering options: the image size, the title, and which bodies and aspects the
/// wheel shows. How it looks (theme, colours) and which format it is written in are WheelRender's `RenderOptions`,
/// which holds one of these.
public struct LayoutOptions: Sendable, Hashable {
    /// Side of the square image in pixels (SVG user units).
    public var chartSize: Int = 600
    /// Optional title drawn above the wheel, in a font.
    public var title: String?
    /// Bodies left out of the wheel, its aspects, the grid and the table.
    public var excludePlanets: Set<BodyID> = []
    /// `nil`: the six major aspects.
    public var allowedAspects: Set<AspectKind>?
    /// Orbs by aspect; when any is given the aspects are computed from the longitudes.
    public var orbValues: [AspectKind: Double] = [:]
    /// The degree and sign of every house cusp besides the angles. A cusp whose house has no room beside its
    /// line gets its label in a band around the aspect circle, which then shrinks: this moves things.
    public var cuspDegrees = false
    /// A bi-wheel's cross-aspect orbs by kind, overriding the outer chart's defaults (`OuterChartKind.defaultOrb`).
    public var outerOrbValues: [AspectKind: Double] = [:]
    /// A bi-wheel draws the inner chart's own aspects too, besides the cross-aspects.
    public var innerAspects = false
    /// A bi-wheel's centre draws every cross-aspect the grid shows, not only the planets' major ones at close orbs
    /// (`CrossAspect.isDrawnInCentre(of:orbs:)`): with sixteen bodies a ring that is about sixty lines, which no one reads.
    public var allCrossAspects = false
    /// The language of every word the figures show or read out: the legend's names, the house system and the
    /// zodiac, the element table's headings, the sheet's header, the titles and descriptions. Words are wider in
    /// some languages than in others, so this moves things.
    public var language: Language = .fallback

    /// The sizes drawn. Below 250 px the floors that keep glyphs legible (13 px body glyphs, 8.5 px labels) leave
    /// too little of the radius: the house numbers and the aspect circle, inside the glyph columns, shrink towards
    /// the centre and at about 150 px turn inside out. At 250 px the aspect circle keeps over a quarter of the radius.
    public static let chartSizeRange = 250...4000

    /// The sizes a bi-wheel is drawn at. Two rings of columns inside the zodiac band, at the glyphs' floors, leave
    /// the aspect circle a tenth of the radius at 450 px and nothing at 300 px; a smaller size asked for is drawn
    /// at 450 px (the command line refuses it).
    public static let biWheelSizeRange = 450...4000

    /// Why a bi-wheel cannot be drawn at `size`, or `nil` when it can.
    public static func biWheelSizeProblem(_ size: Int) -> String? {
        guard size < biWheelSizeRange.lowerBound else { return chartSizeProblem(size) }
        return "\(size) is below \(biWheelSizeRange.lowerBound), the smallest size at which a bi-wheel stays readable (sizes \(biWheelSizeRange.lowerBound)...\(biWheelSizeRange.upperBound))"
    }

    /// Why `size` cannot be drawn, naming the limit it passes, or `nil` when it can.
    public static func chartSizeProblem(_ size: Int) -> String? {
        if size < chartSizeRange.lowerBound {
            return "\(size) is below \(chartSizeRange.lowerBound), the smallest size at which the wheel stays readable (sizes \(chartSizeRange.lowerBound)...\(chartSizeRange.upperBound))"
        }
        if size > chartSizeRange.upperBound {
            return "\(size) is above \(chartSizeRange.upperBound), the largest size drawn (sizes \(chartSizeRange.lowerBound)...\(chartSizeRange.upperBound))"
        }
        return nil
    }

    /// The longest title, in Unicode scalars (not characters: a letter with 100,000 combining marks is one).
    public static let maxTitleScalars = 200
    /// An orb given in `orbValues` must be in `0 < orb <= maxOrbValue` degrees (FreeAstrologyAPI's range).
    public static let maxOrbValue = 15.0

    /// Why an orb of `orbValues` cannot be used, or nil; the message shows it `as written` when given.
    public static func orbValueProblem(_ orb: Double, as written: String? = nil) -> String? {
        orb > 0 && orb <= maxOrbValue ? nil : "\(written ?? plainNumber(orb)) is outside 0 < orb <= \(Int(maxOrbValue))"
    }

    /// The defaults: 600 px, no title, every body, the six major aspects at their default orbs.
    public init() {}

    /// A value the wheel cannot draw, for the options' reader to name in its own words.
    public enum Problem: Sendable, Equatable {
        case chartSize(String)
        case title(String)
        case orbValue(AspectKind, String)
        case outerOrbValue(AspectKind, String)
    }

    /// The first value the wheel cannot draw, nil when all can be: for options set through their `var`s, which
    /// nothing checks until then (`RenderOptions.validate()` names it by its option).
    public var problem: Problem? {
        if let problem = Self.chartSizeProblem(chartSize) { return .chartSize(problem) }
        if let title, let problem = ChartLimits.textProblem(title, limit: Self.maxTitleScalars) { return .title(problem) }
        for (kind, orb) in orbValues.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = Self.orbValueProblem(orb) { return .orbValue(kind, problem) }
        }
        for (kind, orb) in outerOrbValues.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = Self.orbValueProblem(orb) { return .outerOrbValue(kind, problem) }
        }
        return nil
    }

    /// These options repaired into ones the wheel can draw: the size brought into `chartSizeRange` (so no call
    /// allocates gigabytes), the title cut down to showable text (`ChartLimits.showable`), unusable orbs dropped.
    /// Valid options come back unchanged. `WheelLayout` draws with these whatever it is given.
    public func drawable() -> LayoutOptions {
        var options = self
        options.chartSize = min(max(chartSize, Self.chartSizeRange.lowerBound), Self.chartSizeRange.upperBound)
        options.title = title.map { ChartLimits.showable($0, limit: Self.maxTitleScalars) }.flatMap { $0.isEmpty ? nil : $0 }
        options.orbValues = orbValues.filter { Self.orbValueProblem($0.value) == nil }
        options.outerOrbValues = outerOrbValues.filter { Self.orbValueProblem($0.value) == nil }
        return options
    }

    /// The aspect kinds drawn.
    public var effectiveAspectKinds: Set<AspectKind> { allowedAspects ?? Set(AspectKind.majors) }

    /// A figure's width brought into `chartSizeRange`, as `drawable()` brings a size; not a number: the default.
    static func drawableWidth(_ width: Double) -> Double {
        guard width.isFinite else { return Double(LayoutOptions().chartSize) }
        return min(max(width, Double(chartSizeRange.lowerBound)), Double(chartSizeRange.upperBound))
    }
}

extension NatalChart {
    /// The chart as the wheel draws it under `options`: see `prepared(excluding:aspects:orbs:)`.
    public func prepared(for options: LayoutOptions) -> NatalChart {
        prepared(excluding: options.excludePlanets, aspects: options.effectiveAspectKinds, orbs: options.orbValues)
    }
}
