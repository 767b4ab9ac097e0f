import ChartModel

/// Everything the renderer draws, resolved to absolute SVG user units.
///
/// Contract: the image is `size` × `size` units, y down. Angles are screen angles in degrees counter-clockwise
/// from +x with y up; a longitude L sits at `180 + (L - ascendant)`. Every glyph is a `GlyphRun` whose box is
/// its cells; no run of one body's column overlaps another body's column, a house number or an angle label.
public struct WheelLayout: Sendable {
    public var size: Double
    public var center: Point
    public var ascendant: Double
    public var midheaven: Double
    public var rings: Rings
    public var detail: Detail
    public var title: Title?
    public var signs: [SignSector]
    public var ticks: [Tick]
    public var cusps: [Cusp]
    public var houseNumbers: [HouseNumber]
    public var angles: [AngleMark]
    public var bodies: [BodyPlacement]
    public var aspects: [AspectChord]
    public var placement: PlacementReport
    /// The degree of each house cusp besides the angles, with `LayoutOptions.cuspDegrees`; else empty.
    public var cuspLabels: [CuspLabel] = []
    /// A bi-wheel's aspects between its two charts (also drawn, among `aspects`); empty for a single wheel.
    public var crossAspects: [CrossAspect] = []

    /// Which chart of a bi-wheel a body or an aspect's end belongs to; a single wheel's are all `inner`.
    public enum Ring: String, Sendable, Hashable, Codable {
        case inner, outer
    }

    /// What the placement had to give up, if anything, to fit the chart's glyphs on the ring.
    public struct PlacementReport: Sendable, Hashable {
        /// Scale of the body glyphs and labels: below 1 when an arc between walls was too crowded for full size.
        public var glyphScale: Double
        /// Bodies whose columns are drawn without some labels (minutes, sign, degrees) because their quadrant was
        /// too narrow for whole columns even at the smallest glyphs.
        public var shortenedColumns: [BodyID] = []
        /// Cusps (by house number) that glyphs cross because their houses are too narrow for their bodies.
        public var crossedCusps: [Int]
        /// False only when a quadrant could not hold its bodies even at the smallest glyphs, so bodies cross an angle.
        public var anglesHeld: Bool
        /// False when no placement free of overlaps was found; the glyphs are then drawn where the last try put them.
        public var isOverlapFree: Bool
    }

    /// Radii of the wheel's circles, outermost first.
    public struct Rings: Sendable, Hashable, Encodable {
        /// Outer edge of the zodiac band.
        public var outer: Double
        /// Inner edge of the zodiac band, where the degree ticks start.
        public var zodiacInner: Double
        /// Where body markers and connectors meet: the inner end of the longest tick.
        public var markerInner: Double
        /// The connectors' lane; body columns start just inside it.
        public var connectorLane: Double
        /// Circle of house numbers.
        public var houseNumbers: Double
        /// Edge of the inner circle that holds the aspect chords.
        public var aspect: Double
        /// With cusp degrees whose houses have no room beside the cusp: the outer edge of the band of those
        /// labels around the aspect circle, where the cusp lines and axes start; `nil` without one.
        public var cuspBand: Double? = nil
        /// A bi-wheel's circle between the outer chart's ring of bodies (outside it, in from `zodiacInner`) and the
        /// inner chart's (inside it); `nil` for a single wheel.
        public var divider: Double? = nil
    }

    /// Which details this size shows: below 400 px the minutes and the 1° ticks are left out rather than
    /// shrunk into mush.
    public struct Detail: Sendable, Hashable {
        public var showMinutes: Bool
        public var showOneDegreeTicks: Bool
    }

    public struct Title: Sendable, Hashable {
        public var text: String
        public var baseline: Point
        public var fontSize: Double
    }

    public struct SignSector: Sendable, Hashable {
        public var sign: ZodiacSign
        public var startAngle: Double
        public var endAngle: Double
        public var glyph: GlyphRun
    }

    public struct Tick: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case one, five, ten, sign }
        public var kind: Kind
        public var line: Segment
    }

    public struct Cusp: Sendable, Hashable {
        public var house: Int
        public var longitude: Double
        public var angle: Double
        public var line: Segment
        /// Cusps 1, 4, 7 and 10 are drawn as the emphasised axes.
        public var isAngle: Bool
    }

    public struct HouseNumber: Sendable, Hashable {
        public var house: Int
        public var run: GlyphRun
    }

    public struct AngleMark: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable { case AC, DC, MC, IC }
        public var kind: Kind
        public var longitude: Double
        public var angle: Double
        /// The emphasised axis from the aspect circle to the zodiac band's inner edge (not through the band).
        public var axis: Segment
        /// The column `AC`, degrees, sign, minutes, and where it was put.
        public var column: Column
    }

    public struct BodyPlacement: Sendable, Hashable {
        public var id: BodyID
        public var longitude: Double
        public var retrograde: Bool
        public var house: Int
        /// Screen angle of the true longitude.
        public var trueAngle: Double
        /// Screen angle the glyph column was placed at.
        public var glyphAngle: Double
        /// Glyph, degrees, sign, minutes, retrograde mark: the body's glyph is `column.runs[0]`.
        public var column: Column
        /// The body's marker at its true longitude, from the zodiac band inward.
        public var marker: Segment
        /// From the inner end of the marker to the glyph, when the glyph was moved off its longitude.
        public var connector: Connector?
        /// Where the body's aspect chords end, on the aspect circle at the true longitude.
        public var aspectPoint: Point
        /// A bi-wheel's outer chart's bodies are on the `outer` ring.
        public var ring: Ring = .inner
    }

    /// A radial stack of runs, read outside in.
    public struct Column: Sendable, Hashable {
        public var angle: Double
        public var runs: [GlyphRun]
        public var boxes: [Box] { runs.map(\.box) }
    }

    public struct AspectChord: Sendable, Hashable {
        public var first: BodyID
        public var second: BodyID
        public var kind: AspectKind
        public var orb: Double?
        public var from: Point
        public var to: Point
        /// Conjunctions are drawn as an arc inside the aspect circle, not a chord: its radius and angles.
        public var arc: Arc?
        /// The charts of the two ends: a bi-wheel's cross-aspects go from `inner` to `outer`.
        public var firstRing: Ring = .inner
        public var secondRing: Ring = .inner
    }

    /// A connector runs in a lane between the degree scale and the columns: in from the marker, along the
    /// lane to the glyph's angle, in to the glyph. It never crosses another column, however far a glyph moved.
    public struct Connector: Sendable, Hashable {
        /// The inner end of the body's marker, at its true longitude.
        public var start: Point
        public var lane: Arc
        /// Where it meets the glyph's column.
        public var end: Point
    }

    public struct Arc: Sendable, Hashable {
        public var radius: Double
        public var startAngle: Double
        public var endAngle: Double
    }
}
