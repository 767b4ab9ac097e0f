@testable import Ephemeris
import ChartModel
import Foundation
import Testing

/// Chiron in every computed chart, Ceres to Vesta when the settings ask for them: in `BodyID` order, placed as the
/// tables place them, drawn without aspects, and left out of the elements' count.
@Suite
struct ChartBodiesTests {
    static let births = ReferenceChart.all.compactMap { try? ChartCalculatorTests.birth($0) }

    @Test func everyChartHasChironAndTheAsteroidsOnlyWhenAskedFor() throws {
        try #require(Self.births.count == 6)
        for birth in Self.births {
            let plain = try ChartCalculator.chart(for: birth)
            let full = try ChartCalculator.chart(for: birth, settings: ChartSettings(asteroids: true))
            #expect(plain.chart.bodies.map(\.id) == ChartCalculator.bodies)
            #expect(plain.chart.body(.chiron) != nil && plain.chart.body(.ceres) == nil)
            let ids = full.chart.bodies.map(\.id)
            #expect(ids == ids.sorted() && Set(ids) == Set(ChartCalculator.bodies + ChartCalculator.asteroids) && ids.count == 20)
            #expect(full.settings.asteroids)
            // The asteroids add bodies and change none of the others.
            #expect(full.chart.bodies.filter { !ChartCalculator.asteroids.contains($0.id) } == plain.chart.bodies)
        }
    }

    /// Each body is its table's apparent place at the chart's TT, with the speed's sign as its retrograde flag.
    @Test func theBodiesAreTheTablesPlaces() throws {
        for birth in Self.births {
            let computed = try ChartCalculator.chart(for: birth, settings: ChartSettings(asteroids: true))
            let nutation = Nutation(julianDayTT: computed.instant.julianDayTT)
            for tabulated in TabulatedBody.minorBodies {
                let body = try #require(computed.chart.body(tabulated.id))
                let place = ApparentPosition(tabulated, julianDayTT: computed.instant.julianDayTT, nutation: nutation)
                #expect(abs(Angle.difference(body.longitude, place.longitude)) < 1e-9 && abs(body.latitude! - place.latitude) < 1e-9)
                #expect(body.speed == place.longitudeSpeed && body.retrograde == (place.longitudeSpeed < 0))
                #expect(body.house == computed.chart.house(of: body.longitude))
            }
        }
    }

    /// The asteroids have no aspects and Chiron has its own: the default chart's aspects are a chart with the
    /// asteroids' too, and Chiron aspects something in at least one of the six births.
    @Test func theAsteroidsAreDrawnWithoutAspects() throws {
        var chironAspects = 0
        for birth in Self.births {
            let plain = try #require(try ChartCalculator.chart(for: birth).chart.aspects)
            let full = try #require(try ChartCalculator.chart(for: birth, settings: ChartSettings(asteroids: true)).chart.aspects)
            #expect(full == plain)
            #expect(!full.contains { ChartCalculator.asteroids.contains($0.first) || ChartCalculator.asteroids.contains($0.second) })
            chironAspects += plain.filter { $0.first == .chiron || $0.second == .chiron }.count
        }
        #expect(chironAspects > 0)
    }

    /// The elements and modalities count the Sun to Pluto only, whatever else the chart holds.
    @Test func theElementsCountTheTenPlanetsOnly() throws {
        let chart = try ChartCalculator.chart(for: Self.births[0], settings: ChartSettings(asteroids: true)).chart
        let balance = ElementBalance(bodies: chart.bodies)
        #expect(balance.placements.map(\.body) == ElementBalance.countedBodies)
    }

    /// Transits show the asteroids when the inner chart does.
    @Test func transitsShowTheAsteroidsTheInnerChartShows() throws {
        let inner = try ChartCalculator.chart(for: Self.births[0], settings: ChartSettings(asteroids: true)).chart
        let sky = try ChartCalculator.transits(at: Date(timeIntervalSince1970: 1_764_219_600), place: nil, showing: inner).chart
        #expect(Set(sky.bodies.map(\.id)) == Set(inner.bodies.map(\.id)).subtracting([.partOfFortune]))
    }
}
