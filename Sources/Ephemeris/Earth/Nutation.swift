import Foundation

/// Nutation in longitude and obliquity by the IAU 2000B model: the 77 largest luni-solar terms of IAU 2000A
/// (Nutation+Terms.swift), within a milli-arc-second of the full series over our span, at a tenth of its cost.
struct Nutation: Sendable, Hashable {
    /// Δψ and Δε, degrees.
    var longitude: Double
    var obliquity: Double

    struct Term: Sendable {
        let l, lSun, f, d, node: Double
        let longitudeSin, longitudeSinRate, longitudeCos: Double
        let obliquityCos, obliquityCosRate, obliquitySin: Double

        init(_ l: Int, _ lSun: Int, _ f: Int, _ d: Int, _ node: Int,
             _ ls: Double, _ lsr: Double, _ lc: Double, _ oc: Double, _ ocr: Double, _ os: Double) {
            (self.l, self.lSun, self.f, self.d, self.node) = (Double(l), Double(lSun), Double(f), Double(d), Double(node))
            (longitudeSin, longitudeSinRate, longitudeCos) = (ls, lsr, lc)
            (obliquityCos, obliquityCosRate, obliquitySin) = (oc, ocr, os)
        }
    }

    /// The planetary terms that 2000B leaves out, as a constant offset (McCarthy & Luzum 2003), in 0.1 µas.
    private static let longitudeOffset = -1350.0, obliquityOffset = 3880.0
    private static let tenthMicroArcSecondInDegrees = 1e-7 / 3600

    init(julianDayTT: Double) {
        let t = (julianDayTT - 2_451_545.0) / 36525
        func argument(_ i: Int) -> Double {
            (Self.argumentsAtEpoch[i] + Self.argumentRates[i] * t).truncatingRemainder(dividingBy: 1_296_000) * (Double.pi / 648_000)
        }
        let (l, lSun, f, d, node) = (argument(0), argument(1), argument(2), argument(3), argument(4))
        var dPsi = Self.longitudeOffset, dEps = Self.obliquityOffset
        for term in Self.terms {
            let argument = term.l * l + term.lSun * lSun + term.f * f + term.d * d + term.node * node
            let s = sin(argument), c = cos(argument)
            dPsi += (term.longitudeSin + term.longitudeSinRate * t) * s + term.longitudeCos * c
            dEps += (term.obliquityCos + term.obliquityCosRate * t) * c + term.obliquitySin * s
        }
        longitude = dPsi * Self.tenthMicroArcSecondInDegrees
        obliquity = dEps * Self.tenthMicroArcSecondInDegrees
    }
}
