import ChartModel
import Geometry

/// Every rendering option, each declared once. The names are the chart services' own, so a request's options can
/// be reused as they are; each flag is the name with dashes.
extension RenderOption {
    /// All options, in the order help and the documentation list them.
    public static let all: [RenderOption] = [
        chartSize, imageType, theme, planetIconColor, innerCircleBackground, signIconColor, signBackground,
        chartBackgroundColor, background, cuspLineColor, aspectLineColors, excludePlanets, allowedAspects, orbValues,
        title, legend, houseSystem, ayanamsa, topocentric, elevation, asteroids, cuspDegrees, outerPlanetIconColor,
        outerRingBackground, outerOrbValues, innerAspects, allCrossAspects, language, idPrefix, wheelChartColors,
    ]

    /// The options that say how a birth's chart is computed, not how it is drawn: `wheel chart` takes them too,
    /// chart JSON none, and a drop-in request reads them from its birth, not as the wheel's options.
    public static let chartSettings: [RenderOption] = [ayanamsa, topocentric, elevation, asteroids]

    /// Whether it says how a birth's chart is computed (`chartSettings`).
    public var isChartSetting: Bool { Self.chartSettings.contains(self) }

    private static let everyFigure = Set(FigureKind.allCases)
    private static let wheels: Set<FigureKind> = [.wheel, .biWheel, .sheet]
    private static let colourForm = "#rgb, #rrggbb or a name"

    /// `chart_size` (`--chart-size`, `--size`): the image's side in pixels, a figure's width.
    public static let chartSize = RenderOption(
        "chart_size", flag: "chart-size", aliases: ["size"], .wholeNumber(LayoutOptions.chartSizeRange), default: "600",
        figures: [.wheel, .biWheel, .grid, .table, .positions], movesLayout: true, astrologyAPI: "chart_size",
        help: "Image side in pixels (a figure's width); smaller wheels are refused as unreadable, a bi-wheel starts at \(LayoutOptions.biWheelSizeRange.lowerBound). A sheet's width is --page-width.",
        at: \.layout.chartSize
    ) { (input, size) throws(ChartError) in
        let value = try input.wholeNumber(in: Int.min...Int.max)
        if let problem = LayoutOptions.chartSizeProblem(value) { throw input.error(problem) }
        size = value
    }

    /// `image_type` (`--image-type`): SVG or PNG, else from the output file's extension.
    public static let imageType = RenderOption(
        "image_type", flag: "image-type", .choice(RenderOptions.ImageType.allCases.map(\.rawValue)),
        default: "from the output file's extension (.svg or .png), else svg", figures: everyFigure, astrologyAPI: "image_type",
        help: "The image's format.", at: \.imageType
    ) { (input, type) throws(ChartError) in type = try input.choice(of: RenderOptions.ImageType.self) }

    /// `theme` (`--theme`): light or dark colours.
    public static let theme = RenderOption(
        "theme", flag: "theme", .choice(RenderOptions.Theme.allCases.map(\.rawValue)), default: "light", figures: everyFigure,
        help: "Light or dark colours.", at: \.theme
    ) { (input, theme) throws(ChartError) in theme = try input.choice(of: RenderOptions.Theme.self) }

    /// `planet_icon_color`: the body glyphs' colour.
    public static let planetIconColor = colour(
        "planet_icon_color", default: "the theme's", figures: everyFigure, astrologyAPI: "planet_icon_color",
        freeAstrologyAPI: "planets_icon_color", help: "Colour of the body glyphs.", at: \.planetIconColor)

    /// `inner_circle_background`: the aspect circle's fill (the grid's aspect cells', the positions table's stripes).
    public static let innerCircleBackground = colour(
        "inner_circle_background", default: "the theme's", figures: wheels.union([.grid, .positions]), astrologyAPI: "inner_circle_background",
        help: "Fill of the aspect circle (the grid's aspect cells, the positions table's every second row).", at: \.innerCircleBackground)

