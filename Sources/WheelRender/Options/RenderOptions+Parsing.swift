import ChartModel
import Foundation
import Geometry

/// Options from a JSON file or from command-line flag strings, with the chart services' own names.
/// Both paths end in `apply(_:_:)`, which reads each option's value in one place; flag strings are first turned
/// into the JSON text they stand for (`Trine=#00f,Square=#f00` → an object, `Sun,Moon` → a list).
extension RenderOptions {
    /// The option names, as in the services' requests and in an options file.
    public enum Key: String, CaseIterable, Sendable {
        case chartSize = "chart_size"
        case imageType = "image_type"
        case theme
        case planetIconColor = "planet_icon_color"
        case innerCircleBackground = "inner_circle_background"
        case signIconColor = "sign_icon_color"
        case signBackground = "sign_background"
        case chartBackgroundColor = "chart_background_color"
        /// `none` (transparent around the wheel) or a colour, which sets `chart_background_color`.
        case background
        case aspectLineColors = "aspect_line_colors"
        case excludePlanets = "exclude_planets"
        case allowedAspects = "allowed_aspects"
        case orbValues = "orb_values"
        case title
        case legend
        case houseSystem = "house_system"
        case cuspDegrees = "cusp_degrees"
        /// A bi-wheel's: the outer chart's glyph colour, its ring's fill, its cross-aspect orbs, and whether the
        /// inner chart's own aspects are drawn too.
        case outerPlanetIconColor = "outer_planet_icon_color"
        case outerRingBackground = "outer_ring_background"
        case outerOrbValues = "outer_orb_values"
        case innerAspects = "inner_aspects"
        /// FreeAstrologyAPI's colour group: `zodiac_sign_background_color`, `chart_background_color`,
        /// `zodiac_signs_text_color`, `dotted_line_color`, `planets_icon_color`.
        case wheelChartColors = "wheel_chart_colors"

        enum Shape { case scalar, list, map }

        var shape: Shape {
            switch self {
            case .excludePlanets, .allowedAspects: .list
            case .aspectLineColors, .orbValues, .outerOrbValues, .wheelChartColors: .map
            default: .scalar
            }
        }
    }

    /// FreeAstrologyAPI's `wheel_chart_colors` members and the options they set.
    /// (Computed: key paths are not `Sendable`, so they cannot sit in a static constant.)
    static var wheelChartColorKeys: [(key: String, option: WritableKeyPath<RenderOptions, Colour?>)] {
        [
            ("zodiac_sign_background_color", \.signBackground),
            ("chart_background_color", \.chartBackgroundColor),
            ("zodiac_signs_text_color", \.signIconColor),
            ("dotted_line_color", \.cuspLineColor),
            ("planets_icon_color", \.planetIconColor),
        ]
    }

    /// The longest title accepted, in Unicode scalars.
    public static let maxTitleLength = LayoutOptions.maxTitleScalars
    /// The longest house system name accepted, in Unicode scalars: it has a corner of the image to itself.
    public static let maxHouseSystemLength = ChartLimits.maxHouseSystemScalars
    /// Orbs must be in `0 < orb <= maxOrb` degrees (FreeAstrologyAPI's range).
    public static let maxOrb = LayoutOptions.maxOrbValue

    /// Options from a JSON object; what it leaves out keeps its default.
    public static func decode(json: Data) throws(ChartError) -> RenderOptions {
        var options = RenderOptions()
        try options.apply(json: json)
        return options
    }

    /// Layers a JSON options object over these options. Lists (`exclude_planets`, `allowed_aspects`) replace
    /// the current ones, maps (`aspect_line_colors`, `orb_values`) are merged key by key, and `null` resets an
    /// option to its default. On error nothing is changed.
    public mutating func apply(json: Data) throws(ChartError) {
        self = try JSONDocument.parse(json) { (root) throws(ChartError) in
            var updated = self
            for (name, node) in try root.object().entries {
                try updated.apply(try Self.key(named: name, at: node.path), node)
            }
            return updated
        }
    }

