import ArgumentParser
#if Networking
import RemoteCharts
import ChartModel
import Ephemeris
import Foundation
import WheelRender

extension Wheel {
    struct Natal: AsyncParsableCommand, TakesRenderOptions {
        static let optionFigures: [FigureKind] = [.wheel]
        static let configuration = CommandConfiguration(
            abstract: "A birth to a chart wheel whatever the network does: the API's data and image, else the cache, else computed and drawn here.",
            discussion: """
                Prints one line to stderr, 'data: SOURCE, image: SOURCE', each source api, cache or local with why \
                (data: local (HTTP 500 after 3 tries)). Exits 0 whenever a chart was written. With --no-local, a chart \
                that neither the API nor the cache can give is an error: exit 75 rate limit or credits used up, 77 \
                credentials missing or rejected, 69 service unavailable or offline, 76 an answer of the wrong shape. \
                78: the config file or a base URL is unusable. Credentials: ASTROLOGYAPI_USER_ID and \
                ASTROLOGYAPI_API_KEY (or ASTROLOGYAPI_ACCESS_TOKEN), FREEASTROLOGYAPI_API_KEY, or the config file.
                """)

        @Option(help: "astrologyapi, freeastrologyapi or local (compute and draw here, no network).")
        var provider: ProviderChoice

        @OptionGroup var birth: BirthFlags

        @Option(name: .shortAndLong, help: "Output file: PNG or SVG, by --image-type, else its extension (.svg or .png), else PNG.")
        var output: String

        @Option(help: "Also write the chart's data, as NatalChart JSON, to this file.")
        var json: String?

        @Option(help: "Seconds for all of it: the API's data, its image and any fallback (default 5).")
        var timeout: Double = 5

        @Flag(help: "Do not use the network: the cache, else computed and drawn here.")
        var offline = false

        @Flag(name: .customLong("no-local"), help: "Only the API or the cache: no local computation or drawing (exit 75, 77, 69 or 76 instead).")
        var noLocal = false

        @Option(name: .customLong("cache-dir"), help: "Cache folder, images in it and chart data in its charts/ (default $XDG_CACHE_HOME/chart-wheel or ~/.cache/chart-wheel).")
        var cacheDir: String?

        @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache.")
        var noCache = false

        @Option(name: .customLong("state-dir"), help: "Where the rate limit and the month's credits are counted, shared by every process using it (default $WHEEL_STATE_DIR, else $XDG_STATE_HOME/chart-wheel or ~/.local/state/chart-wheel).")
        var stateDir: String?

        @Option(help: "Config file with credentials and limits (default $WHEEL_CONFIG, else ~/.config/chart-wheel/config.json when it exists); must be readable by you alone.")
        var config: String?

        @Option(name: .customLong("rate-limit"), help: "Requests per window, as 5/60 (5 in 60 s, the free tiers' limit).")
        var rateLimit: String?

        @Option(name: .customLong("monthly-credits"), help: "Requests a month before calls are refused (default 5000, the free tier's).")
        var monthlyCredits: Int?

        @Option(name: .customLong("unsafe-svg"), help: "An API's SVG image is never passed on as markup: rasterize it or refuse it (draw locally).")
        var unsafeSVG: UnsafeSVGHandling = .rasterize

        @OptionGroup var flags: RenderFlags

        func validate() throws {
            guard birth.isGiven else { throw ValidationError("Give a birth: --date, --time, --zone, --lat and --lon, or --birth FILE.") }
            guard timeout > 0, timeout <= 120 else { throw ValidationError("--timeout takes seconds from 0 to 120.") }
            if noCache && cacheDir != nil { throw ValidationError("--no-cache and --cache-dir contradict each other.") }
            if let rateLimit, Self.window(rateLimit) == nil { throw ValidationError("--rate-limit takes REQUESTS/SECONDS, as 5/60.") }
            if let monthlyCredits, monthlyCredits < 0 { throw ValidationError("--monthly-credits takes a count, 0 or more.") }
        }