    /// `sign_icon_color`: the sign glyphs' colour (the table's element names' too).
    public static let signIconColor = colour(
        "sign_icon_color", default: "by element", figures: wheels.union([.table, .positions]), astrologyAPI: "sign_icon_color",
        freeAstrologyAPI: "zodiac_signs_text_color", help: "Colour of the sign glyphs (the table's element names too).",
        at: \.signIconColor)

    /// `sign_background`: the zodiac band's fill (the table's element rows').
    public static let signBackground = colour(
        "sign_background", default: "by element", figures: wheels.union([.table]), astrologyAPI: "sign_background",
        freeAstrologyAPI: "zodiac_sign_background_color", help: "Fill of the zodiac band (the table's element rows).",
        at: \.signBackground)

    /// `chart_background_color`: the background colour.
    public static let chartBackgroundColor = RenderOption(
        "chart_background_color", flag: "chart-background-color", aliases: [], .colour, default: "the theme's",
        figures: everyFigure, movesLayout: false, astrologyAPI: nil, freeAstrologyAPI: "chart_background_color",
        help: "Background colour.",
        read: { (options, input) throws(ChartError) in
            options.chartBackgroundColor = try input.colour()
            options.transparentBackground = false
        },
        reset: { $0.chartBackgroundColor = nil })

    /// `background`: `none` for a transparent image around the wheel, or a colour as `chart_background_color`.
    public static let background = RenderOption(
        "background", flag: "background", aliases: [], .colourOrNone, default: "the theme's", figures: everyFigure,
        movesLayout: false, astrologyAPI: nil, freeAstrologyAPI: nil,
        help: "none for a transparent image around the wheel or cells (SVG and PNG; the wheel's disc keeps the theme's background), or a colour as chart_background_color.",
        read: { (options, input) throws(ChartError) in
            if try input.string().trimmingWhitespace().lowercased() == "none" {
                options.transparentBackground = true
                return
            }
            guard let colour = try? input.colour() else {
                throw input.error("\(input.quoted) is neither none nor a colour (#rgb, #rrggbb or a name: black, white, …)")
            }
            options.chartBackgroundColor = colour
            options.transparentBackground = false
        },
        reset: {
            $0.chartBackgroundColor = nil
            $0.transparentBackground = false
        })

    /// `cusp_line_color` (FreeAstrologyAPI's `dotted_line_color`): the house cusp lines' colour.
    public static let cuspLineColor = colour(
        "cusp_line_color", default: "the theme's", figures: wheels, freeAstrologyAPI: "dotted_line_color",
        help: "Colour of the house cusp lines.", at: \.cuspLineColor)

    /// `aspect_line_colors`: a colour per aspect kind.
    public static let aspectLineColors = RenderOption(
        "aspect_line_colors", flag: "aspect-line-colors", .aspectColours, default: "the theme's", figures: wheels.union([.grid]),
        freeAstrologyAPI: "aspect_line_colors", help: "Colour per aspect kind (the grid's aspect glyphs too).",
        at: \.aspectLineColors
    ) { (input, colours) throws(ChartError) in
        for (name, value) in try input.entries() { colours[try value.aspectKind(named: name)] = try value.colour() }
    }

    /// `exclude_planets`: bodies to leave out.
    public static let excludePlanets = RenderOption(
        "exclude_planets", flag: "exclude-planets", .bodies, default: "none", figures: everyFigure, movesLayout: true,
        freeAstrologyAPI: "exclude_planets", help: "Bodies to leave out.", at: \.layout.excludePlanets
    ) { (input, bodies) throws(ChartError) in
        bodies = []
        for element in try input.elements() { bodies.insert(try element.bodyID()) }
    }

    /// `allowed_aspects`: the aspect kinds to draw.
    public static let allowedAspects = RenderOption(
        "allowed_aspects", flag: "allowed-aspects", .aspects, default: "the six major ones", figures: wheels.union([.grid]),
        movesLayout: true, freeAstrologyAPI: "allowed_aspects", help: "Aspect kinds to draw.", at: \.layout.allowedAspects
    ) { (input, allowed) throws(ChartError) in
        var kinds: Set<AspectKind> = []
        for element in try input.elements() { kinds.insert(try element.aspectKind(named: try element.string())) }
        allowed = kinds
    }

