import ChartModel
@testable import Ephemeris
import Foundation
import Testing
import TestSupport

/// What every house system must satisfy, on random skies, and its edges: the equator, the south, the polar circles, the poles.
@Suite
struct HousesPropertyTests {
    static let quadrantSystems: [HouseSystem] = [.placidus, .koch, .regiomontanus, .campanus, .porphyry]
    static let tight = 1e-9  // degrees

    /// `count` random skies with |latitude| ≤ `maxLatitude`.
    static func skies(_ count: Int, maxLatitude: Double = 66, seed: UInt64 = 13) -> [(armc: Double, latitude: Double, obliquity: Double)] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (Double.random(in: 0..<360, using: &rng), Double.random(in: -maxLatitude...maxLatitude, using: &rng),
             Double.random(in: 23.43...23.45, using: &rng))
        }
    }

    static func forward(_ from: Double, _ to: Double) -> Double { Angle.normalized(to - from) }

    @Test func quadrantCuspsRunForwardAndOppositesAreOpposite() throws {
        for sky in Self.skies(2000) {
            for system in Self.quadrantSystems {
                let h = try Houses(system, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
                #expect(h.system == system && h.warnings.isEmpty)
                #expect(h.cusps[0] == h.ascendant && h.cusps[9] == h.midheaven)
                // Zodiac order: the twelve forward steps go round exactly once.
                let steps = (0..<12).map { Self.forward(h.cusps[$0], h.cusps[($0 + 1) % 12]) }
                #expect(steps.allSatisfy { $0 > 0 && $0 < 180 }, "\(system) \(sky): \(h.cusps)")
                #expect(abs(steps.reduce(0, +) - 360) < Self.tight)
                for i in 0..<6 {
                    #expect(abs(Self.forward(h.cusps[i], h.cusps[i + 6]) - 180) < Self.tight, "\(system) \(sky)")
                }
            }
        }
    }

    /// A sidereal time is an angle: one turn more or less is the same sky.
    @Test func armcIsTakenModulo360() throws {
        for sky in Self.skies(200) {
            for system in HouseSystem.allCases {
                let h = try Houses(system, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
                for turned in [sky.armc - 360, sky.armc + 720] {
                    let t = try Houses(system, armc: turned, latitude: sky.latitude, obliquity: sky.obliquity)
                    #expect(abs(t.armc - h.armc) < 1e-9 && t.armc >= 0 && t.armc < 360)
                    #expect(zip(t.cusps, h.cusps).allSatisfy { abs(Angle.difference($0, $1)) < 1e-9 }, "\(system) \(sky)")
                }
            }
        }
    }

    @Test func equalWholeSignAndPorphyryFollowTheirDefinitions() throws {
        for sky in Self.skies(1000, maxLatitude: 89) {
            let equal = try Houses(.equal, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let whole = try Houses(.wholeSign, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let porphyry = try Houses(.porphyry, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let asc = equal.ascendant
            for k in 0..<12 {
                #expect(abs(Angle.difference(equal.cusps[k], asc + 30 * Double(k))) < Self.tight)
                #expect(whole.cusps[k] == Double((Int(asc / 30) + k) % 12) * 30)
            }
            // Porphyry: each quadrant's three houses are equal.
            let c = porphyry.cusps
            for quadrant in [[9, 10, 11, 0], [0, 1, 2, 3]] {
                let parts = zip(quadrant, quadrant.dropFirst()).map { Self.forward(c[$0], c[$1]) }
                #expect(abs(parts[0] - parts[1]) < Self.tight && abs(parts[1] - parts[2]) < Self.tight, "\(sky): \(c)")
            }
            #expect(abs(Self.forward(porphyry.midheaven, asc) + Self.forward(asc, c[3]) - 180) < Self.tight)
        }
    }

    /// On the equator the horizon's north and south points are the celestial poles and the prime vertical is the
    /// equator, so Placidus, Koch, Regiomontanus and Campanus all cut the equator into 30° hours from the meridian:
    /// cusp 11 is the ecliptic point 30° of right ascension east of the MC, and so on.
    @Test func theFourQuadrantSystemsAgreeOnTheEquator() throws {
        for sky in Self.skies(300) {
            let systems = try [HouseSystem.placidus, .koch, .regiomontanus, .campanus].map {
                try Houses($0, armc: sky.armc, latitude: 0, obliquity: sky.obliquity)
            }
            let eps = Angle.radians(sky.obliquity)
            for (k, hours) in [(10, 30.0), (11, 60), (0, 90), (1, 120), (2, 150)] {
                let ra = Angle.radians(sky.armc + hours)
                let expected = Angle.normalized(Angle.degrees(atan2(sin(ra), cos(ra) * cos(eps))))
                for h in systems {
                    #expect(abs(Angle.difference(h.cusps[k], expected)) < Self.tight, "\(h.system) cusp \(k + 1) \(sky)")
                }
            }
        }
    }

    /// South of the equator the sky at latitude −φ and sidereal time ARMC + 180° is the northern one turned half
    /// round: every point is opposite.
    @Test func theSouthIsTheNorthTurnedHalfRound() throws {
        for sky in Self.skies(500) {
            for system in HouseSystem.allCases where system != .wholeSign {
                let north = try Houses(system, armc: sky.armc, latitude: abs(sky.latitude), obliquity: sky.obliquity)
                let south = try Houses(system, armc: sky.armc + 180, latitude: -abs(sky.latitude), obliquity: sky.obliquity)
                for (n, s) in zip(north.cusps + [north.ascendant, north.midheaven, north.vertex],
                                  south.cusps + [south.ascendant, south.midheaven, south.vertex]) {
                    #expect(abs(Angle.difference(s, n + 180)) < Self.tight, "\(system) \(sky)")
                }
            }
        }
    }

    /// The Ascendant is on the horizon, east of the meridian (rising), at every latitude up to the poles, where the
    /// formula alone would sometimes give the setting point.
    @Test func theAscendantIsTheRisingPointEvenInsideThePolarCircles() throws {
        for sky in Self.skies(3000, maxLatitude: 89.9, seed: 90) {
            let h = try Houses(.porphyry, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let sphere = CelestialSphere(armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let p = sphere.eclipticPoint(h.ascendant)
            let up: Double = p.x * sphere.zenith.x + p.y * sphere.zenith.y + p.z * sphere.zenith.z
            let eastward: Double = p.x * sphere.east.x + p.y * sphere.east.y
            #expect(abs(up) < 1e-12 && eastward > 0, "\(sky): \(h.ascendant)")
            #expect(Self.forward(h.midheaven, h.ascendant) < 180)
        }
    }

    @Test func theVertexIsWestOnThePrimeVertical() throws {
        for sky in Self.skies(1000, maxLatitude: 89.9, seed: 91) {
            let h = try Houses(.equal, armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            // On the prime vertical: at right angles to the horizon's north point.
            let sphere = CelestialSphere(armc: sky.armc, latitude: sky.latitude, obliquity: sky.obliquity)
            let l = Angle.radians(h.vertex)
            let e = Angle.radians(sky.obliquity)
            let n = sphere.north
            let along: Double = cos(l) * n.x + sin(l) * cos(e) * n.y + sin(l) * sin(e) * n.z
            #expect(abs(along) < 1e-12)
            let westward: Double = -(cos(l) * sphere.east.x + sin(l) * cos(e) * sphere.east.y)
            #expect(westward > 0 && Self.forward(h.midheaven, h.vertex) >= 180, "\(sky): \(h.vertex)")
        }
    }
}
