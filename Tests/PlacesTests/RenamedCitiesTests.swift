import Foundation
import Testing
import PlaceWalks

/// Old names of renamed cities (Data/renamed-cities.tsv): each finds its city first, but for the names a larger or
/// equally likely place carries as its own, listed in Tests/PlaceWalks/RenamedCitiesWalk.swift with the place found
/// first. A new one fails.
@Suite
struct RenamedCitiesTests {
    /// Every other name and the listed ones: every name is searched in the release build by
    /// scripts/check-data-walks.sh, which CI runs.
    @Test func oldNamesFindTheirCities() throws {
        let report = try RenamedCitiesWalk.run(.every(2, from: 1))
        report.recordFailures()
        #expect(report.lookedUp >= 90 / 2)
        print(report.summary)
    }
}

extension WalkReport {
    /// Each failure of a sampled walk as an issue of the test that ran it.
    func recordFailures(sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }
}