        func run() async throws {
            try await reportingFailures {
                var options = try flags.options(for: .wheel)
                // The services are asked for their default chart (tropical, geocentric); `wheel render` computes others.
                try RenderFlags.refuseChartSettings(options.chartSettings, "does not apply to wheel natal, whose chart is the services' default (tropical, geocentric); give it to wheel render, which computes the birth here")
                let format = try Output.format(for: output, imageType: options.imageType, otherwise: .png)
                let request = try birth.request()
                let system = try BirthFlags.houseSystem(options.houseSystem) ?? request.houseSystem ?? .placidus
                if options.houseSystem != nil { options.houseSystem = system.displayName }
                for warning in request.warnings + WheelRenderer.warnings(for: options) { printError("wheel: warning: \(warning)") }

                let natal = NatalRequest(birth: request.birth, houseSystem: system, options: options, format: format)
                let settings = try settings()
                let result: NatalResult
                do {
                    result = try await ChartService.withService(settings) { service in try await service.natal(natal) }
                } catch {
                    throw Self.failure(error)
                }
                try Output.write(result.image, to: output)
                if let json { try Output.write(result.chart.jsonData(), to: json) }
                for warning in result.warnings { printError("wheel: warning: \(warning)") }
                printError(result.statusLine)
            }
        }

        private func settings() throws -> RemoteSettings {
            var providerSettings: ProviderSettings?
            if let chosen = provider.service {
                do {
                    providerSettings = try ProviderSettings.load(chosen, configFile: config.map { URL(fileURLWithPath: $0) })
                } catch {
                    throw Failure(code: Failure.configuration, message: error.message)
                }
                if let rateLimit, let (requests, window) = Self.window(rateLimit) {
                    providerSettings!.limits.requests = requests
                    providerSettings!.limits.window = .seconds(window)
                }
                if let monthlyCredits { providerSettings!.limits.monthlyCredits = monthlyCredits }
            }
            var settings = RemoteSettings(provider: providerSettings, stateDirectory: stateDir.map { URL(fileURLWithPath: $0) })
            settings.budget = .seconds(timeout)
            settings.offline = offline
            settings.allowLocal = !noLocal
            settings.unsafeSVG = unsafeSVG
            if !noCache {
                settings.cache = CacheSettings(directory: cacheDir.map { URL(fileURLWithPath: $0) } ?? CacheSettings.defaultDirectory)
            }
            return settings
        }

        /// `5/60`: 5 requests in 60 s.
        private static func window(_ text: String) -> (Int, Double)? {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let requests = Int(parts[0]), let seconds = Double(parts[1]), requests > 0, seconds > 0, seconds <= 86400 else { return nil }
            return (requests, seconds)
        }

        /// The exit code a failure gets: sysexits.h's names for what went wrong.
        static func failure(_ error: Error) -> Failure {
            switch error {
            case let error as ServiceError:
                let code: Int32
                switch error.kind {
                case .credentials: code = Failure.noPermission
                case .rateLimited, .quota: code = Failure.temporaryFailure
                case .unavailable, .offline: code = Failure.unavailable
                case .response: code = Failure.protocolError
                case .configuration: code = Failure.configuration
                }
                return Failure(code: code, message: error.message)
            case let error as ChartError:
                return Failure(code: Failure.dataError, message: error.description)
            case is CancellationError:
                return Failure(code: Failure.software, message: "cancelled")
            default:
                return Failure(code: Failure.software, message: "the chart failed: \(error)")
            }
        }
    }
}
/// `--provider`: a service, or here.
enum ProviderChoice: String, ExpressibleByArgument, CaseIterable {
    case astrologyAPI = "astrologyapi"
    case freeAstrologyAPI = "freeastrologyapi"
    case local

    /// The service chosen, nil for local.
    var service: ChartProvider? { ChartProvider(rawValue: rawValue) }
}

extension UnsafeSVGHandling: ExpressibleByArgument {}

#else
extension Wheel {
    /// Built without the `Networking` trait: says how to get the command rather than not knowing it.
    struct Natal: MissingFromThisBuild {
        static let missingPart = "networking"
        static let configuration = CommandConfiguration(abstract: abstractText)

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    }
}
#endif
