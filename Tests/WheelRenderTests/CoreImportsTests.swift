import Foundation
import Testing
import TestSupport

/// The core builds anywhere because it imports nothing but Foundation and itself: no C module, no SwiftNIO, no
/// platform-only module. (`scripts/check-core.sh` proves the same by building an app with the C headers hidden.)
@Suite
struct CoreImportsTests {
    static let core = ["Support", "ChartModel", "Geometry", "WheelRender", "Ephemeris", "Places", "BirthPlaces"]

    @Test(arguments: core)
    func aCoreModuleImportsOnlyFoundationAndTheCoreBelowIt(module: String) throws {
        let allowed = Set(["Foundation"] + Self.core.prefix { $0 != module })
        let folder = SampleCharts.packageRoot.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !["@testable", "@_exported", "public", "package", "internal"].contains($0) }
                guard words.first == "import", words.count >= 2 else { continue }
                let imported = String(words[words.count - 1].split(separator: ".")[0])
                #expect(allowed.contains(imported), "\(module)/\(file) imports \(imported)")
            }
            #expect(!text.contains("#if os("), "\(module)/\(file) has a platform branch")
        }
    }
}
