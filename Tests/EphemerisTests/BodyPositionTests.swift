@testable import Ephemeris
import Foundation
import Testing

/// The tables against the reference, with the reference's own TT so that the theory is judged alone.
@Suite
struct BodyPositionTests {
    static let names = ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"]

    @Test(arguments: ReferenceChart.all)
    func everyBodyIsWithinItsLimitOfTheReference(reference: ReferenceChart) throws {
        let nutation = Nutation(julianDayTT: reference.julianDayTT)
        for body in TabulatedBody.planets {
            let name = Self.names[body.rawValue]
            let expected = try #require(reference.body(name))
            let position = ApparentPosition(body, julianDayTT: reference.julianDayTT, nutation: nutation)
            let limit = body == .moon ? 3.0 : 1.0
            let dLongitude = Angle.difference(position.longitude, expected["longitude"] as! Double) * 3600
            let dLatitude = (position.latitude - (expected["latitude"] as! Double)) * 3600
            #expect(abs(dLongitude) < limit, "\(reference.id) \(name) longitude off by \(dLongitude)″")
            #expect(abs(dLatitude) < limit, "\(reference.id) \(name) latitude off by \(dLatitude)″")
            #expect(abs(position.longitudeSpeed - (expected["speed_longitude"] as! Double)) < 0.001)
        }
    }

    @Test(arguments: ReferenceChart.all)
    func nutationAndObliquityMatchTheReference(reference: ReferenceChart) {
        let earth = EarthOrientation(julianDayUT: reference.julianDayUT, julianDayTT: reference.julianDayTT)
        #expect(abs(earth.nutation.longitude - reference.number("nutation_longitude")) * 3600 < 0.01)
        #expect(abs(earth.meanObliquity - reference.number("mean_obliquity")) * 3600 < 0.05)
        #expect(abs(earth.trueObliquity - reference.number("true_obliquity")) * 3600 < 0.05)
        #expect(abs(Angle.difference(earth.armc(longitude: reference.longitude), reference.number("armc"))) * 3600 < 0.1)
    }
}
