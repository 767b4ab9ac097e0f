import ChartModel
import Foundation

/// The Ascendant, the MC, the Vertex and the twelve cusps of one house system.
public struct Houses: Sendable, Hashable {
    /// 12 longitudes, degrees 0..<360, house 1 first.
    public var cusps: [Double]
    /// The angles' longitudes in degrees, and the ARMC (the sidereal time as an angle on the equator).
    public var ascendant: Double, midheaven: Double, armc: Double, vertex: Double
    /// The system actually used: Porphyry after a polar fallback.
    public var system: HouseSystem
    /// A polar fallback or an MC below the horizon, one line each.
    public var warnings: [String]
}

extension Houses {
    /// armc: right ascension of the MC (= local apparent sidereal time × 15), degrees; latitude: geographic, degrees;
    /// obliquity: the TRUE obliquity of the ecliptic, degrees.
    ///
    /// Where Placidus or Koch is undefined (|latitude| ≥ 90° − obliquity) the houses are Porphyry's, with a warning;
    /// `strict` makes that an error instead.
    public init(_ system: HouseSystem, armc: Double, latitude: Double, obliquity: Double, strict: Bool = false) throws(ChartError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw ChartError("latitude", "\(latitude) is outside -90...90")
        }
        guard armc.isFinite else { throw ChartError("armc", "\(armc) is not a number") }
        guard obliquity.isFinite, obliquity > 0, obliquity < 45 else {
            throw ChartError("obliquity", "\(obliquity) is outside 0...45")
        }
        let sky = CelestialSphere(armc: armc, latitude: latitude, obliquity: obliquity)
        var mc = sky.midheaven
        // The horizon meets the ecliptic at two opposite points; the Ascendant is the eastern one, the rising
        // point. The textbook formula's arctangent returns it only outside the polar circles: inside them it can give
        // the setting point (Tromsø: 359.17° for 179.17°). The rising point is always the one 0°–180° ahead of the
        // MC, as the reference has it (MC 88.49°, Ascendant 179.17°), and that test, unlike "east of the meridian",
        // still decides at the poles, where the two points lie on the meridian. `flipped`: the other point was taken.
        var asc = sky.horizonPoint
        let flipped = Angle.normalized(asc - mc) >= 180
        if flipped { asc = Angle.normalized(asc + 180) }
        // The Vertex: the prime vertical's western point on the ecliptic, likewise the one 180°–360° ahead of the MC
        // (which decides on the equator too, where the prime vertical is the celestial equator).
        var vertex = sky.primeVerticalPoint
        if Angle.normalized(vertex - mc) < 180 { vertex = Angle.normalized(vertex + 180) }

        var used = system
        var warnings: [String] = []
        if system.needsRisingAndSetting, abs(latitude) >= 90 - obliquity {
            let message = "\(system.displayName) is undefined at latitude \(Houses.format(latitude))° (inside the polar circle)"
            if strict { throw ChartError("house_system", message + "; choose another house system", kind: .conflict) }
            warnings.append(message + "; the houses are Porphyry")
            used = .porphyry
        }

        var cusps: [Double]
        switch used {
        case .placidus:
            if let quadrant = Houses.placidus(sky) {
                cusps = Houses.quadrantCusps(asc: asc, mc: mc, quadrant)
            } else {
                // Not expected where Placidus is defined; reported rather than trusted.
                let message = "Placidus did not converge at latitude \(Houses.format(latitude))°, ARMC \(Houses.format(armc))°"
                if strict { throw ChartError("house_system", message, kind: .conflict) }
                warnings.append(message + "; the houses are Porphyry")
                used = .porphyry
                cusps = Houses.quadrantCusps(asc: asc, mc: mc, Houses.porphyry(asc: asc, mc: mc))
            }
        case .koch:
            cusps = Houses.quadrantCusps(asc: asc, mc: mc, Houses.koch(sky, mc: mc))
        case .regiomontanus, .campanus:
            var quadrant = used == .regiomontanus ? Houses.regiomontanus(sky) : Houses.campanus(sky)
            // The same choice of point as the Ascendant's, for the circles between the meridian and the horizon.
            if flipped { quadrant = quadrant.turned(by: 180) }
            // Inside the polar circles the MC can culminate below the horizon; these two systems divide the sky
            // above the horizon, so house 10 then begins at the IC, the meridian's ecliptic point above it, as in
            // the Swiss Ephemeris (its houses may then run backward in the zodiac).
            let trueMC = mc
            if sky.isBelowHorizon(longitude: mc) {
                mc = Angle.normalized(mc + 180)
                warnings.append(
                    "the MC is below the horizon at latitude \(Houses.format(latitude))°; \(used.displayName) "
                        + "begins house 10 at the IC, which is above it, and takes it as the MC")
            }
            cusps = Houses.quadrantCusps(asc: asc, mc: mc, quadrant)
            // Houses that run backward through the zodiac cannot be read, nor drawn (the model's own rule for cusps,
            // which the chart would refuse), so that case is treated as the undefined Placidus is.
            if ChartLimits.cuspsProblem(cusps) != nil {
                let message = "\(used.displayName) gives houses out of zodiac order at latitude \(Houses.format(latitude))° "
                    + "(the MC is below the horizon)"
                if strict { throw ChartError("house_system", message + "; choose another house system", kind: .conflict) }
                warnings = [message + "; the houses are Porphyry"]
                used = .porphyry
                mc = trueMC
                cusps = Houses.quadrantCusps(asc: asc, mc: mc, Houses.porphyry(asc: asc, mc: mc))
            }
        case .porphyry:
            cusps = Houses.quadrantCusps(asc: asc, mc: mc, Houses.porphyry(asc: asc, mc: mc))
        case .equal:
            cusps = (0..<12).map { Angle.normalized(asc + 30 * Double($0)) }
        case .wholeSign:
            let sign = (asc / 30).rounded(.down) * 30
            cusps = (0..<12).map { Angle.normalized(sign + 30 * Double($0)) }
        }
        self.init(
            cusps: cusps, ascendant: asc, midheaven: mc, armc: Angle.normalized(armc) + 0, vertex: vertex,
            system: used, warnings: warnings
        )
    }

    /// `69.65`: two decimals, for messages.
    static func format(_ degrees: Double) -> String { String(format: "%.2f", degrees) }
}
