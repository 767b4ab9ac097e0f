import Foundation

extension WheelLayout.Rings {
    /// The radii for `dims`, the house numbers' ring just inside `houseLimit` and the aspect circle inside that;
    /// with `cuspBand` above zero, a band that deep around the aspect circle for cusp labels.
    init(dims: WheelDimensions, houseLimit: Double, cuspBand: Double) {
        let houseDiagonal = Self.houseDiagonal(dims)
        self.init(outer: dims.radius, zodiacInner: dims.zodiacInner, markerInner: dims.markerInner, connectorLane: dims.connectorLane,
                  houseNumbers: houseLimit - houseDiagonal / 2, aspect: houseLimit - houseDiagonal - dims.gap - cuspBand,
                  cuspBand: cuspBand > 0 ? houseLimit - houseDiagonal - dims.gap : nil, divider: dims.outerRing?.divider)
    }

    /// How near the centre a crowd's columns in tracks may reach (as `WheelLayout.placedReach` measures) and
    /// leave the aspect circle a seventh of the radius: tracks deeper would buy their degrees with a centre too
    /// small to read.
    static func deepestTrackReach(dims: WheelDimensions) -> Double {
        dims.radius / 7 + houseDiagonal(dims) + 2 * dims.gap
    }

    private static func houseDiagonal(_ dims: WheelDimensions) -> Double {
        hypot(GlyphRun.width(of: [.digit1, .digit2], height: dims.houseNumber), dims.houseNumber)
    }

    /// Where the cusp lines and the axes start: the aspect circle, or the outer edge of the cusp labels' band.
    var linesStart: Double { cuspBand ?? aspect }
}
