import ChartModel

/// Every colour a wheel uses, resolved from the theme and the user's colour options.
///
/// The defaults derive from the Okabe–Ito palette, which people with the common colour-vision deficiencies
/// tell apart; text-like glyphs reach 4.5:1 against what lies behind them in both themes.
public struct Palette: Sendable, Hashable {
    /// The image's background, and the wheel's disc's.
    public var background: Colour
    /// The background colour fills only the wheel's disc, and the image around it is transparent.
    public var backgroundIsTransparent = false
    /// What fills a whole image first: the background, or nothing when it is transparent.
    package var imageBackground: Colour? { backgroundIsTransparent ? nil : background }
    /// The aspect circle's fill.
    public var innerBackground: Colour
    /// Circles, ticks and sign dividers.
    public var ink: Colour
    /// The house cusp lines.
    public var cuspLine: Colour
    /// The four angles' axes.
    public var axisLine: Colour
    /// The body glyphs and their markers.
    public var planetIcon: Colour
    /// A bi-wheel's outer chart's glyphs and markers, and its ring's fill.
    public var outerPlanetIcon: Colour
    /// A bi-wheel's outer ring's fill.
    public var outerRing: Colour
    /// Degrees, minutes, retrograde marks, house numbers and angle labels.
    public var label: Colour
    /// The zodiac band's fill, by the sign's element.
    public var signBackground: [ZodiacSign.Element: Colour]
    /// The sign glyphs' colour, by the sign's element.
    public var signIcon: [ZodiacSign.Element: Colour]
    /// The aspect lines' colours, by kind.
    public var aspect: [AspectKind: Colour]

    /// The palette `options` ask for: their theme's, with every colour they give in its place.
    public init(options: RenderOptions) {
        self = options.theme == .dark ? .dark : .light
        if let c = options.chartBackgroundColor { background = c }
        backgroundIsTransparent = options.transparentBackground
        if let c = options.innerCircleBackground { innerBackground = c }
        if let c = options.planetIconColor { planetIcon = c }
        if let c = options.outerPlanetIconColor { outerPlanetIcon = c }
        if let c = options.outerRingBackground { outerRing = c }
        if let c = options.cuspLineColor { cuspLine = c }
        for element in ZodiacSign.Element.allCases {
            if let c = options.signBackground { signBackground[element] = c }
            if let c = options.signIconColor { signIcon[element] = c }
        }
        for (kind, colour) in options.aspectLineColors { aspect[kind] = colour }
    }

    /// Colours that fall short of WCAG 2 contrast against what lies behind them, in words: glyphs and labels
    /// below 4.5:1 (AA for text), and the lines of the aspects drawn below 3:1 (lines are graphics, for which
    /// WCAG's non-text contrast asks 3:1).
    public func contrastWarnings(aspects drawn: Set<AspectKind>) -> [String] {
        var text: [(String, Colour, Colour)] = [
            ("planet icons", planetIcon, background),
            ("outer planet icons", outerPlanetIcon, outerRing),
            ("labels", label, background),
        ]
        for element in ZodiacSign.Element.allCases {
            text.append(("\(element.rawValue) sign icons", signIcon[element]!, signBackground[element]!))
            text.append(("\(element.rawValue) sign icons in labels", signIcon[element]!, background))
        }
        let lines = AspectKind.allCases.filter(drawn.contains).map { kind in
            ("\(kind.displayName) aspect lines", aspect[kind]!, innerBackground)
        }
        return Self.lowContrast(text, minimum: 4.5, "")
            + Self.lowContrast(lines, minimum: 3, " (WCAG's minimum for graphics such as lines)")
    }

