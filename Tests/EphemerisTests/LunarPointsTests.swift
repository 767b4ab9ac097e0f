@testable import Ephemeris
import Testing

@Suite
struct LunarPointsTests {
    /// The issue allows the reference's own documented spread for these points: 20″, 60″ and 90″; we hold
    /// ourselves to 1″, 5″ and 30″. The true node's speed is the one speed the 0.001°/day does not hold for: the
    /// osculating node swings fast, and the reference's (from its own lunar theory's velocity) differs from
    /// DE405's by up to 0.0021°/day on these births.
    @Test(arguments: ReferenceChart.all)
    func nodesAndLilithAreWithinTheirLimits(reference: ReferenceChart) throws {
        let jd = reference.julianDayTT
        let nutation = Nutation(julianDayTT: jd)
        let cases: [(String, ApparentPosition, Double, Double)] = [
            ("Mean Node", LunarPoints.meanNode(julianDayTT: jd, nutation: nutation), 1, 0.001),
            ("Mean Lilith", LunarPoints.meanApogee(julianDayTT: jd, nutation: nutation), 5, 0.001),
            ("True Node", LunarPoints.trueNode(julianDayTT: jd, nutation: nutation), 30, 0.003),
        ]
        for (name, position, limit, speedLimit) in cases {
            let expected = try #require(reference.body(name))
            let dLongitude = Angle.difference(position.longitude, expected["longitude"] as! Double) * 3600
            #expect(abs(dLongitude) < limit, "\(reference.id) \(name) off by \(dLongitude)″")
            #expect(abs(position.longitudeSpeed - (expected["speed_longitude"] as! Double)) < speedLimit, "\(reference.id) \(name) speed")
            if name == "Mean Lilith" {
                #expect(abs(position.latitude - (expected["latitude"] as! Double)) * 3600 < 5)
            }
        }
    }
}
