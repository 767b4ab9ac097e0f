/// How to draw a wheel: size, format, theme, colours, and which bodies and aspects to show.
/// The JSON names are the chart services' own (`chart_size`, `planet_icon_color`, …).
public struct RenderOptions: Sendable, Hashable {
    public enum ImageType: String, Sendable, CaseIterable { case svg, png }
    public enum Theme: String, Sendable, CaseIterable { case light, dark }

    /// Side of the square image in pixels (SVG user units).
    public var chartSize: Int = 600
    /// `nil`: decided by the output file's extension, else SVG.
    public var imageType: ImageType?
    public var theme: Theme = .light
    public var planetIconColor: Colour?
    public var innerCircleBackground: Colour?
    public var signIconColor: Colour?
    public var signBackground: Colour?
    public var chartBackgroundColor: Colour?
    /// Colour of the house cusp lines (FreeAstrologyAPI's `dotted_line_color`).
    public var cuspLineColor: Colour?
    public var aspectLineColors: [AspectKind: Colour] = [:]
    public var excludePlanets: Set<BodyID> = []
    /// `nil`: the six major aspects.
    public var allowedAspects: Set<AspectKind>?
    /// Orbs by aspect; when any is given the aspects are computed from the longitudes.
    public var orbValues: [AspectKind: Double] = [:]
    /// Optional title drawn above the wheel, the only text that needs a font.
    public var title: String?

    public static let chartSizeRange = 100...4000

    public init() {}

    /// The aspect kinds drawn.
    public var effectiveAspectKinds: Set<AspectKind> { allowedAspects ?? Set(AspectKind.majors) }
}

extension NatalChart {
    /// The chart as the wheel draws it under `options`.
    public func prepared(for options: RenderOptions) -> NatalChart {
        prepared(excluding: options.excludePlanets, aspects: options.effectiveAspectKinds, orbs: options.orbValues)
    }
}
