import ArgumentParser
import Foundation
import WheelRender

/// The options that apply to the aspect grid and the element table, which have no title, houses, legend or
/// zodiac band: the size, the bodies shown, the format, the theme and the colours of what they draw. Each flag
/// has the name and meaning of the options-file key it sets; an options file may hold the others too (the same
/// file serves `render`), which these commands ignore.
struct FigureFlags: ParsableArguments {
    @Option(name: .customLong("options"), help: "JSON options file with the services' option names (chart_size, …). Flags override it.")
    var optionsFile: String?

    @Option(name: [.customLong("chart-size"), .customLong("size")], help: "Image width in pixels (250...4000, default 600); the height follows from what is drawn.")
    var chartSize: String?

    @Option(name: .customLong("exclude-planets"), help: "Bodies to leave out, as Node,Chiron.")
    var excludePlanets: String?

    @Option(name: .customLong("image-type"), help: "svg or png (default: from the output file's extension, .svg or .png).")
    var imageType: String?

    @Option(help: "light or dark (default: light).")
    var theme: String?

    @Option(name: .customLong("planet-icon-color"), help: "Colour of the body glyphs: #rgb, #rrggbb or a name (default: the theme's).")
    var planetIconColor: String?

    @Option(name: .customLong("chart-background-color"), help: "Background: #rgb, #rrggbb or a name (default: the theme's).")
    var chartBackgroundColor: String?

    @Option(help: "none for a transparent image around the cells (SVG and PNG), or a colour as --chart-background-color (default: the theme's).")
    var background: String?

    var settings: [(key: String, value: String?)] {
        [("chart_size", chartSize), ("exclude_planets", excludePlanets), ("image_type", imageType), ("theme", theme),
         ("planet_icon_color", planetIconColor), ("chart_background_color", chartBackgroundColor), ("background", background)]
    }

    /// The options file, then these flags and a command's own over it.
    func options(adding own: [(key: String, value: String?)]) throws -> RenderOptions {
        try LayoutFlags.options(file: optionsFile, settings: settings + own)
    }
}

/// What the aspect grid shows besides: which aspects, their orbs, their colours, and a second chart's colour.
struct GridFlags: ParsableArguments {
    @Option(name: .customLong("allowed-aspects"), help: "Aspects to show, as Conjunction,Trine,Quintile (default: the six major ones).")
    var allowedAspects: String?

    @Option(name: .customLong("orb-values"), help: "Orbs in degrees, as Trine=6,Square=5; the chart's aspects are then computed from the longitudes.")
    var orbValues: String?

    @Option(name: .customLong("outer-orb-values"), help: "Cross-aspect orbs in degrees with --outer or --transits, as Trine=3,Square=2 (default: synastry 6 for conjunction and opposition, 5 square and trine, 4 sextile, 2 quincunx, 1 the minor ones; transits 2, 2, 1.5, 1, 0.5).")
    var outerOrbValues: String?

    @Option(name: .customLong("aspect-line-colors"), help: "Colour per aspect glyph, as Trine=#0a6cae,Square=red (default: the theme's, as the wheel's lines).")
    var aspectLineColors: String?

    @Option(name: .customLong("inner-circle-background"), help: "Fill of the aspect cells: #rgb, #rrggbb or a name (default: the theme's, as the wheel's aspect circle).")
    var innerCircleBackground: String?

    @Option(name: .customLong("outer-planet-icon-color"), help: "The outer chart's glyphs along the top: #rgb, #rrggbb or a name (default: the theme's blue).")
    var outerPlanetIconColor: String?

    var settings: [(key: String, value: String?)] {
        [("allowed_aspects", allowedAspects), ("orb_values", orbValues), ("outer_orb_values", outerOrbValues),
         ("aspect_line_colors", aspectLineColors), ("inner_circle_background", innerCircleBackground),
         ("outer_planet_icon_color", outerPlanetIconColor)]
    }
}

/// What the element table colours besides: the signs' glyphs and the elements' rows.
struct TableFlags: ParsableArguments {
    @Option(name: .customLong("sign-icon-color"), help: "Colour of the sign glyphs and the element names: #rgb, #rrggbb or a name (default: by element).")
    var signIconColor: String?

    @Option(name: .customLong("sign-background"), help: "Fill of the element rows: #rgb, #rrggbb or a name (default: by element).")
    var signBackground: String?

    var settings: [(key: String, value: String?)] {
        [("sign_icon_color", signIconColor), ("sign_background", signBackground)]
    }
}
