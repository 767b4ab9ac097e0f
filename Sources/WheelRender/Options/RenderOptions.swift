import ChartModel
import Geometry
import Support

/// How to draw a wheel: size, format, theme, colours, and which bodies and aspects to show.
/// The JSON names are the chart services' own (`chart_size`, `planet_icon_color`, …).
public struct RenderOptions: Sendable, Hashable {
    /// An image's format: SVG text or PNG pixels (`image_type`).
    public enum ImageType: String, Sendable, CaseIterable { case svg, png }
    /// The colour theme: light or dark (`theme`).
    public enum Theme: String, Sendable, CaseIterable { case light, dark }

    /// What the layout reads: size, title, bodies and aspects. Its members are also this type's own
    /// (`options.chartSize`), as the services name them all at one level.
    public var layout = LayoutOptions()
    /// `nil`: decided by the output file's extension, else SVG.
    public var imageType: ImageType?
    /// The theme the colours not given come from (`theme`).
    public var theme: Theme = .light
    /// The body glyphs' colour (`planet_icon_color`); `nil`: the theme's.
    public var planetIconColor: Colour?
    /// The aspect circle's fill (`inner_circle_background`); `nil`: the theme's.
    public var innerCircleBackground: Colour?
    /// The sign glyphs' colour (`sign_icon_color`); `nil`: by element.
    public var signIconColor: Colour?
    /// The zodiac band's fill (`sign_background`); `nil`: by element.
    public var signBackground: Colour?
    /// The background (`chart_background_color`, or `background` as a colour); `nil`: the theme's.
    public var chartBackgroundColor: Colour?
    /// No background around the wheel (`background: "none"`): the SVG has no background rectangle and the PNG
    /// is transparent there. The wheel's disc keeps the background colour, so that its glyphs keep their
    /// contrast and their halos match what lies behind them.
    public var transparentBackground = false
    /// Colour of the house cusp lines (FreeAstrologyAPI's `dotted_line_color`).
    public var cuspLineColor: Colour?
    /// Colours of the aspect lines by kind (`aspect_line_colors`); a kind without one takes the theme's.
    public var aspectLineColors: [AspectKind: Colour] = [:]
    /// The house system's name, shown in the top-left corner when given (`Placidus`).
    public var houseSystem: String?
    /// A key to the aspect lines drawn, each kind's glyph and line, in the image's bottom corners.
    public var legend = false
    /// A bi-wheel's outer chart's glyphs and markers (default: the theme's, a blue apart from the inner chart's).
    public var outerPlanetIconColor: Colour?
    /// Fill of a bi-wheel's outer ring (default: the theme's, a shade off the background).
    public var outerRingBackground: Colour?
    /// For a birth: the asteroids, the zodiac and the observer asked for (`asteroids`, `ayanamsa`, `topocentric`,
    /// `elevation`), which the ephemeris checks and computes with (`ChartSettings(_:over:)`); chart JSON, drawn as
    /// it was computed, takes none.
    public var chartSettings = ChartSettingsChoices()
    /// What the SVG's ids start with (`id_prefix`); `nil`: `chart-` and a hash of the figure's content, so that
    /// two different figures on one web page never share an id and the same figure always gives the same bytes.
    public var idPrefix: String?

    /// The defaults: 600 px, light, the theme's colours, every body, the six major aspects at their default orbs.
    public init() {}
}

// MARK: - The layout's options, read and written through `layout`

extension RenderOptions {
    /// Side of the square image in pixels (SVG user units).
    public var chartSize: Int {
        get { layout.chartSize }
        set { layout.chartSize = newValue }
    }

    /// Optional title drawn above the wheel, in a font.
    public var title: String? {
        get { layout.title }
        set { layout.title = newValue }
    }

    /// A bi-wheel's cross-aspect orbs (`LayoutOptions.outerOrbValues`).
    public var outerOrbValues: [AspectKind: Double] {
        get { layout.outerOrbValues }
        set { layout.outerOrbValues = newValue }
    }

    /// A bi-wheel also draws the inner chart's own aspects (`LayoutOptions.innerAspects`).
    public var innerAspects: Bool {
        get { layout.innerAspects }
        set { layout.innerAspects = newValue }
    }

    /// A bi-wheel's centre draws every cross-aspect, not only the planets' major ones at close orbs
    /// (`LayoutOptions.allCrossAspects`).
    public var allCrossAspects: Bool {
        get { layout.allCrossAspects }
        set { layout.allCrossAspects = newValue }
    }

