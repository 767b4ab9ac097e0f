import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// `prepared(excluding:aspects:orbs:)`: what the wheel draws once the options are applied.
@Suite struct PreparedChartTests {
    /// The samples' aspect orbs, from samples/README: the ten planets, these six kinds.
    static let readmeOrbs: [AspectKind: Double] = [.conjunction: 10, .sextile: 6, .square: 8, .trine: 8, .quincunx: 3, .opposition: 10]

    private func chart(_ longitudes: [BodyID: Double], aspects: [Aspect]? = nil) -> NatalChart {
        try! NatalChart(bodies: longitudes.map { try! Body(id: $0.key, longitude: $0.value) }.sorted { $0.id < $1.id },
                   cusps: (0..<12).map { Double($0) * 30 }, aspects: aspects)
    }

    @Test(arguments: SampleCharts.ids)
    func computedAspectsMatchTheServiceAspects(id: String) throws {
        let given = try Samples.chart("astrologyapi", id).chart
        // Orbs given: computed, not copied. The Node excluded: the service aspects only the ten planets.
        let computed = try #require(given.prepared(excluding: [.northNode], orbs: Self.readmeOrbs).aspects)
        #expect(aspectSet(computed) == aspectSet(given.aspects))
        // Same orbs too, so the finder measures what the service measured.
        for aspect in computed {
            let match = try #require(given.aspects?.first { Set([$0.first, $0.second]) == Set([aspect.first, aspect.second]) })
            #expect(abs((aspect.orb ?? -1) - (match.orb ?? -2)) < 1e-9, "\(aspect)")
        }
    }

    @Test func missingAspectsAreComputedWithDefaultOrbs() throws {
        var given = try Samples.chart("astrologyapi", "a_2000_mumbai").chart
        let expected = aspectSet(given.aspects)
        given.aspects = nil
        #expect(aspectSet(given.prepared(excluding: [.northNode]).aspects) == expected)
    }

    @Test func excludedBodiesAndTheirAspectsAreRemoved() throws {
        let given = try Samples.chart("astrologyapi", "a_2000_mumbai").chart
        #expect(given.aspects?.contains { $0.first == .saturn || $0.second == .saturn } == true)
        let prepared = given.prepared(excluding: [.saturn, .northNode])
        #expect(prepared.bodies.map(\.id) == [.sun, .moon, .mercury, .venus, .mars, .jupiter, .uranus, .neptune, .pluto])
        #expect(prepared.aspects?.contains { $0.first == .saturn || $0.second == .saturn } == false)
        #expect(prepared.aspects?.count == 8)  // 14 given, 6 involve Saturn
    }

    @Test func allowedAspectsFilterTheGivenOnes() throws {
        let given = try Samples.chart("astrologyapi", "b_1990_newyork").chart
        let prepared = given.prepared(aspects: [.trine, .opposition])
        #expect(prepared.aspects?.count == 10)  // 6 trines and 4 oppositions in the sample
        #expect(prepared.aspects?.allSatisfy { [.trine, .opposition].contains($0.kind) } == true)
    }

    @Test func minorAspectsOnlyWhenAllowed() {
        // 72.5° apart: a quintile 0.5° from exact, not a major aspect at all.
        let pair = chart([.sun: 10, .moon: 82.5])
        #expect(pair.prepared().aspects == [])
        #expect(pair.prepared(aspects: [.quintile, .sextile]).aspects == [try! Aspect(first: .sun, second: .moon, kind: .quintile, orb: 0.5)])
    }

    @Test func aPairGetsOnlyItsClosestAspect() {
        // 43°: a semi-square 2° off and a novile 3° off once novile's orb is widened to 5.
        let aspects = chart([.sun: 0, .moon: 43]).prepared(aspects: [.semiSquare, .novile], orbs: [.novile: 5]).aspects
        #expect(aspects == [try! Aspect(first: .sun, second: .moon, kind: .semiSquare, orb: 2)])
    }

    @Test func separationIsTheShortestWayRound() {
        #expect(AspectFinder.separation(350, 10) == 20)
        #expect(AspectFinder.separation(10, 350) == 20)
        #expect(AspectFinder.separation(0, 180) == 180)
        // 355° and 5° are a conjunction, not a 350° something.
        #expect(chart([.sun: 355, .moon: 5]).prepared().aspects?.first?.kind == .conjunction)
    }

    @Test func orbLimitIsInclusiveAndOrbValuesOverrideDefaults() {
        let square = chart([.mars: 0, .venus: 98])  // 8° from a square: the default square orb exactly
        #expect(square.prepared().aspects?.map(\.kind) == [.square])
        #expect(square.prepared(orbs: [.square: 5]).aspects == [])
    }

    @Test func givenOrbValuesReplaceTheSourceAspects() {
        // The source claims a trine that the longitudes do not support; with orbs given, the longitudes win.
        let claimed = chart([.sun: 0, .moon: 90], aspects: [try! Aspect(first: .sun, second: .moon, kind: .trine)])
        #expect(claimed.prepared().aspects?.map(\.kind) == [.trine])
        #expect(claimed.prepared(orbs: [.square: 1]).aspects?.map(\.kind) == [.square])
    }

    @Test func aspectsAreSortedByFirstBodySecondBodyAndKind() {
        let given = chart([.sun: 0, .moon: 1, .mars: 2], aspects: [
            try! Aspect(first: .moon, second: .mars, kind: .conjunction),
            try! Aspect(first: .sun, second: .mars, kind: .square),
            try! Aspect(first: .sun, second: .mars, kind: .conjunction),
            try! Aspect(first: .sun, second: .moon, kind: .conjunction),
        ])
        let order = given.prepared().aspects?.map { "\($0.first)-\($0.second) \($0.kind)" }
        #expect(order == ["sun-moon conjunction", "sun-mars conjunction", "sun-mars square", "moon-mars conjunction"])
    }

    @Test func theCuspsDecideTheHouses() {
        var given = chart([.sun: 45, .moon: 200])
        #expect(given.body(.sun)?.house == 2)
        given.bodies[0].house = nil
        given.bodies[1].house = 4  // set after the checks, and contradicting the cusps: the cusps win
        let prepared = given.prepared()
        #expect(prepared.body(.sun)?.house == 2)
        #expect(prepared.body(.moon)?.house == 7)
    }

    @Test func sampleHousesAgreeWithTheCusps() throws {
        // AstrologyAPI gives houses; filling them from the cusps must give the same numbers.
        for id in SampleCharts.ids {
            let given = try Samples.chart("astrologyapi", id).chart
            var stripped = given
            for i in stripped.bodies.indices { stripped.bodies[i].house = nil }
            #expect(stripped.prepared().bodies.map(\.house) == given.bodies.map(\.house), "\(id)")
        }
    }
}
