import ChartModel
import Foundation

/// The shared sample charts in `samples/`, decoded.
enum Samples {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let ids = ["a_2000_mumbai", "b_1990_newyork", "c_1879_ulm", "d_1962_newdelhi", "e_1985_tromso", "h_1994_sydney"]

    static func chart(_ id: String, shape: String = "astrologyapi") throws -> NatalChart {
        try ChartDecoder.decode(Data(contentsOf: root.appendingPathComponent("samples/\(shape)/\(id).json"))).chart
    }
}