    /// `orb_values`: orbs in degrees per aspect kind; when given, aspects are computed from the longitudes.
    public static let orbValues = orbs(
        "orb_values", figures: wheels.union([.grid]), default: "the input's aspects, else conjunction and opposition 10, square and trine 8, sextile 6, quincunx 3, the minor ones 2 or 1",
        freeAstrologyAPI: "orb_values", help: "Orbs in degrees; when given, aspects are computed from the longitudes.",
        at: \.layout.orbValues)

    /// `title`: a title above the wheel, in a font.
    public static let title = RenderOption(
        "title", flag: "title", .text(maxScalars: LayoutOptions.maxTitleScalars), default: "none", figures: wheels,
        movesLayout: true, help: "A title above the wheel, in a font like the legend's names and the house system.", at: \.layout.title
    ) { (input, title) throws(ChartError) in title = try input.line(atMost: LayoutOptions.maxTitleScalars) }

    /// `legend` (`--legend`, `--no-legend`): a key to the aspect lines drawn, in the bottom corners.
    public static let legend = boolean(
        "legend", figures: [.wheel, .biWheel], movesLayout: false,
        help: "A key to the aspect lines drawn, each kind's glyph, line and name, in the bottom corners.", at: \.legend)

    /// `house_system`: for a birth, the system to compute; for chart JSON, the name to show in the top-left corner.
    public static let houseSystem = RenderOption(
        "house_system", flag: "house-system", .text(maxScalars: ChartLimits.maxHouseSystemScalars), default: "none (a birth: placidus, not shown)",
        figures: wheels.union([.positions]), movesLayout: true,
        help: "For a birth: the house system to compute (placidus, koch, regiomontanus, campanus, porphyry, equal, whole-sign), named in the wheel's top-left corner (the positions table lists its cusps). For chart JSON: the name to show there.",
        at: \.houseSystem
    ) { (input, system) throws(ChartError) in system = try input.line(atMost: ChartLimits.maxHouseSystemScalars) }

    /// `ayanamsa` (`--ayanamsa`): for a birth, the zodiac: tropical, or sidereal by an ayanamsa's name.
    public static let ayanamsa = RenderOption(
        "ayanamsa", flag: "ayanamsa", .name(examples: ["tropical", "lahiri", "fagan_bradley"]), default: "tropical", figures: everyFigure,
        movesLayout: true,
        help: "For a birth: the zodiac, tropical (sayana) or sidereal by its ayanamsa (lahiri, fagan_bradley, krishnamurti, raman, …), named beside the house system. Chart JSON keeps its own.",
        at: \.chartSettings.ayanamsa
    ) { (input, name) throws(ChartError) in
        guard let text = try input.line(atMost: 40) else { throw input.error("is empty; give tropical or an ayanamsa's name") }
        name = text
    }

    /// `topocentric` (`--topocentric`): for a birth, the bodies as seen from the birthplace, not the Earth's centre.
    public static let topocentric = RenderOption(
        "topocentric", flag: "topocentric", .boolean, default: "false (geocentric)", figures: everyFigure, movesLayout: true,
        help: "For a birth: the bodies as seen from the birthplace on the Earth's surface (the Moon moves by up to a degree), not from its centre.",
        at: \.chartSettings.topocentric
    ) { (input, flag) throws(ChartError) in flag = try input.flag() }

    /// `elevation` (`--elevation`): a topocentric birth's height above the ellipsoid, metres.
    public static let elevation = RenderOption(
        "elevation", flag: "elevation", .number(ChartSettingsChoices.elevationRange, unit: "metres"), default: "0", figures: everyFigure,
        movesLayout: true, help: "For a topocentric birth: the birthplace's height above the WGS84 ellipsoid.",
        at: \.chartSettings.elevation
    ) { (input, elevation) throws(ChartError) in
        let value = try input.number()
        let range = ChartSettingsChoices.elevationRange
        guard range.contains(value) else {
            throw input.error("\(input.quoted) is outside \(shortNumber(range.lowerBound))...\(shortNumber(range.upperBound)) metres")
        }
        elevation = value
    }

