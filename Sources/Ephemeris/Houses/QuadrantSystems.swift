import Foundation

/// The four cusps a quadrant system computes (11, 12, 2, 3); the Ascendant, the MC and the opposite points give the rest.
struct Quadrant {
    var c11, c12, c2, c3: Double

    func turned(by degrees: Double) -> Quadrant {
        Quadrant(
            c11: Angle.normalized(c11 + degrees), c12: Angle.normalized(c12 + degrees),
            c2: Angle.normalized(c2 + degrees), c3: Angle.normalized(c3 + degrees))
    }
}

extension Houses {
    /// Houses 1 to 12 from the Ascendant, the MC and the four intermediate cusps; 4 to 9 are the opposites.
    static func quadrantCusps(asc: Double, mc: Double, _ q: Quadrant) -> [Double] {
        let opposite = { (x: Double) in Angle.normalized(x + 180) }
        return [
            asc, q.c2, q.c3, opposite(mc), opposite(q.c11), opposite(q.c12),
            opposite(asc), opposite(q.c2), opposite(q.c3), mc, q.c11, q.c12,
        ]
    }

    /// Porphyry: each quadrant of the ecliptic, MC to Ascendant and Ascendant to IC, in three equal parts.
    static func porphyry(asc: Double, mc: Double) -> Quadrant {
        let upper = Angle.normalized(asc - mc)  // MC to Ascendant
        let lower = 180 - upper  // Ascendant to IC
        return Quadrant(
            c11: Angle.normalized(mc + upper / 3), c12: Angle.normalized(mc + 2 * upper / 3),
            c2: Angle.normalized(asc + lower / 3), c3: Angle.normalized(asc + 2 * lower / 3))
    }

    /// Regiomontanus: the celestial equator in 30° parts from the meridian; each cusp's circle runs through the
    /// horizon's north and south points and the equator's point at hour angle H east of the meridian
    /// (H = 30°, 60° for cusps 11, 12; 120°, 150° for 2, 3). That circle's pole, in the plane of the zenith and the
    /// east point and at right angles to the equator's point, is sin H·zenith − cos φ cos H·east.
    static func regiomontanus(_ sky: CelestialSphere) -> Quadrant {
        func cusp(_ hourAngle: Double) -> Double {
            let h = Angle.radians(hourAngle)
            return sky.ecliptic(meeting: sin(h) * sky.zenith + (-sky.cosLatitude * cos(h)) * sky.east)
        }
        return Quadrant(c11: cusp(30), c12: cusp(60), c2: cusp(120), c3: cusp(150))
    }

    /// Campanus: the prime vertical in 30° parts from the zenith; each cusp's circle runs through the horizon's
    /// north and south points and the prime vertical's point A from the zenith toward the east (A = 30°, 60°, 120°,
    /// 150°), cos A·zenith + sin A·east, so its pole is sin A·zenith − cos A·east.
    static func campanus(_ sky: CelestialSphere) -> Quadrant {
        func cusp(_ fromZenith: Double) -> Double {
            let a = Angle.radians(fromZenith)
            return sky.ecliptic(meeting: sin(a) * sky.zenith + (-cos(a)) * sky.east)
        }
        return Quadrant(c11: cusp(30), c12: cusp(60), c2: cusp(120), c3: cusp(150))
    }

    /// Koch (birthplace houses): the MC degree's diurnal semi-arc SA = 90° + AD (its ascensional difference,
    /// sin AD = tan δ tan φ) in three parts in time. Cusps 11 and 12 are the Ascendants of the moments when the MC
    /// degree had risen ⅓ and ⅔ of the way to culminating (sidereal time ARMC − ⅔SA, ARMC − ⅓SA); cusps 2 and 3,
    /// those of the moments ⅓SA and ⅔SA after it culminated (the Descendants then being cusps 8 and 9).
    /// Defined where |tan δ tan φ| ≤ 1, which the polar rule guarantees (|δ| ≤ ε).
    static func koch(_ sky: CelestialSphere, mc: Double) -> Quadrant {
        let sinDeclination = sky.sinObliquity * sin(Angle.radians(mc))
        let tanDeclination = sinDeclination / (1 - sinDeclination * sinDeclination).squareRoot()
        let ascensionalDifference = asin(max(-1, min(1, tanDeclination * sky.sinLatitude / sky.cosLatitude)))
        let semiArc = Double.pi / 2 + ascensionalDifference
        return Quadrant(
            c11: sky.horizonPoint(armc: sky.armc - 2 * semiArc / 3), c12: sky.horizonPoint(armc: sky.armc - semiArc / 3),
            c2: sky.horizonPoint(armc: sky.armc + semiArc / 3), c3: sky.horizonPoint(armc: sky.armc + 2 * semiArc / 3))
    }

    /// Placidus: each cusp is the ecliptic point that has gone a fixed part of its own semi-arc, in time: cusps 11
    /// and 12 are ⅓ and ⅔ of the diurnal semi-arc (90° + AD) from the MC, cusps 3 and 2 ⅓ and ⅔ of the nocturnal
    /// one (90° − AD) from the IC. Nil when an iteration does not converge.
    static func placidus(_ sky: CelestialSphere) -> Quadrant? {
        // For an ecliptic point of right ascension α, tan δ = tan ε sin α, so sin AD = tan ε tan φ sin α = k sin α.
        let k = sky.sinObliquity / sky.cosObliquity * sky.sinLatitude / sky.cosLatitude
        let third = 1.0 / 3, twoThirds = 2.0 / 3
        // Right ascension α = ARMC + offset + fraction · AD(α):
        // 11: +SA/3 = 30° + AD/3;  12: +2SA/3 = 60° + 2AD/3;  2: 180° − 2NSA/3 = 120° + 2AD/3;  3: 180° − NSA/3 = 150° + AD/3.
        guard let a11 = placidusRightAscension(sky.armc + Angle.radians(30), third, k),
              let a12 = placidusRightAscension(sky.armc + Angle.radians(60), twoThirds, k),
              let a2 = placidusRightAscension(sky.armc + Angle.radians(120), twoThirds, k),
              let a3 = placidusRightAscension(sky.armc + Angle.radians(150), third, k)
        else { return nil }
        return Quadrant(
            c11: sky.longitude(rightAscension: a11), c12: sky.longitude(rightAscension: a12),
            c2: sky.longitude(rightAscension: a2), c3: sky.longitude(rightAscension: a3))
    }

    /// The root of g(α) = α − base − fraction · asin(k sin α), by Newton's method from one fixed-point step.
    /// With |k| < 1 and fraction ≤ ⅔, g′ = 1 − fraction · k cos α / √(1 − k² sin² α) lies in [⅓, 5⁄3], so the root is
    /// unique and Newton's steps shrink quadratically: it stops after a step under 1e-9 rad, which leaves an error of
    /// the order of its square (checked against a 30-digit solution: within 3e-8″, up to 1e-12° from the polar
    /// circle). Nil after `maxIterations` without converging.
    static func placidusRightAscension(_ base: Double, _ fraction: Double, _ k: Double, maxIterations: Int = 30) -> Double? {
        var alpha = base + fraction * asin(k * sin(base))
        for _ in 0..<maxIterations {
            let s = k * sin(alpha)
            let g = alpha - base - fraction * asin(s)
            let slope = 1 - fraction * k * cos(alpha) / (1 - s * s).squareRoot()
            let step = g / slope
            alpha -= step
            if abs(step) < 1e-9 { return alpha }
        }
        return nil
    }
}