    /// Sets one option from a flag string: `set("chart_size", "800")`, `set("exclude_planets", "Node,Chiron")`,
    /// `set("aspect_line_colors", "Trine=#00f,Square=#f00")`, or one map entry as
    /// `set("aspect_line_colors.Trine", "#00f")`. Dashes in the name may stand for underscores (`chart-size`).
    public mutating func set(_ name: String, _ value: String) throws(ChartError) {
        let dot = name.firstIndex(of: ".")
        let optionName = name[..<(dot ?? name.endIndex)].replacingOccurrences(of: "-", with: "_")
        let path = JSONPath(components: optionName)
        let key = try Self.key(named: optionName, at: path)
        let flagJSON: String
        if let dot {
            let entry = String(name[name.index(after: dot)...])
            guard key.shape == .map else {
                throw ChartError(path.key(entry).description, "unknown option (\(optionName) has no entries)")
            }
            flagJSON = "{\(jsonString(entry)): \(jsonString(value))}"
        } else {
            flagJSON = try Self.flagJSON(value, shape: key.shape, at: path)
        }
        self = try JSONDocument.parse(Data(flagJSON.utf8), at: path) { (node) throws(ChartError) in
            var updated = self
            try updated.apply(key, node)
            return updated
        }
    }

    // MARK: One reader per option

    private mutating func apply(_ key: Key, _ node: JSONNode) throws(ChartError) {
        if node.isNull { return reset(key) }
        switch key {
        case .chartSize:
            let size = try node.wholeNumber(in: Int.min...Int.max)
            if let problem = LayoutOptions.chartSizeProblem(size) { throw node.error(problem) }
            chartSize = size
        case .imageType: imageType = try node.choice(of: ImageType.self)
        case .theme: theme = try node.choice(of: Theme.self)
        case .planetIconColor: planetIconColor = try node.colour()
        case .innerCircleBackground: innerCircleBackground = try node.colour()
        case .signIconColor: signIconColor = try node.colour()
        case .signBackground: signBackground = try node.colour()
        case .chartBackgroundColor:
            chartBackgroundColor = try node.colour()
            transparentBackground = false
        case .background:
            if try node.string().trimmingWhitespace().lowercased() == "none" {
                transparentBackground = true
            } else {
                guard let colour = try? node.colour() else {
                    throw node.error("\(node.quoted) is neither none nor a colour (#rgb, #rrggbb or a name: black, white, …)")
                }
                chartBackgroundColor = colour
                transparentBackground = false
            }
        case .aspectLineColors:
            for (name, value) in try node.object().entries {
                aspectLineColors[try value.aspectKind(named: name)] = try value.colour()
            }
        case .excludePlanets:
            excludePlanets = []
            for element in try node.array() { excludePlanets.insert(try element.bodyID()) }
        case .allowedAspects:
            var kinds: Set<AspectKind> = []
            for element in try node.array() { kinds.insert(try element.aspectKind(named: try element.string())) }
            allowedAspects = kinds
        case .orbValues:
            for (name, value) in try node.object().entries {
                let orb = try value.number()
                if let problem = LayoutOptions.orbValueProblem(orb, as: value.quoted) { throw value.error(problem) }
                orbValues[try value.aspectKind(named: name)] = orb
            }
        case .outerOrbValues:
            for (name, value) in try node.object().entries {
                let orb = try value.number()
                if let problem = LayoutOptions.orbValueProblem(orb, as: value.quoted) { throw value.error(problem) }
                outerOrbValues[try value.aspectKind(named: name)] = orb
            }
        case .outerPlanetIconColor: outerPlanetIconColor = try node.colour()
        case .outerRingBackground: outerRingBackground = try node.colour()
        case .innerAspects: innerAspects = try node.flag()
        case .title: title = try node.line(atMost: Self.maxTitleLength)
        case .legend: legend = try node.flag()
        case .cuspDegrees: cuspDegrees = try node.flag()
        case .houseSystem: houseSystem = try node.line(atMost: Self.maxHouseSystemLength)
        case .wheelChartColors:
            for (name, value) in try node.object().entries {
                guard let member = Self.wheelChartColorKeys.first(where: { $0.key == name }) else {
                    throw value.error("unknown option" + didYouMean(name, among: Self.wheelChartColorKeys.map(\.key)))
                }
                self[keyPath: member.option] = value.isNull ? nil : try value.colour()
            }
        }
    }

