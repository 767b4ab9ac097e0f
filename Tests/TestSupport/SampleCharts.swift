import ChartModel
import Foundation

/// The sample charts under `samples/`: six real births, each in the shapes `astrologyapi`, `freeastrologyapi` and
/// `reference` (the Swiss Ephemeris numbers). The one list of them is the folder itself.
public enum SampleCharts {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static let folder = packageRoot.appendingPathComponent("samples")

    /// The births' names, as `a_2000_mumbai`, in order.
    public static let ids: [String] = {
        // A folder that cannot be read would give no test cases, and every test over them would pass unseen.
        let path = folder.appendingPathComponent("astrologyapi").path
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch { fatalError("the sample charts at \(path) cannot be read: \(error)") }
        let ids = names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        precondition(!ids.isEmpty, "no sample charts in \(path)")
        return ids
    }()

    /// `shape` is `astrologyapi`, `freeastrologyapi` or `reference`.
    public static func url(_ id: String, shape: String = "astrologyapi") -> URL {
        folder.appendingPathComponent(shape).appendingPathComponent(id + ".json")
    }

    public static func data(_ id: String, shape: String = "astrologyapi") throws -> Data {
        try Data(contentsOf: url(id, shape: shape))
    }

    public static func decoded(_ id: String, shape: String = "astrologyapi") throws -> DecodedChart {
        try ChartDecoder.decode(try data(id, shape: shape))
    }

    public static func chart(_ id: String, shape: String = "astrologyapi") throws -> NatalChart {
        try decoded(id, shape: shape).chart
    }
}
