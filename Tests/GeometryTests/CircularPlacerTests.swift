import Testing
@testable import Geometry

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
}
