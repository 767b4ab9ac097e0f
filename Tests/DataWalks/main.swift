import Foundation
import ChartWalks
import PlaceWalks

// The heavy data walks at full coverage (the gazetteer's, and the pure-compute ones of ChartWalks), built in release
// by scripts/check-data-walks.sh: `swift test` runs the same walks sampled, in the debug build. A line per failure;
// the exit status is 1 on any.
let walks: [(name: String, run: () async throws -> WalkReport)] = [
    ("zone points", { try ZoneWalk.run(.everything) }),
    ("other names", { try OtherNamesWalk.run(.everything) }),
    ("renamed cities", { try RenamedCitiesWalk.run(.everything) }),
    ("typing mistakes' index", { TypoIndexWalk.run(.everything) }),
    ("the index against a scan", { IndexScanWalk.run(.everything) }),
    ("wheel rules", { try await WheelRulesWalk.run(.everything) }),
    ("connectors", { try await ConnectorWalk.run(.everything) }),
    ("bi-wheel promises", { try await BiWheelWalk.run(.everything) }),
    ("wander at 600 px", { try await WanderWalk.run(size: 600, .everything) }),
    ("wander at 2000 px", { try await WanderWalk.run(size: 2000, .everything) }),
    ("house systems at 250 px", { try await HouseSystemWalk.run(size: 250, .everything) }),
    ("house systems at 600 px", { try await HouseSystemWalk.run(size: 600, .everything) }),
    ("house systems at 2000 px", { try await HouseSystemWalk.run(size: 2000, .everything) }),
    ("readable bi-wheels", { try await ReadableBiWheelWalk.run(.everything) }),
    ("repeated keys", { try await RepeatedKeyWalk.run(.everything) }),
]
var failures = 0
for walk in walks {
    let started = ContinuousClock.now
    do {
        let report = try await walk.run()
        for failure in report.failures { print("data walks: \(walk.name): FAILED: \(failure)") }
        failures += report.failures.count
        let elapsed = started.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("data walks: \(report.summary) (\(String(format: "%.1f", seconds)) s)")
    } catch {
        print("data walks: \(walk.name): FAILED: \(error)")
        failures += 1
    }
}
print(failures == 0 ? "data walks: ok" : "data walks: FAILED: \(failures) failures")
exit(failures == 0 ? 0 : 1)
