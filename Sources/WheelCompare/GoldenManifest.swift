import ChartModel
import Foundation
import WheelRender

/// The list of golden cases: which input and which options made each golden image.
public struct GoldenManifest: Sendable {
    public struct Case: Sendable, CustomStringConvertible {
        /// What a case draws: the wheel, the aspect grid or the element table.
        public enum Figure: String, Sendable, CaseIterable {
            case wheel, grid, table
        }

        public var name: String
        /// The chart file, relative to the manifest's root folder.
        public var input: String
        public var figure: Figure
        /// A second chart file, relative to the root folder, read as a partner's chart (synastry): the outer chart
        /// of a bi-wheel or of a two-chart grid.
        public var outer: String?
        public var options: RenderOptions
        public var description: String { name }
    }

    public var cases: [Case]

    /// Reads `manifest.json`: `{"cases": [{"name", "input", "figure"?, "outer"?, "options"?: {…option-file names…}}]}`;
    /// `figure` is `wheel` (the default), `grid` or `table`.
    public init(contentsOf url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        guard let list = root?["cases"] as? [[String: Any]] else {
            throw ChartError("cases", "expected a list of golden cases in \(url.path)")
        }
        cases = try list.enumerated().map { index, entry in
            guard let name = entry["name"] as? String, let input = entry["input"] as? String else {
                throw ChartError("cases[\(index)]", "needs \"name\" and \"input\"")
            }
            var figure = Case.Figure.wheel
            if let given = entry["figure"] {
                guard let text = given as? String, let named = Case.Figure(rawValue: text) else {
                    throw ChartError("cases[\(index)].figure", "\(given) is not one of wheel, grid, table")
                }
                figure = named
            }
            var outer: String?
            if let given = entry["outer"] {
                guard let path = given as? String else { throw ChartError("cases[\(index)].outer", "expected a chart file's path") }
                guard figure != .table else { throw ChartError("cases[\(index)].outer", "the element table shows one chart") }
                outer = path
            }
            var options = RenderOptions()
            if let object = entry["options"] {
                try options.apply(json: JSONSerialization.data(withJSONObject: object))
            }
            return Case(name: name, input: input, figure: figure, outer: outer, options: options)
        }
    }
}