    /// The degree and sign of every house cusp besides the angles (`LayoutOptions.cuspDegrees`).
    public var cuspDegrees: Bool {
        get { layout.cuspDegrees }
        set { layout.cuspDegrees = newValue }
    }

    /// Bodies left out (`exclude_planets`): `layout.excludePlanets`.
    public var excludePlanets: Set<BodyID> {
        get { layout.excludePlanets }
        set { layout.excludePlanets = newValue }
    }

    /// `nil`: the six major aspects.
    public var allowedAspects: Set<AspectKind>? {
        get { layout.allowedAspects }
        set { layout.allowedAspects = newValue }
    }

    /// Orbs by aspect; when any is given the aspects are computed from the longitudes.
    public var orbValues: [AspectKind: Double] {
        get { layout.orbValues }
        set { layout.orbValues = newValue }
    }

    /// The language of the figures' words (`LayoutOptions.language`).
    public var language: Language {
        get { layout.language }
        set { layout.language = newValue }
    }

    /// The aspect kinds drawn.
    public var effectiveAspectKinds: Set<AspectKind> { layout.effectiveAspectKinds }
}

// MARK: - Checks

extension RenderOptions {
    /// Throws what the wheel cannot draw, its path an options file's (`chart_size`, `house_system`). `set` and
    /// `apply(json:)` check every value they take; options set through their `var`s are checked by nothing
    /// until this, and the renderer draws them repaired (`drawable()`).
    public func validate() throws(ChartError) {
        switch layout.problem {
        case .chartSize(let problem): throw ChartError(RenderOption.chartSize.name, problem)
        case .title(let problem): throw ChartError(RenderOption.title.name, problem)
        case .orbValue(let kind, let problem): throw ChartError("\(RenderOption.orbValues.name).\(kind.displayName)", problem)
        case .outerOrbValue(let kind, let problem): throw ChartError("\(RenderOption.outerOrbValues.name).\(kind.displayName)", problem)
        case nil: break
        }
        if let houseSystem, let problem = ChartLimits.textProblem(houseSystem, limit: Self.maxHouseSystemLength) {
            throw ChartError(RenderOption.houseSystem.name, problem)
        }
        if let idPrefix, let problem = Self.idPrefixProblem(idPrefix) { throw ChartError(RenderOption.idPrefix.name, problem) }
    }

    /// The longest `id_prefix` accepted: ids stay short, and a page tells its figures apart in far fewer.
    public static let maxIDPrefixLength = 40

    /// Why `prefix` cannot start the SVG's ids, or `nil` when it can: it must begin as an XML id (a letter or `_`)
    /// and hold only ASCII letters, digits, `_` and `-`, so that it is a valid id in XML and HTML and nothing in
    /// it can reach the markup.
    public static func idPrefixProblem(_ prefix: String) -> String? {
        let shown = quote(prefix)
        guard !prefix.isEmpty else { return "\(shown) is empty; an id needs a first letter" }
        guard prefix.unicodeScalars.count <= maxIDPrefixLength else {
            return "\(shown) is longer than \(maxIDPrefixLength) characters"
        }
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        let first = prefix.unicodeScalars.first!
        guard isLetter(first) || first == "_" else { return "\(shown) does not start with a letter or _, as an id must" }
        guard prefix.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }) else {
            return "\(shown) holds characters other than letters, digits, _ and - (A-Z, a-z, 0-9)"
        }
        return nil
    }

    /// These options repaired into ones the wheel can draw (`LayoutOptions.drawable()`, and the house system's
    /// name cut down to showable text); valid options come back unchanged. What `WheelRenderer` draws with.
    public func drawable() -> RenderOptions {
        var options = self
        options.layout = layout.drawable()
        options.houseSystem = houseSystem.map { ChartLimits.showable($0, limit: Self.maxHouseSystemLength) }.flatMap { $0.isEmpty ? nil : $0 }
        // A prefix no id may start with is dropped for the one derived from the content.
        if let idPrefix, Self.idPrefixProblem(idPrefix) != nil { options.idPrefix = nil }
        return options
    }
}

extension WheelLayout {
    /// Lays out `chart` for the layout's part of `options`, so that an app keeps one options value.
    public init(chart: NatalChart, options: RenderOptions) {
        self.init(chart: chart, options: options.layout)
    }

    /// A bi-wheel's layout with `outer`, for the layout's part of `options`.
    public init(chart: NatalChart, outer: OuterChart?, options: RenderOptions) {
        self.init(chart: chart, outer: outer, options: options.layout)
    }
}
