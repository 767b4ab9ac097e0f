import ChartModel

/// What the layout reads of the rendering options: the image size, the title, and which bodies and aspects the
/// wheel shows. How it looks (theme, colours) and which format it is written in are WheelRender's `RenderOptions`,
/// which holds one of these.
public struct LayoutOptions: Sendable, Hashable {
    /// Side of the square image in pixels (SVG user units).
    public var chartSize: Int = 600
    /// Optional title drawn above the wheel, the only text that needs a font.
    public var title: String?
    public var excludePlanets: Set<BodyID> = []
    /// `nil`: the six major aspects.
    public var allowedAspects: Set<AspectKind>?
    /// Orbs by aspect; when any is given the aspects are computed from the longitudes.
    public var orbValues: [AspectKind: Double] = [:]

    public static let chartSizeRange = 100...4000

    public init() {}

    /// The aspect kinds drawn.
    public var effectiveAspectKinds: Set<AspectKind> { allowedAspects ?? Set(AspectKind.majors) }
}

extension NatalChart {
    /// The chart as the wheel draws it under `options`: see `prepared(excluding:aspects:orbs:)`.
    public func prepared(for options: LayoutOptions) -> NatalChart {
        prepared(excluding: options.excludePlanets, aspects: options.effectiveAspectKinds, orbs: options.orbValues)
    }
}
