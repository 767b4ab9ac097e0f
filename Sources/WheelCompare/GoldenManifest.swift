import ChartModel
import Foundation
import WheelRender

/// The list of golden cases: which input and which options made each golden image.
public struct GoldenManifest: Sendable {
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        /// The chart file, relative to the manifest's root folder.
        public var input: String
        public var options: RenderOptions
        public var description: String { name }
    }

    public var cases: [Case]

    /// Reads `manifest.json`: `{"cases": [{"name", "input", "options": {…option-file names…}}]}`.
    public init(contentsOf url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        guard let list = root?["cases"] as? [[String: Any]] else {
            throw ChartError("cases", "expected a list of golden cases in \(url.path)")
        }
        cases = try list.enumerated().map { index, entry in
            guard let name = entry["name"] as? String, let input = entry["input"] as? String else {
                throw ChartError("cases[\(index)]", "needs \"name\" and \"input\"")
            }
            var options = RenderOptions()
            if let object = entry["options"] {
                try options.apply(json: JSONSerialization.data(withJSONObject: object))
            }
            return Case(name: name, input: input, options: options)
        }
    }
}
