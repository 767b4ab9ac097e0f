import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The same birth from AstrologyAPI and FreeAstrologyAPI must become the same chart, with the Swiss Ephemeris
/// numbers of the reference file.
@Suite struct SampleDecodingTests {
    @Test(arguments: SampleCharts.ids)
    func bothServiceShapesGiveTheSameChart(id: String) throws {
        let astrology = try Samples.chart("astrologyapi", id)
        let free = try Samples.chart("freeastrologyapi", id)
        #expect(astrology.format == .astrologyAPI)
        #expect(free.format == .freeAstrologyAPI)
        #expect(astrology.warnings.isEmpty && free.warnings.isEmpty, "\(astrology.warnings + free.warnings)")

        let a = astrology.chart, f = free.chart
        #expect(a.bodies.map(\.id) == f.bodies.map(\.id))
        for (x, y) in zip(a.bodies, f.bodies) {
            #expect(abs(x.longitude - y.longitude) < 1e-9, "\(x.id)")
            #expect(x.retrograde == y.retrograde, "\(x.id)")
        }
        #expect(zip(a.cusps, f.cusps).allSatisfy { abs($0 - $1) < 1e-9 } && a.cusps.count == f.cusps.count)
        #expect(abs(a.ascendant - f.ascendant) < 1e-9)
        #expect(abs(a.midheaven - f.midheaven) < 1e-9)
        #expect(aspectSet(a.aspects) == aspectSet(f.aspects))
        #expect(!aspectSet(a.aspects).isEmpty)
    }

    @Test(arguments: SampleCharts.ids)
    func samplesAgreeWithTheSwissEphemeris(id: String) throws {
        let reference = try Samples.reference(id)
        for folder in ["astrologyapi", "freeastrologyapi"] {
            let chart = try Samples.chart(folder, id).chart
            // Sun..Pluto and the node: the ten planets plus one point.
            #expect(chart.bodies.count == 11, "\(folder)")
            for body in chart.bodies {
                let expected = try #require(reference.longitudes[body.id], "\(folder): \(body.id) not in the reference")
                #expect(abs(body.longitude - expected) < 1e-9, "\(folder): \(body.id)")
            }
            #expect(zip(chart.cusps, reference.cusps).allSatisfy { abs($0 - $1) < 1e-9 }, "\(folder)")
            #expect(abs(chart.ascendant - reference.ascendant) < 1e-9, "\(folder)")
            #expect(abs(chart.midheaven - reference.midheaven) < 1e-9, "\(folder)")
        }
    }
}
