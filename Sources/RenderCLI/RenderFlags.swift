import ArgumentParser
import ChartModel
import Foundation

/// Render options as flags. Each flag has the same name and meaning as the options-file key it sets.
struct RenderFlags: ParsableArguments {
    @Option(name: .customLong("options"), help: "JSON options file with the services' names (chart_size, theme, …). Flags override it.")
    var optionsFile: String?

    @Option(name: [.customLong("chart-size"), .customLong("size")], help: "Image side in pixels (100...4000, default 600).")
    var chartSize: String?

    @Option(name: .customLong("image-type"), help: "svg or png (default: from the output's extension, else svg).")
    var imageType: String?

    @Option(help: "light or dark.")
    var theme: String?

    @Option(name: .customLong("planet-icon-color"), help: "Colour: #rgb, #rrggbb or a name.")
    var planetIconColor: String?

    @Option(name: .customLong("inner-circle-background"))
    var innerCircleBackground: String?

    @Option(name: .customLong("sign-icon-color"))
    var signIconColor: String?

    @Option(name: .customLong("sign-background"))
    var signBackground: String?

    @Option(name: .customLong("chart-background-color"))
    var chartBackgroundColor: String?

    @Option(name: .customLong("aspect-line-colors"), help: "Per aspect, as Trine=#0a6cae,Square=red.")
    var aspectLineColors: String?

    @Option(name: .customLong("exclude-planets"), help: "Bodies to leave out, as Node,Chiron.")
    var excludePlanets: String?

    @Option(name: .customLong("allowed-aspects"), help: "Aspects to draw, as Conjunction,Trine,Quintile (default: the six major ones).")
    var allowedAspects: String?

    @Option(name: .customLong("orb-values"), help: "Orbs in degrees, as Trine=6,Square=5; aspects are then computed from the longitudes.")
    var orbValues: String?

    @Option(help: "A title above the wheel (the only text that needs a font).")
    var title: String?

    /// The options file first, then each flag over it.
    func options() throws -> RenderOptions {
        var options = RenderOptions()
        do {
            if let optionsFile {
                try options.apply(json: try ChartInput.read(optionsFile))
            }
            let flags: [(String, String?)] = [
                ("chart_size", chartSize), ("image_type", imageType), ("theme", theme),
                ("planet_icon_color", planetIconColor), ("inner_circle_background", innerCircleBackground),
                ("sign_icon_color", signIconColor), ("sign_background", signBackground),
                ("chart_background_color", chartBackgroundColor), ("aspect_line_colors", aspectLineColors),
                ("exclude_planets", excludePlanets), ("allowed_aspects", allowedAspects), ("orb_values", orbValues),
                ("title", title),
            ]
            for case let (key, value?) in flags { try options.set(key, value) }
        } catch let error as ChartError {
            throw Failure(code: Failure.usage, message: error.description)
        }
        return options
    }
}
