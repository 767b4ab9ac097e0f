@testable import Ephemeris
import Testing

/// The ΔT model's pieces and their joins. (Against the reference charts: BirthInstantTests.)
@Suite
struct DeltaTTests {
    @Test func theSplineIsSMH2016AtItsKnots() {
        // Table S15's constant terms are the spline's values at each row's start.
        for row in DeltaT.splineRows where row.x0 >= 1800 && row.x0 < 1954 {
            #expect(abs(DeltaT.seconds(year: row.x0) - row.a0) < 1e-9, "\(row.x0)")
        }
        #expect(abs(DeltaT.seconds(year: 1900) - -1.977) < 1e-9)
    }

    @Test func theSplineIsContinuous() {
        for row in DeltaT.splineRows.dropLast() {
            let end = row.a0 + row.a1 + row.a2 + row.a3
            let next = DeltaT.splineRows.first { $0.x0 == row.x1 }!
            #expect(abs(end - next.a0) < 0.002, "\(row.x1)")
        }
    }

    @Test func observedValuesFrom1955() {
        #expect(DeltaT.seconds(year: 1955) == 31.070)
        #expect(abs(DeltaT.seconds(year: 2000) - 63.829) < 1e-9)
        #expect(abs(DeltaT.seconds(year: 2000.25) - (63.829 + 63.980) / 2) < 1e-9)
    }

    @Test func theModelHasNoJumps() {
        // One hundredth of a year either side of each join: 1954, 1955 and the end of the observed values.
        let end = DeltaT.observedStart + Double(DeltaT.observed.count - 1) * DeltaT.observedStep
        for join in [1954.0, 1955.0, end] {
            #expect(abs(DeltaT.seconds(year: join + 0.01) - DeltaT.seconds(year: join - 0.01)) < 0.02, "\(join)")
        }
        // And nowhere over the span does it move more than 2 s a year.
        var year = 1800.0
        while year < 2100 {
            #expect(abs(DeltaT.seconds(year: year + 0.05) - DeltaT.seconds(year: year)) < 0.1, "\(year)")
            year += 0.05
        }
    }

    @Test func theFutureBendsUpWithTheLongTermParabola() {
        let end = DeltaT.observedStart + Double(DeltaT.observed.count - 1) * DeltaT.observedStep
        let last = DeltaT.observed.last!
        let century = DeltaT.seconds(year: end + 100)
        #expect(abs(century - (last + 100 * DeltaT.recentRate + 32.5)) < 1e-9)
        #expect((85...100).contains(DeltaT.seconds(year: 2100)))
    }

    @Test func beforeTheSplineTheLongTermParabola() {
        #expect(DeltaT.seconds(year: -1000) == -320 + 32.5 * 28.25 * 28.25)
    }

    @Test func julianDayAndYearAgree() {
        #expect(DeltaT.seconds(julianDayUT: 2451545) == DeltaT.seconds(year: 2000))
    }
}
