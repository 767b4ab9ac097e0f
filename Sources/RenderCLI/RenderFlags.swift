import ArgumentParser
import ChartModel
import Foundation
import WheelRender

/// The options that move things on the wheel: all that `layout` takes, since the others change only how the
/// wheel looks. Each flag has the same name and meaning as the options-file key it sets.
struct LayoutFlags: ParsableArguments {
    @Option(name: .customLong("options"), help: "JSON options file with the services' option names (chart_size, …). Flags override it.")
    var optionsFile: String?

    @Option(name: [.customLong("chart-size"), .customLong("size")], help: "Image side in pixels (250...4000, default 600); smaller wheels are refused as unreadable.")
    var chartSize: String?

    @Option(name: .customLong("exclude-planets"), help: "Bodies to leave out, as Node,Chiron.")
    var excludePlanets: String?

    @Option(name: .customLong("allowed-aspects"), help: "Aspects to draw, as Conjunction,Trine,Quintile (default: the six major ones).")
    var allowedAspects: String?

    @Option(name: .customLong("orb-values"), help: "Orbs in degrees, as Trine=6,Square=5; aspects are then computed from the longitudes.")
    var orbValues: String?

    @Option(name: .customLong("house-system"), help: "For a birth: the house system to compute (placidus, koch, regiomontanus, campanus, porphyry, equal, whole-sign), named in the top-left corner. For chart JSON: the name to show there, at most 40 characters (default: none).")
    var houseSystem: String?

    // A title takes a band above the wheel, which moves the wheel: the layout depends on it.
    @Option(help: "A title above the wheel, at most 200 characters (the only text that needs a font).")
    var title: String?

    // A cusp whose house has no room for its label gets it in a band around the aspect circle, which shrinks.
    @Option(name: .customLong("cusp-degrees"), help: "true for the degree and sign of every house cusp besides the angles, beside its line or, where a crowd leaves no room, at its foot around the aspect circle (default: false).")
    var cuspDegrees: String?

    @Option(name: .customLong("outer-orb-values"), help: "A bi-wheel's cross-aspect orbs in degrees, as Trine=3,Square=2 (default: synastry 6 for conjunction and opposition, 5 square and trine, 4 sextile, 2 quincunx, 1 the minor ones; transits 2, 2, 1.5, 1, 0.5).")
    var outerOrbValues: String?

    @Option(name: .customLong("inner-aspects"), help: "true to draw a bi-wheel's inner chart's own aspects too, besides the cross-aspects (default: false).")
    var innerAspects: String?

    var settings: [(key: String, value: String?)] {
        [("chart_size", chartSize), ("exclude_planets", excludePlanets), ("allowed_aspects", allowedAspects),
         ("orb_values", orbValues), ("title", title), ("house_system", houseSystem), ("cusp_degrees", cuspDegrees),
         ("outer_orb_values", outerOrbValues), ("inner_aspects", innerAspects)]
    }

    func options() throws -> RenderOptions {
        try Self.options(file: optionsFile, settings: settings)
    }

    /// The options file first, then each flag over it. The file's errors start with its name, as a chart's do.
    static func options(file: String?, settings: [(key: String, value: String?)]) throws -> RenderOptions {
        var options = RenderOptions()
        if let file {
            let data = try ChartInput.read(file)
            do {
                try options.apply(json: data)
            } catch {
                throw Failure(code: Failure.usage, message: "\(file): \(error)")
            }
        }
        do {
            for case let (key, value?) in settings { try options.set(key, value) }
        } catch {
            throw Failure(code: Failure.usage, message: error.description)
        }
        return options
    }
}

/// The options that change only how the wheel looks and which format it is written in.
struct StyleFlags: ParsableArguments {
    @Option(name: .customLong("image-type"), help: "svg or png (default: from the output file's extension, .svg or .png).")
    var imageType: String?

    @Option(help: "light or dark (default: light).")
    var theme: String?

    @Option(name: .customLong("planet-icon-color"), help: "Colour of the body glyphs: #rgb, #rrggbb or a name (default: the theme's).")
    var planetIconColor: String?

    @Option(name: .customLong("inner-circle-background"), help: "Fill of the aspect circle: #rgb, #rrggbb or a name (default: the theme's).")
    var innerCircleBackground: String?

    @Option(name: .customLong("sign-icon-color"), help: "Colour of the sign glyphs: #rgb, #rrggbb or a name (default: by element).")
    var signIconColor: String?

    @Option(name: .customLong("sign-background"), help: "Fill of the zodiac band: #rgb, #rrggbb or a name (default: by element).")
    var signBackground: String?

    @Option(name: .customLong("chart-background-color"), help: "Background: #rgb, #rrggbb or a name (default: the theme's).")
    var chartBackgroundColor: String?

    @Option(help: "none for a transparent image around the wheel (SVG and PNG), or a colour as --chart-background-color (default: the theme's).")
    var background: String?

    @Option(name: .customLong("aspect-line-colors"), help: "Colour per aspect, as Trine=#0a6cae,Square=red (default: the theme's).")
    var aspectLineColors: String?

    @Option(help: "true for a key to the aspect lines, each kind's glyph, line and name, in the bottom corners (default: false).")
    var legend: String?

    @Option(name: .customLong("outer-planet-icon-color"), help: "A bi-wheel's outer chart's glyphs and markers: #rgb, #rrggbb or a name (default: the theme's blue).")
    var outerPlanetIconColor: String?

    @Option(name: .customLong("outer-ring-background"), help: "Fill of a bi-wheel's outer ring: #rgb, #rrggbb or a name (default: a shade off the background).")
    var outerRingBackground: String?

    var settings: [(key: String, value: String?)] {
        [("image_type", imageType), ("legend", legend), ("theme", theme), ("planet_icon_color", planetIconColor),
         ("inner_circle_background", innerCircleBackground), ("sign_icon_color", signIconColor),
         ("sign_background", signBackground), ("chart_background_color", chartBackgroundColor),
         ("background", background), ("aspect_line_colors", aspectLineColors),
         ("outer_planet_icon_color", outerPlanetIconColor), ("outer_ring_background", outerRingBackground)]
    }
}

/// All the render options as flags: what moves things and what colours them.
struct RenderFlags: ParsableArguments {
    @OptionGroup var layout: LayoutFlags
    @OptionGroup var style: StyleFlags

    func options() throws -> RenderOptions {
        try LayoutFlags.options(file: layout.optionsFile, settings: layout.settings + style.settings)
    }
}