    private mutating func reset(_ key: Key) {
        let defaults = RenderOptions()
        switch key {
        case .chartSize: chartSize = defaults.chartSize
        case .imageType: imageType = defaults.imageType
        case .theme: theme = defaults.theme
        case .planetIconColor: planetIconColor = defaults.planetIconColor
        case .innerCircleBackground: innerCircleBackground = defaults.innerCircleBackground
        case .signIconColor: signIconColor = defaults.signIconColor
        case .signBackground: signBackground = defaults.signBackground
        case .chartBackgroundColor: chartBackgroundColor = defaults.chartBackgroundColor
        case .background:
            chartBackgroundColor = defaults.chartBackgroundColor
            transparentBackground = defaults.transparentBackground
        case .aspectLineColors: aspectLineColors = defaults.aspectLineColors
        case .excludePlanets: excludePlanets = defaults.excludePlanets
        case .allowedAspects: allowedAspects = defaults.allowedAspects
        case .orbValues: orbValues = defaults.orbValues
        case .outerOrbValues: outerOrbValues = defaults.outerOrbValues
        case .outerPlanetIconColor: outerPlanetIconColor = defaults.outerPlanetIconColor
        case .outerRingBackground: outerRingBackground = defaults.outerRingBackground
        case .innerAspects: innerAspects = defaults.innerAspects
        case .title: title = defaults.title
        case .legend: legend = defaults.legend
        case .cuspDegrees: cuspDegrees = defaults.cuspDegrees
        case .houseSystem: houseSystem = defaults.houseSystem
        case .wheelChartColors:
            for member in Self.wheelChartColorKeys { self[keyPath: member.option] = defaults[keyPath: member.option] }
        }
    }

    // MARK: Names and flag strings

    private static func key(named name: String, at path: JSONPath) throws(ChartError) -> Key {
        guard let key = Key(rawValue: name) else {
            throw ChartError(path.description, "unknown option" + didYouMean(name, among: Key.allCases.map(\.rawValue)))
        }
        return key
    }

    /// The JSON text a flag string stands for: lists are comma-separated, maps are `name=value` pairs, and
    /// every value is a string (the readers take numbers as strings too).
    private static func flagJSON(_ text: String, shape: Key.Shape, at path: JSONPath) throws(ChartError) -> String {
        let items = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        switch shape {
        case .scalar:
            return jsonString(text)
        case .list:
            return "[" + items.map(jsonString).joined(separator: ", ") + "]"
        case .map:
            var names: [String] = []
            var members: [String] = []
            for item in items {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw ChartError(path.description, "\(quote(item)) is not name=value")
                }
                guard !names.contains(parts[0]) else {
                    throw ChartError(path.key(parts[0]).description, "given twice")
                }
                names.append(parts[0])
                members.append(jsonString(parts[0]) + ": " + jsonString(parts[1]))
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }
}

// MARK: - Option values

extension JSONNode {
    func colour() throws(ChartError) -> Colour {
        try Colour(parsing: try string(), field: path.description)
    }

    /// One of an enum's raw values, in any case.
    func choice<T: RawRepresentable & CaseIterable>(of _: T.Type) throws(ChartError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text.trimmingWhitespace().lowercased()) else {
            throw error("\(quoted) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func bodyID() throws(ChartError) -> BodyID {
        let name = try string()
        guard let id = BodyID(serviceName: name) else { throw error(BodyID.unknown(name)) }
        return id
    }

    /// An aspect kind from a name that is this node's key (`orb_values.Trine`) or its value.
    func aspectKind(named name: String) throws(ChartError) -> AspectKind {
        guard let kind = AspectKind(serviceName: name) else { throw error(AspectKind.unknown(name)) }
        return kind
    }

    /// A line of text to show (a title, a house system's name): see `ChartLimits.textProblem`; empty means none.
    func line(atMost limit: Int) throws(ChartError) -> String? {
        let text = try string()
        if let problem = ChartLimits.textProblem(text, limit: limit) { throw error(problem) }
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// `text` as a JSON string literal that reads back as the same scalars.
private func jsonString(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}