    /// `asteroids` (`--asteroids`): for a birth, Ceres, Pallas, Juno and Vesta besides the planets and Chiron.
    public static let asteroids = RenderOption(
        "asteroids", flag: "asteroids", .boolean, default: "false (Chiron without them)", figures: everyFigure, movesLayout: true,
        help: "For a birth: Ceres, Pallas, Juno and Vesta besides the planets, the points and Chiron.",
        at: \.chartSettings.asteroids
    ) { (input, flag) throws(ChartError) in flag = try input.flag() }

    /// `cusp_degrees` (`--cusp-degrees`, `--no-cusp-degrees`): the degree and sign of every house cusp besides the angles.
    public static let cuspDegrees = boolean(
        "cusp_degrees", figures: wheels, movesLayout: true,
        help: "The degree and sign of every house cusp besides the angles, beside its line or, where a crowd leaves no room, at its foot around the aspect circle.",
        at: \.layout.cuspDegrees)

    /// `outer_planet_icon_color`: a bi-wheel's outer chart's glyphs, ticks and aspect ends.
    public static let outerPlanetIconColor = colour(
        "outer_planet_icon_color", default: "the theme's blue", figures: [.biWheel, .grid, .positions, .sheet],
        help: "A bi-wheel's outer chart's glyphs, ticks and aspect ends (the grid's second chart along the top, the positions table's outer chart).",
        at: \.outerPlanetIconColor)

    /// `outer_ring_background`: the fill of a bi-wheel's outer ring.
    public static let outerRingBackground = colour(
        "outer_ring_background", default: "a shade off the background", figures: [.biWheel, .sheet],
        help: "Fill of a bi-wheel's outer ring.", at: \.outerRingBackground)

    /// `outer_orb_values`: a bi-wheel's cross-aspect orbs in degrees per aspect kind.
    public static let outerOrbValues = orbs(
        "outer_orb_values", figures: [.biWheel, .grid, .sheet],
        default: "synastry 6 for conjunction and opposition, 5 square and trine, 4 sextile, 2 quincunx, 1 the minor ones; transits 2, 2, 1.5, 1, 0.5",
        help: "A bi-wheel's cross-aspect orbs in degrees.", at: \.layout.outerOrbValues)

    /// `inner_aspects` (`--inner-aspects`, `--no-inner-aspects`): a bi-wheel draws the inner chart's own aspects too.
    public static let innerAspects = boolean(
        "inner_aspects", figures: [.biWheel, .sheet], movesLayout: true,
        help: "A bi-wheel draws the inner chart's own aspects too, besides the cross-aspects.", at: \.layout.innerAspects)

    /// `all_cross_aspects` (`--all-cross-aspects`, `--no-all-cross-aspects`): a bi-wheel's centre draws every cross-aspect.
    public static let allCrossAspects = boolean(
        "all_cross_aspects", figures: [.biWheel, .sheet], movesLayout: true,
        help: "A bi-wheel's centre draws every cross-aspect the grid lists. Without it, only those a reader looks for first: the planets' (Sun to Pluto) conjunctions, oppositions, squares, trines and sextiles; in synastry within 6°, 5° and 4° of the Sun or Moon, 4°, 3° and 2° between other planets; in transits within the transits' orbs (outer_orb_values, where given, for both).",
        at: \.layout.allCrossAspects)

    /// `language` (`--language`): the language of every word a figure shows or reads out.
    public static let language = RenderOption(
        "language", flag: "language", .choice(Language.allCases.map(\.rawValue)), default: "en", figures: everyFigure,
        movesLayout: true, freeAstrologyAPI: "language",
        help: "The language of every word a figure shows or reads out (the legend, the house system and zodiac, the table's headings, the sheet's header, the titles and the description); zh is Simplified Chinese. Glyphs, and the services' JSON answers, stay as they are. The server also reads Accept-Language, which this wins over.",
        at: \.layout.language
    ) { (input, language) throws(ChartError) in language = try input.choice(of: Language.self) }

