import ArgumentParser
import WheelRender
#if Networking
import RemoteCharts
import ChartModel
import Foundation

extension Wheel {
    struct Image: AsyncParsableCommand, TakesRenderOptions {
        static let optionFigures: [FigureKind] = [.wheel]
        static let configuration = CommandConfiguration(
            abstract: "Get the API's chart image, or a cached copy, or draw the chart locally: always write a chart.",
            discussion: "Prints one line to stderr: 'source: api', 'source: cache' or 'source: fallback (reason)'. Exits 0 whenever an image was written.")

        @Option(help: "The API's wheel response (AstrologyAPI natal_wheel_chart or FreeAstrologyAPI natal-wheel-chart JSON).")
        var response: String?

        @Option(help: "The chart data, in any format 'wheel render' takes.")
        var chart: String

        @Option(name: .shortAndLong, help: "Output file: PNG or SVG, by --image-type, else its extension (.svg or .png), else PNG.")
        var output: String

        @Option(help: "Seconds for the whole download, retries included.")
        var timeout: Double = 5

        @Option(name: .customLong("cache-dir"), help: "Cache folder (default $XDG_CACHE_HOME/chart-wheel or ~/.cache/chart-wheel).")
        var cacheDir: String?

        @Option(name: .customLong("cache-max-mb"), help: "Cache size cap in megabytes; least recently used charts go first.")
        var cacheMaxMB: Int = 100

        @Option(name: .customLong("cache-max-charts"), help: "Most charts the cache keeps.")
        var cacheMaxCharts: Int = 50

        @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache.")
        var noCache = false

        @Flag(help: "Do not use the network: serve from the cache, else draw locally.")
        var offline = false

        @Option(name: .customLong("unsafe-svg"), help: "An API's SVG image is never passed on as markup: rasterize it (its pixels, as PNG or inside a minimal SVG) or refuse it (draw locally).")
        var unsafeSVG: UnsafeSVGHandling = .rasterize

        @Flag(help: "Treat unknown body or aspect names in the chart as errors.")
        var strict = false

        @OptionGroup var flags: RenderFlags

        func validate() throws {
            guard timeout > 0, timeout <= 120 else { throw ValidationError("--timeout takes seconds from 0 to 120.") }
            if noCache && cacheDir != nil { throw ValidationError("--no-cache and --cache-dir contradict each other.") }
            guard cacheMaxMB > 0, cacheMaxCharts > 0 else { throw ValidationError("The cache caps must be positive.") }
        }

        func run() async throws {
            try await reportingFailures {
                let options = try flags.options(for: .wheel)
                try RenderFlags.refuseChartSettings(options.chartSettings, ChartInput.jsonKeepsItsSettings)
                let format = try Output.format(for: output, imageType: options.imageType, otherwise: .png)
                let chart = try ChartInput.load(file: self.chart, strict: strict)
                let responseData = try response.map { try ChartInput.read($0) }

                var settings = RemoteSettings()
                settings.budget = .seconds(timeout)
                settings.offline = offline
                settings.unsafeSVG = unsafeSVG
                if !noCache {
                    var cache = CacheSettings(directory: cacheDir.map { URL(fileURLWithPath: $0) } ?? CacheSettings.defaultDirectory)
                    cache.maximumBytes = cacheMaxMB * 1024 * 1024
                    cache.maximumEntries = cacheMaxCharts
                    settings.cache = cache
                }
                let image: ChartImage
                do {
                    image = try await ChartImageService.withService(settings) { service in
                        try await service.image(response: responseData, chart: chart, options: options, format: format)
                    }
                } catch {
                    throw Failure(code: Failure.software, message: "drawing the chart failed: \(error)")
                }
                try Output.write(image.data, to: output)
                printError(image.sourceLine)
                for missing in image.missingFonts { printError("wheel: warning: \(missing.warning)") }
            }
        }
    }
}
#else
extension Wheel {
    /// Built without the `Networking` trait: says how to get the command rather than not knowing it.
    struct Image: MissingFromThisBuild {
        static let missingPart = "networking"
        static let configuration = CommandConfiguration(abstract: abstractText)

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    }
}
#endif
