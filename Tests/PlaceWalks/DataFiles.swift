import Foundation
// Sampling and WalkReport, shared with the chart walks; re-exported for PlacesTests and DataWalks.
@_exported import WalkSampling

/// Tests/PlacesTests/Data, which the scripts that measure the data write (scripts/make-zone-tables.py --points,
/// scripts/measure-renamed-cities.py).
let dataFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PlacesTests/Data")

/// The lines of a data file, but its comments.
func dataLines(_ name: String) throws -> [Substring] {
    try String(contentsOf: dataFolder.appendingPathComponent(name), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }
}
