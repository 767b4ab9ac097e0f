import ChartModel

/// The dial: the title above the wheel, the zodiac band's signs and the degree scale. Nothing on it moves with
/// the chart's bodies; only the ascendant turns it.
extension WheelLayout {
    static func title(_ text: String?, dims: WheelDimensions) -> Title? {
        text.map {
            Title(text: $0, baseline: Point(x: dims.size / 2, y: (dims.titleBand * 0.68).rounded()), fontSize: dims.titleBand * 0.5)
        }
    }

    /// The twelve signs' sectors of the zodiac band, each glyph in the middle of its sector.
    static func signSectors(dims: WheelDimensions, polar: Polar, screen: ScreenAngles) -> [SignSector] {
        ZodiacSign.allCases.map { sign in
            let start = screen.angle(sign.startLongitude)
            let middle = polar.point(radius: (dims.radius + dims.zodiacInner) / 2, angle: start + 15)
            return SignSector(sign: sign, startAngle: start, endAngle: start + 30,
                              glyph: GlyphRun([.forSign(sign)], center: middle, height: dims.signGlyph))
        }
    }

    static func degreeTicks(dims: WheelDimensions, polar: Polar, screen: ScreenAngles) -> [Tick] {
        var ticks: [Tick] = []
        ticks.reserveCapacity(dims.detail.showOneDegreeTicks ? 360 : 72)
        for degree in 0..<360 {
            let kind: Tick.Kind, length: Double
            switch degree {
            case _ where degree % 30 == 0: (kind, length) = (.sign, dims.tickTen)
            case _ where degree % 10 == 0: (kind, length) = (.ten, dims.tickTen)
            case _ where degree % 5 == 0: (kind, length) = (.five, dims.tickFive)
            default:
                guard dims.detail.showOneDegreeTicks else { continue }
                (kind, length) = (.one, dims.tickOne)
            }
            let direction = polar.direction(screen.angle(Double(degree)))
            // Sign boundaries run across the zodiac band as well.
            let outer = kind == .sign ? dims.radius : dims.zodiacInner
            ticks.append(Tick(kind: kind, line: Segment(from: polar.point(radius: dims.zodiacInner - length, direction: direction),
                                                        to: polar.point(radius: outer, direction: direction))))
        }
        return ticks
    }
}