    /// `id_prefix` (`--id-prefix`): what the SVG's ids start with, so that figures on one web page never share one.
    public static let idPrefix = RenderOption(
        "id_prefix", flag: "id-prefix", .identifier(maxLength: RenderOptions.maxIDPrefixLength),
        default: "chart- and a hash of the figure's content", figures: everyFigure,
        help: "What the SVG's ids (its title, its description, its shared glyph paths) start with, for figures sharing a web page; without it they start with a hash of the figure, so different figures never clash.",
        at: \.idPrefix
    ) { (input, prefix) throws(ChartError) in
        let text = try input.string()
        if let problem = RenderOptions.idPrefixProblem(text) { throw input.error(problem) }
        prefix = text
    }

    /// FreeAstrologyAPI's colour group: each member sets the option that has it as its FreeAstrologyAPI name.
    public static let wheelChartColors = RenderOption(
        "wheel_chart_colors", flag: nil, aliases: [], .group, default: "", figures: everyFigure, movesLayout: false,
        astrologyAPI: nil, freeAstrologyAPI: "wheel_chart_colors",
        help: "FreeAstrologyAPI's colour group, by its names: " + groupedColours.compactMap(\.freeAstrologyAPIName).joined(separator: ", ") + ".",
        read: { (options, input) throws(ChartError) in
            for (name, value) in try input.entries() {
                guard let member = groupedColours.first(where: { $0.freeAstrologyAPIName == name }) else {
                    throw value.error("unknown option" + didYouMean(name, among: groupedColours.compactMap(\.freeAstrologyAPIName)))
                }
                if value.isNull { member.reset(&options) } else { try member.read(&options, value) }
            }
        },
        reset: { options in for member in groupedColours { member.reset(&options) } })

    /// The colours FreeAstrologyAPI groups in `wheel_chart_colors`.
    package static var groupedColours: [RenderOption] {
        [signBackground, chartBackgroundColor, signIconColor, cuspLineColor, planetIconColor]
    }

    // MARK: Shapes many options share

    private static func colour(
        _ name: String, default defaultText: String, figures: Set<FigureKind>, astrologyAPI: String? = nil,
        freeAstrologyAPI: String? = nil, help: String, at keyPath: WritableKeyPath<RenderOptions, Colour?> & Sendable
    ) -> RenderOption {
        RenderOption(name, flag: name.replacingOccurrences(of: "_", with: "-"), .colour, default: defaultText, figures: figures,
                     astrologyAPI: astrologyAPI, freeAstrologyAPI: freeAstrologyAPI, help: help, at: keyPath) { (input, colour) throws(ChartError) in
            colour = try input.colour()
        }
    }

    private static func boolean(
        _ name: String, figures: Set<FigureKind>, movesLayout: Bool, help: String, at keyPath: WritableKeyPath<RenderOptions, Bool> & Sendable
    ) -> RenderOption {
        RenderOption(name, flag: name.replacingOccurrences(of: "_", with: "-"), .boolean, default: "false", figures: figures,
                     movesLayout: movesLayout, help: help, at: keyPath) { (input, flag) throws(ChartError) in
            flag = try input.flag()
        }
    }

    private static func orbs(
        _ name: String, figures: Set<FigureKind>, default defaultText: String, freeAstrologyAPI: String? = nil, help: String,
        at keyPath: WritableKeyPath<RenderOptions, [AspectKind: Double]> & Sendable
    ) -> RenderOption {
        RenderOption(name, flag: name.replacingOccurrences(of: "_", with: "-"), .orbs, default: defaultText, figures: figures,
                     movesLayout: true, freeAstrologyAPI: freeAstrologyAPI, help: help, at: keyPath) { (input, orbs) throws(ChartError) in
            for (name, value) in try input.entries() {
                let orb = try value.number()
                if let problem = LayoutOptions.orbValueProblem(orb, as: value.quoted) { throw value.error(problem) }
                orbs[try value.aspectKind(named: name)] = orb
            }
        }
    }
}
