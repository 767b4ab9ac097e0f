import ChartModel
import Ephemeris
import Foundation
import WheelRender

/// The service whose endpoints a drop-in route stands in for.
enum DropInService: Sendable {
    case astrologyAPI, freeAstrologyAPI

    /// As the service writes its name.
    var displayName: String { self == .astrologyAPI ? "AstrologyAPI" : "FreeAstrologyAPI" }

    /// The service whose drop-in answers at `path`, whose callers read errors in its shape; nil for our own routes.
    init?(path: String) {
        if ["/v1/western_chart_data", "/v1/natal_wheel_chart"].contains(path) {
            self = .astrologyAPI
        } else if path.hasPrefix("/western/") {
            self = .freeAstrologyAPI
        } else {
            return nil
        }
    }
}

/// One drop-in request body, read as the CLI reads a birth: the birth and its house system (`BirthRequest.decode`:
/// AstrologyAPI's `day, month, year, hour, min, lat, lon, tzone, house_type`, FreeAstrologyAPI's `year, month, date,
/// hours, minutes, seconds, latitude, longitude, timezone, config.house_system`, or our own birth object), and for
/// a wheel its options: AstrologyAPI's at the top level (`chart_size`, `image_type`, `planet_icon_color`, …),
/// FreeAstrologyAPI's in `config` (`exclude_planets`, `allowed_aspects`, `aspect_line_colors`, `orb_values`,
/// `wheel_chart_colors`), each also by our own name (`theme`, `legend`, `title`) where it applies to a wheel.
/// Fields neither service nor we know are ignored, as the services ignore them.
struct DropInRequest: Sendable {
    /// The birth and the house system it asks for.
    var birth: BirthRequest
    /// The wheel's options by our names, values as the request gave them, as compact JSON with sorted keys: what a
    /// signed URL carries, and what `options` was read from.
    var optionsJSON: Data
    /// The wheel's options.
    var options: RenderOptions
    /// SVG unless the request asks for PNG (`image_type`).
    var format: RenderOptions.ImageType

    /// The house system to compute: the request's, else Placidus (both services' default).
    var houseSystem: HouseSystem { birth.houseSystem ?? .placidus }

    /// Reads `body`; with `wheel`, the wheel's options too, and without, FreeAstrologyAPI's `config.exclude_planets`
    /// alone (its planets and aspects leave those bodies out). Errors name the request's own fields
    /// (`lat: 91 is outside -90…90`, `config.wheel_chart_colors.planets_icon_color: "#zz" is not a colour …`).
    /// A wheel whose options name no language is in `preferred` (the request's `Accept-Language`), which the
    /// options then carry, so that its signed URL draws the same words whoever fetches it; English, the default,
    /// goes without saying.
    static func read(_ body: Data, wheel: Bool, language preferred: Language? = nil) throws(ChartError) -> DropInRequest {
        let birth = try BirthRequest.decode(body)
        guard wheel || birth.shape == .freeAstrologyAPI else {
            return DropInRequest(birth: birth, optionsJSON: Data("{}".utf8), options: RenderOptions(), format: .svg)
        }
        // BirthRequest.decode has read the body as a JSON object (and refused one nested too deep). Each option's
        // value is handed on as written: its source bytes.
        let given = try JSONDocument.parse(body) { root throws(ChartError) -> [(path: String, option: RenderOption, value: Data)] in
            func options(in object: JSONObjectNode, prefix: String, serviceName: KeyPath<RenderOption, String?>) -> [(String, RenderOption, Data)] {
                // The last of a repeated key, as an object's reader keeps it; in the order of the keys.
                let members = Dictionary(object.entries.map { ($0.key, $0.node.source) }, uniquingKeysWith: { _, last in last })
                return members.keys.sorted().compactMap { key in
                    option(named: key, serviceName: serviceName).map { (prefix + key, $0, members[key]!) }
                }
            }
            let object = try root.object()
            switch birth.shape {
            case .astrologyAPI:
                return options(in: object, prefix: "", serviceName: \.astrologyAPIName)
            case .freeAstrologyAPI:
                var found: [(String, RenderOption, Data)] = []
                for container in ["config", "settings"] {
                    guard let settings = object.member(named: container), settings.isObject else { continue }
                    found += options(in: try settings.object(), prefix: "\(container).", serviceName: \.freeAstrologyAPIName)
                }
                return found
            case .birth:
                return []  // our birth object has no options: its reader refuses unknown fields
            }
        }
        var chosen: [String: JSONText] = [:]
        for (path, option, value) in given where wheel || option == RenderOption.excludePlanets {
            // Each one alone first, so that an error names the request's own field.
            do {
                var single = RenderOptions()
                try single.apply(json: JSONText.object([(option.name, .verbatim(value))]).data)
            } catch {
                throw ChartError(error.path.hasPrefix(option.name) ? path + error.path.dropFirst(option.name.count) : path, error.message)
            }
            chosen[option.name] = .verbatim(value)
        }
        if wheel, chosen[RenderOption.language.name] == nil, let preferred, preferred != .fallback {
            chosen[RenderOption.language.name] = .string(preferred.rawValue)
        }
        let optionsJSON = JSONText.sorted(chosen).data
        // Read back from the JSON a signed URL carries, in its order, so that the URL renders what was validated here.
        let options = try RenderOptions.decode(json: optionsJSON)
        return DropInRequest(birth: birth, optionsJSON: optionsJSON, options: options, format: options.imageType ?? .svg)
    }

    /// The option a request's field names: the service's name for it, else our own for an option of the wheel
    /// (not `house_system` nor the chart settings, `ayanamsa` and the others, which say how the chart is computed:
    /// a request gives those in its birth, FreeAstrologyAPI's as `config.ayanamsha` and `config.observation_point`).
    private static func option(named key: String, serviceName: KeyPath<RenderOption, String?>) -> RenderOption? {
        if let option = RenderOption.all.first(where: { $0[keyPath: serviceName] == key }) { return option }
        guard key != RenderOption.houseSystem.name, let option = RenderOption.named(key), option.applies(to: .wheel),
              !option.isChartSetting else { return nil }
        return option
    }
}
