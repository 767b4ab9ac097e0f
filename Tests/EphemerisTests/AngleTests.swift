@testable import Ephemeris
import Testing

@Suite
struct AngleTests {
    @Test func normalizedBringsAnyAngleInto0To360() {
        #expect(Angle.normalized(-30) == 330)
        #expect(Angle.normalized(725) == 5)
        #expect(Angle.normalized(-1e-17) < 360)
    }

    @Test func differenceIsTheShortWayRound() {
        #expect(Angle.difference(10, 350) == 20)
        #expect(Angle.difference(350, 10) == -20)
    }
}
