import ChartModel
import Testing
@testable import Geometry

@Suite
struct CircularPlacerTests {
    @Test func isotonicRegressionPoolsViolators() {
        func fit(_ values: [Double], weights: [Double]) -> [Double] {
            var values = values, pools: [CircularPlacer.Pool] = []
            CircularPlacer.isotonic(&values, weights: weights, pools: &pools)
            return values
        }
        #expect(fit([1, 3, 2, 4], weights: [1, 1, 1, 1]) == [1, 2.5, 2.5, 4])
        #expect(fit([5, 1], weights: [3, 1]) == [4, 4])
        #expect(fit([3, 2, 1, 5], weights: [1, 1, 1, 1]) == [2, 2, 2, 5])
    }

    @Test func twoItemsOnOneSpotMoveApartEqually() {
        let angles = CircularPlacer.place([.init(target: 100), .init(target: 100)]) { _, _, _, _ in 10 }
        #expect(angles == [95, 105])
    }

    @Test func aHeavyItemStaysAndTheLightOneMoves() {
        let angles = CircularPlacer.place([.init(target: 100, weight: 1000), .init(target: 102)]) { _, _, _, _ in 10 }!
        #expect(abs(angles[0] - 100) < 0.05 && abs(angles[1] - 110) < 0.05, "\(angles)")
    }

    @Test func theCutFallsInTheWidestGapSoAClusterAcrossZeroStaysTogether() {
        let angles = CircularPlacer.place([.init(target: 358), .init(target: 2), .init(target: 180)]) { _, _, _, _ in 10 }!
        #expect(abs(angles[0] - 355) < 1e-9 && abs(angles[1] - 5) < 1e-9 && angles[2] == 180, "\(angles)")
    }

    @Test func tooManyForTheCircleIsReported() {
        #expect(CircularPlacer.place((0..<40).map { .init(target: Double($0)) }) { _, _, _, _ in 10 } == nil)
    }

    // MARK: Walls

    private func placeWithin(_ targets: [Double], walls: [CircularPlacer.Wall], spacing: Double = 10, margin: Double = 2) -> CircularPlacer.WalledPlacement? {
        CircularPlacer.place(targets.map { .init(target: $0) }, walls: walls, spacing: { _, _, _, _ in spacing }, clearance: { _, _, _ in margin })
    }

    @Test func aClusterJustAfterAWallSpreadsAwayFromIt() {
        let placed = placeWithin([101, 101, 101], walls: [.init(angle: 100, isHard: true), .init(angle: 200, isHard: true)])!
        #expect(placed.angles.allSatisfy { $0 >= 102 - 1e-9 }, "\(placed.angles)")
        #expect(abs(placed.angles[0] - 102) < 1e-9 && abs(placed.angles[2] - 122) < 1e-9, "\(placed.angles)")
    }

    @Test func itemsOnBothSidesOfAWallStayOnTheirSides() {
        let placed = placeWithin([99, 99.5, 100.5, 101], walls: [.init(angle: 100, isHard: true), .init(angle: 280, isHard: true)])!
        #expect(placed.angles[0] < placed.angles[1] && placed.angles[1] <= 98 + 1e-9, "\(placed.angles)")
        #expect(placed.angles[2] >= 102 - 1e-9 && placed.angles[3] > placed.angles[2], "\(placed.angles)")
    }

    @Test func aSoftWallGivesWayStepByStepWhenItsHouseIsFull() {
        // Three items need 20° plus margins between walls 10° apart: their house first lets their boxes reach
        // across its soft wall, then lets them cross it.
        let walls: [CircularPlacer.Wall] = [.init(angle: 0, isHard: true), .init(angle: 10, isHard: false), .init(angle: 90, isHard: true)]
        let placed = placeWithin([5, 5, 5], walls: walls)!
        #expect(placed.holds == [.open, .clear, .clear], "\(placed.holds)")
        #expect(placed.angles.allSatisfy { $0 >= 2 - 1e-9 && $0 <= 88 + 1e-9 }, "\(placed.angles)")
        let roomy = placeWithin([5, 5], walls: walls, spacing: 5, margin: 3)!
        #expect(roomy.holds == [.centre, .clear, .clear], "two fit with their centres inside: \(roomy.holds) \(roomy.angles)")
        #expect(roomy.angles.allSatisfy { $0 < 10 }, "\(roomy.angles)")
    }

    @Test func hardWallsThatCannotHoldAreReportedNotCrossed() {
        // Five items in a 30° arc between two angles need 40°: no placement keeps the walls, and none is made up.
        #expect(placeWithin([10, 11, 12, 13, 14], walls: [.init(angle: 0, isHard: true), .init(angle: 30, isHard: true)]) == nil)
    }

    @Test func sixteenItemsOnOneSpotBetweenManySoftWallsFinish() {
        let walls = (0..<12).map { CircularPlacer.Wall(angle: Double($0) * 3, isHard: false) } + [.init(angle: 180, isHard: true)]
        let placed = placeWithin(Array(repeating: 10, count: 16), walls: walls, spacing: 8, margin: 1)!
        // Measured from the hard wall, where the circle is cut, the items are in order and spaced.
        let sorted = placed.angles.map { normalizedDegrees($0 - 180) }.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= 8 - 1e-6 }, "\(sorted)")
        #expect(sorted.allSatisfy { abs(angleDifference($0, 180)) >= 1 - 1e-9 }, "the hard wall holds: \(sorted)")
    }
}
