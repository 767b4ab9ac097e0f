import Testing
@testable import Geometry

@Suite
struct SpacingCacheTests {
    @Test func answersAgainOnlyForTheSamePairMiddleAndScale() {
        var cache = SpacingCache(count: 3)
        var computed = 0
        func ask(_ i: Int, _ j: Int, middle: Double, scale: Double) -> Double {
            cache.spacing(i, j, middle: middle, scale: scale) {
                computed += 1
                return Double(10 * i + j) + middle + scale
            }
        }
        #expect(ask(0, 1, middle: 10, scale: 1) == 12 && computed == 1)
        #expect(ask(0, 1, middle: 10, scale: 1) == 12 && computed == 1, "the same question is answered from the cache")
        #expect(ask(0, 1, middle: 10.000001, scale: 1) == 1 + 10.000001 + 1 && computed == 2, "a moved middle is recomputed")
        #expect(ask(0, 1, middle: 10.000001, scale: 0.9) == 1 + 10.000001 + 0.9 && computed == 3, "a new scale is recomputed")
        #expect(ask(0, 2, middle: 10.000001, scale: 0.9) == 2 + 10.000001 + 0.9 && computed == 4, "a new neighbour is recomputed")
        #expect(ask(1, 2, middle: 10.000001, scale: 0.9) == 12 + 10.000001 + 0.9 && computed == 5, "pairs are kept apart")
        #expect(ask(0, 2, middle: 10.000001, scale: 0.9) == 2 + 10.000001 + 0.9 && computed == 5)
    }
}
