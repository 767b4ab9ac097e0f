import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// `prepared(for:)`: what the wheel draws once the options are applied.
@Suite struct PreparedChartTests {
    /// The samples' aspect orbs, from samples/README: the ten planets, these six kinds.
    static let readmeOrbs: [AspectKind: Double] = [.conjunction: 10, .sextile: 6, .square: 8, .trine: 8, .quincunx: 3, .opposition: 10]

    private func chart(_ longitudes: [BodyID: Double], aspects: [Aspect]? = nil) -> NatalChart {
        NatalChart(bodies: longitudes.map { Body(id: $0.key, longitude: $0.value) }.sorted { $0.id < $1.id },
                   cusps: (0..<12).map { Double($0) * 30 }, aspects: aspects)
    }

    @Test(arguments: SampleCharts.ids)
    func computedAspectsMatchTheServiceAspects(id: String) throws {
        let given = try Samples.chart("astrologyapi", id).chart
        var options = RenderOptions()
        options.orbValues = Self.readmeOrbs  // orbs given: computed, not copied
        options.excludePlanets = [.northNode]  // the service aspects only the ten planets
        let computed = try #require(given.prepared(for: options).aspects)
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
        var options = RenderOptions()
        options.excludePlanets = [.northNode]
        #expect(aspectSet(given.prepared(for: options).aspects) == expected)
    }

    @Test func excludedBodiesAndTheirAspectsAreRemoved() throws {
        let given = try Samples.chart("astrologyapi", "a_2000_mumbai").chart
        #expect(given.aspects?.contains { $0.first == .saturn || $0.second == .saturn } == true)
        var options = RenderOptions()
        options.excludePlanets = [.saturn, .northNode]
        let prepared = given.prepared(for: options)
        #expect(prepared.bodies.map(\.id) == [.sun, .moon, .mercury, .venus, .mars, .jupiter, .uranus, .neptune, .pluto])
        #expect(prepared.aspects?.contains { $0.first == .saturn || $0.second == .saturn } == false)
        #expect(prepared.aspects?.count == 8)  // 14 given, 6 involve Saturn
    }

    @Test func allowedAspectsFilterTheGivenOnes() throws {
        let given = try Samples.chart("astrologyapi", "b_1990_newyork").chart
        var options = RenderOptions()
        options.allowedAspects = [.trine, .opposition]
        let prepared = given.prepared(for: options)
        #expect(prepared.aspects?.count == 10)  // 6 trines and 4 oppositions in the sample
        #expect(prepared.aspects?.allSatisfy { [.trine, .opposition].contains($0.kind) } == true)
    }

    @Test func minorAspectsOnlyWhenAllowed() {
        // 72.5° apart: a quintile 0.5° from exact, not a major aspect at all.
        let pair = chart([.sun: 10, .moon: 82.5])
        #expect(pair.prepared(for: RenderOptions()).aspects == [])
        var options = RenderOptions()
        options.allowedAspects = [.quintile, .sextile]
        #expect(pair.prepared(for: options).aspects == [Aspect(first: .sun, second: .moon, kind: .quintile, orb: 0.5)])
    }

    @Test func aPairGetsOnlyItsClosestAspect() {
        // 43°: a semi-square 2° off and a novile 3° off once novile's orb is widened to 5.
        var options = RenderOptions()
        options.allowedAspects = [.semiSquare, .novile]
        options.orbValues = [.novile: 5]
        let aspects = chart([.sun: 0, .moon: 43]).prepared(for: options).aspects
        #expect(aspects == [Aspect(first: .sun, second: .moon, kind: .semiSquare, orb: 2)])
    }

    @Test func separationIsTheShortestWayRound() {
        #expect(AspectFinder.separation(350, 10) == 20)
        #expect(AspectFinder.separation(10, 350) == 20)
        #expect(AspectFinder.separation(0, 180) == 180)
        // 355° and 5° are a conjunction, not a 350° something.
        #expect(chart([.sun: 355, .moon: 5]).prepared(for: RenderOptions()).aspects?.first?.kind == .conjunction)
    }

    @Test func orbLimitIsInclusiveAndOrbValuesOverrideDefaults() {
        let square = chart([.mars: 0, .venus: 98])  // 8° from a square: the default square orb exactly
        #expect(square.prepared(for: RenderOptions()).aspects?.map(\.kind) == [.square])
        var tight = RenderOptions()
        tight.orbValues = [.square: 5]
        #expect(square.prepared(for: tight).aspects == [])
    }

    @Test func givenOrbValuesReplaceTheSourceAspects() {
        // The source claims a trine that the longitudes do not support; with orbs given, the longitudes win.
        let claimed = chart([.sun: 0, .moon: 90], aspects: [Aspect(first: .sun, second: .moon, kind: .trine)])
        #expect(claimed.prepared(for: RenderOptions()).aspects?.map(\.kind) == [.trine])
        var options = RenderOptions()
        options.orbValues = [.square: 1]
        #expect(claimed.prepared(for: options).aspects?.map(\.kind) == [.square])
    }

    @Test func aspectsAreSortedByFirstBodySecondBodyAndKind() {
        let given = chart([.sun: 0, .moon: 1, .mars: 2], aspects: [
            Aspect(first: .moon, second: .mars, kind: .conjunction),
            Aspect(first: .sun, second: .mars, kind: .square),
            Aspect(first: .sun, second: .mars, kind: .conjunction),
            Aspect(first: .sun, second: .moon, kind: .conjunction),
        ])
        let order = given.prepared(for: RenderOptions()).aspects?.map { "\($0.first)-\($0.second) \($0.kind)" }
        #expect(order == ["sun-moon conjunction", "sun-mars conjunction", "sun-mars square", "moon-mars conjunction"])
    }

    @Test func housesAreFilledFromTheCuspsWhenMissing() {
        var given = chart([.sun: 45, .moon: 200])
        given.bodies[1].house = 4  // the source's own house is kept
        let prepared = given.prepared(for: RenderOptions())
        #expect(prepared.body(.sun)?.house == 2)
        #expect(prepared.body(.moon)?.house == 4)
    }

    @Test func sampleHousesAgreeWithTheCusps() throws {
        // AstrologyAPI gives houses; filling them from the cusps must give the same numbers.
        for id in SampleCharts.ids {
            let given = try Samples.chart("astrologyapi", id).chart
            var stripped = given
            for i in stripped.bodies.indices { stripped.bodies[i].house = nil }
            #expect(stripped.prepared(for: RenderOptions()).bodies.map(\.house) == given.bodies.map(\.house), "\(id)")
        }
    }
}
