import ChartModel
import Foundation
import Geometry

/// Options from a JSON object (an options file, a request body) or from command-line flags, with the chart
/// services' own names. Each option is read by its one declaration (`RenderOption.all`), whichever way it came.
extension RenderOptions {
    /// The longest house system name accepted, in Unicode scalars: it has a corner of the image to itself.
    public static let maxHouseSystemLength = ChartLimits.maxHouseSystemScalars

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
                try updated.apply(try RenderOption.named(name, at: node.path), OptionInput(node))
            }
            return updated
        }
    }

    /// The options a JSON object names, in its order: what a caller checks against the figure it draws.
    public static func names(in json: Data) throws(ChartError) -> [RenderOption] {
        try JSONDocument.parse(json) { (root) throws(ChartError) in
            var named: [RenderOption] = []
            for (name, node) in try root.object().entries { named.append(try RenderOption.named(name, at: node.path)) }
            return named
        }
    }

    /// Sets one option from a flag's text: `set("chart_size", "800")`, `set("exclude_planets", "Node,Chiron")`,
    /// `set("aspect_line_colors", "Trine=#00f,Square=#f00")`, or one map entry as
    /// `set("aspect_line_colors.Trine", "#00f")`. Dashes in the name may stand for underscores (`chart-size`).
    public mutating func set(_ name: String, _ value: String) throws(ChartError) {
        let dot = name.firstIndex(of: ".")
        let optionName = name[..<(dot ?? name.endIndex)].replacingOccurrences(of: "-", with: "_")
        let path = JSONPath(components: optionName)
        let option = try RenderOption.named(optionName, at: path)
        guard let dot else { return try set(option, value) }
        let entry = String(name[name.index(after: dot)...])
        guard [.aspectColours, .orbs, .group].contains(option.value) else {
            throw ChartError(path.key(entry).description, "unknown option (\(optionName) has no entries)")
        }
        var updated = self
        try option.read(&updated, OptionInput(entry: entry, text: value, path: path))
        self = updated
    }

    /// Sets `option` from a flag's text. On error nothing is changed.
    public mutating func set(_ option: RenderOption, _ value: String) throws(ChartError) {
        var updated = self
        try updated.apply(option, OptionInput(text: value, path: JSONPath(components: option.name)))
        self = updated
    }

    /// Puts `option` back to its default.
    public mutating func reset(_ option: RenderOption) { option.reset(&self) }

    private mutating func apply(_ option: RenderOption, _ input: OptionInput) throws(ChartError) {
        if input.isNull { return option.reset(&self) }
        try option.read(&self, input)
    }
}

extension RenderOption {
    /// The option `name` names, else an error at `path` suggesting the nearest name.
    static func named(_ name: String, at path: JSONPath) throws(ChartError) -> RenderOption {
        guard let option = named(name) else {
            throw ChartError(path.description, "unknown option" + didYouMean(name, among: all.map(\.name)))
        }
        return option
    }
}
