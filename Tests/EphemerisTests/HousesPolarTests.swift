import ChartModel
@testable import Ephemeris
import Foundation
import Testing
import TestSupport

/// The polar circles and the poles: where Placidus and Koch stop, what Regiomontanus and Campanus do there, no NaN anywhere.
@Suite
struct HousesPolarTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-7) -> Bool { abs(Angle.difference(a, b)) < tolerance }

    /// The boundary is the Swiss Ephemeris's, found with pyswisseph: undefined from |latitude| = 90° − ε on, inclusive.
    @Test(arguments: [HouseSystem.placidus, .koch], [23.43, 23.4392911, 23.45])
    func placidusAndKochStopExactlyAtTheComplementOfTheObliquity(_ system: HouseSystem, _ obliquity: Double) throws {
        let boundary = 90 - obliquity
        for sign in [1.0, -1.0] {
            let inside = try Houses(system, armc: 123, latitude: sign * boundary, obliquity: obliquity)
            #expect(inside.system == .porphyry && inside.warnings.count == 1)
            let outside = try Houses(system, armc: 123, latitude: sign * boundary.nextDown, obliquity: obliquity)
            #expect(outside.system == system && outside.warnings.isEmpty)
            #expect(outside.cusps.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 360 })
        }
        let south = try Houses(system, armc: 123, latitude: -70, obliquity: obliquity)
        #expect(south.warnings == ["\(system.displayName) is undefined at latitude -70.00° (inside the polar circle); the houses are Porphyry"])
    }

    /// Just outside the polar circle k = tan ε tan φ is nearly 1 and the semi-arcs change fastest: the iteration still
    /// meets the definition, α = base + f·asin(k sin α), to rounding.
    @Test func placidusConvergesToTheDefinitionNearThePolarCircle() throws {
        var rng = SplitMix64(seed: 66)
        for _ in 0..<2000 {
            let k = 1 - Double.random(in: 1e-12...1e-3, using: &rng)
            let base = Double.random(in: 0..<(2 * .pi), using: &rng)
            for fraction in [1.0 / 3, 2.0 / 3] {
                let alpha = try #require(Houses.placidusRightAscension(base, fraction, k))
                #expect(abs(alpha - base - fraction * asin(k * sin(alpha))) < 1e-13)
            }
        }
    }

    @Test func placidusReportsAnIterationThatDidNotConverge() {
        // One Newton step from the fixed-point start is not enough at 66°: reported as nil, not accepted.
        #expect(Houses.placidusRightAscension(1.0, 2.0 / 3, 0.99, maxIterations: 1) == nil)
        #expect(Houses.placidusRightAscension(1.0, 2.0 / 3, 0.99) != nil)
    }

    /// At 80.59° N with this sidereal time the MC (209.84°, declination −11.4°) culminates 2° below the horizon.
    /// Regiomontanus and Campanus then begin house 10 at the IC, as the Swiss Ephemeris does (pyswisseph's
    /// houses_armc gives Regiomontanus 24.17, 22.28, 7.88, 209.84, …: backward through the zodiac). Houses that run
    /// backward cannot be read or drawn, so they are treated as an undefined Placidus is: Porphyry, with a warning
    /// that names the system, or an error when strict.
    @Test func housesThatWouldRunBackwardArePorphyry() throws {
        let (armc, latitude, obliquity) = (207.7570615022995, 80.58760964226101, 23.437933609493015)
        let porphyry = try Houses(.porphyry, armc: armc, latitude: latitude, obliquity: obliquity)
        #expect(Self.close(porphyry.midheaven, 209.839038475, 1e-8) && porphyry.warnings.isEmpty)
        for system in [HouseSystem.regiomontanus, .campanus] {
            let h = try Houses(system, armc: armc, latitude: latitude, obliquity: obliquity)
            #expect(h.system == .porphyry)
            #expect(h.cusps == porphyry.cusps && h.midheaven == porphyry.midheaven)
            #expect(h.warnings.count == 1 && h.warnings[0].contains(system.displayName) && h.warnings[0].contains("out of zodiac order"), "\(h.warnings)")
            #expect(throws: ChartError.self) { try Houses(system, armc: armc, latitude: latitude, obliquity: obliquity, strict: true) }
        }
    }

    /// Whatever the sky, every system's cusps (or the Porphyry that stands in) go forward once round the zodiac.
    @Test func everyComputedSetOfHousesGoesForward() throws {
        var random = SplitMix64(seed: 80)
        for _ in 0..<4000 {
            let latitude = Double.random(in: -89.9...89.9, using: &random)
            let armc = Double.random(in: 0..<360, using: &random)
            for system in HouseSystem.allCases {
                let h = try Houses(system, armc: armc, latitude: latitude, obliquity: 23.44)
                #expect(ChartLimits.cuspsProblem(h.cusps) == nil, "\(system) at \(latitude), \(armc): \(h.cusps)")
            }
        }
    }

    /// At a pole the horizon is the celestial equator: the Ascendant is an equinox, exactly. Regiomontanus's house
    /// circles all become the horizon, so its cusps would collapse onto the Ascendant and the Descendant (houses of
    /// no width): Porphyry stands in, with a warning. Campanus's stay apart. No NaN in any system; the values are
    /// pyswisseph's.
    @Test func thePolesGiveNumbersNotNaN() throws {
        for latitude in [90.0, -90.0, 89.9999, -89.9999] {
            for system in HouseSystem.allCases {
                for armc in [-0.0] + Array(stride(from: 0.0, to: 360, by: 7.5)) {
                    let h = try Houses(system, armc: armc, latitude: latitude, obliquity: 23.44)
                    let all = h.cusps + [h.ascendant, h.midheaven, h.vertex]
                    // In range, and no −0 (which JSON prints as `-0`).
                    #expect(all.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 360 && $0.sign == .plus },
                            "\(system) \(latitude) \(armc): \(all)")
                    if abs(latitude) == 90 { #expect(h.ascendant == 0 || h.ascendant == 180) }
                }
            }
        }
        let regio = try Houses(.regiomontanus, armc: 100, latitude: 90, obliquity: 23.44)
        let porphyry = try Houses(.porphyry, armc: 100, latitude: 90, obliquity: 23.44)
        #expect(regio.system == .porphyry && regio.cusps == porphyry.cusps)
        let campanus = try Houses(.campanus, armc: 100, latitude: 90, obliquity: 23.44)
        let swiss = [180.0, 241.72673801, 265.914287283, 279.189465231, 291.553137822, 310.741434135,
                     0, 61.72673801, 85.914287283, 99.189465231, 111.553137822, 130.741434135]
        #expect(zip(campanus.cusps, swiss).allSatisfy { Self.close($0, $1) }, "\(campanus.cusps)")
        #expect(Self.close(campanus.vertex, 10.878846409))
    }

    @Test func aLatitudeBeyondAPoleOrNotANumberIsRefused() {
        for latitude in [90.0001, -91, .nan, .infinity] {
            expectError(at: "latitude", naming: "\(latitude)") {
                _ = try Houses(.placidus, armc: 10, latitude: latitude, obliquity: 23.44)
            }
        }
        expectError(at: "armc", naming: "nan") { _ = try Houses(.equal, armc: .nan, latitude: 10, obliquity: 23.44) }
        expectError(at: "obliquity", naming: "90") { _ = try Houses(.equal, armc: 1, latitude: 10, obliquity: 90) }
    }
}