    private static func lowContrast(_ pairs: [(String, Colour, Colour)], minimum: Double, _ why: String) -> [String] {
        pairs.compactMap { name, fore, back in
            let ratio = fore.contrastRatio(with: back)
            guard ratio < minimum else { return nil }
            // Rounded down, so that 4.46 is not shown as "4.5:1, below 4.5:1".
            let shown = String(format: "%.1f", (ratio * 10).rounded(.down) / 10), least = String(format: "%g", minimum)
            return "low contrast: \(name) \(fore.hex) on \(back.hex) is \(shown):1, below \(least):1" + why
        }
    }

    private init(background: String, innerBackground: String, ink: String, cuspLine: String, axisLine: String,
                 planetIcon: String, outerPlanetIcon: String, outerRing: String, label: String, signBackground: [String], signIcon: [String], aspect: [AspectKind: String]) {
        func c(_ hex: String) -> Colour { try! Colour(parsing: hex, field: "palette") }
        let elements = ZodiacSign.Element.allCases
        self.background = c(background)
        self.innerBackground = c(innerBackground)
        self.ink = c(ink)
        self.cuspLine = c(cuspLine)
        self.axisLine = c(axisLine)
        self.planetIcon = c(planetIcon)
        self.outerPlanetIcon = c(outerPlanetIcon)
        self.outerRing = c(outerRing)
        self.label = c(label)
        self.signBackground = Dictionary(uniqueKeysWithValues: zip(elements, signBackground.map(c)))
        self.signIcon = Dictionary(uniqueKeysWithValues: zip(elements, signIcon.map(c)))
        self.aspect = aspect.mapValues(c)
    }

    // Element order: fire, earth, air, water.
    // The six major aspects take Okabe–Ito's hues (vermilion, reddish purple, blue, sky blue, orange, and grey for
    // the conjunction), each darkened or lightened until every two of them differ by a CIELAB distance of 19 or
    // more for normal vision and under simulated protanopia, deuteranopia and tritanopia, in both themes, while
    // keeping 3:1 against the inner circle (PaletteTests checks both).
    /// The light theme's colours.
    public static let light = Palette(
        background: "#ffffff", innerBackground: "#f8f7f3", ink: "#4a4a4a", cuspLine: "#8c8c8c", axisLine: "#1e1e1e",
        planetIcon: "#1a1a1a", outerPlanetIcon: "#1d4f91", outerRing: "#f3f5f9", label: "#333333",
        signBackground: ["#fbe2d5", "#d9eee3", "#f8efc4", "#d8e8f6"],
        signIcon: ["#a13a00", "#00684b", "#6e5500", "#00528f"],
        aspect: [.conjunction: "#202020", .opposition: "#8a3d00", .square: "#7a4964", .trine: "#005686",
                 .sextile: "#4087af", .quincunx: "#ac7700", .semiSextile: "#00876a", .semiSquare: "#d17318",
                 .sesquiquadrate: "#9a5a2e", .quintile: "#6a4c9c", .biquintile: "#8d6abf", .septile: "#2f7d7d",
                 .novile: "#7b7b2f"])

    /// The dark theme's colours.
    public static let dark = Palette(
        background: "#15171c", innerBackground: "#1c1f26", ink: "#b8bcc6", cuspLine: "#707684", axisLine: "#ececec",
        planetIcon: "#f3f3f3", outerPlanetIcon: "#9ccbf5", outerRing: "#1b1e25", label: "#d9d9d9",
        signBackground: ["#4a2519", "#163a2d", "#403713", "#162e49"],
        signIcon: ["#ffb591", "#8fdcb8", "#f1da7d", "#a3cdf5"],
        aspect: [.conjunction: "#e8e8e8", .opposition: "#d55e00", .square: "#cf80ab", .trine: "#1a7fc0",
                 .sextile: "#91cef1", .quincunx: "#f0c566", .semiSextile: "#4fd3a6", .semiSquare: "#ffb060",
                 .sesquiquadrate: "#d39a6c", .quintile: "#b59cf0", .biquintile: "#cdb6f5", .septile: "#6cc9c9",
                 .novile: "#c9c96c"])
}
