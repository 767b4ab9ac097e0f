import ChartModel

/// Everything the renderer draws, resolved to absolute SVG user units.
///
/// Contract: the image is `size` × `size` units, y down. Angles are screen angles in degrees counter-clockwise
/// from +x with y up; a longitude L sits at `180 + (L - ascendant)`. Every glyph is a `GlyphRun` whose box is
/// its cells; no run of one body's column overlaps another body's column, a house number or an angle label.
public struct WheelLayout: Sendable {
    public internal(set) var size: Double
    public internal(set) var center: Point
    public internal(set) var ascendant: Double
    public internal(set) var midheaven: Double
    public internal(set) var rings: Rings
    public internal(set) var detail: Detail
    public internal(set) var title: Title?
    public internal(set) var signs: [SignSector]
    public internal(set) var ticks: [Tick]
    public internal(set) var cusps: [Cusp]
    public internal(set) var houseNumbers: [HouseNumber]
    public internal(set) var angles: [AngleMark]
    public internal(set) var bodies: [BodyPlacement]
    public internal(set) var aspects: [AspectChord]
    public internal(set) var placement: PlacementReport
    /// The degree of each house cusp besides the angles, with `LayoutOptions.cuspDegrees`; else empty.
    public internal(set) var cuspLabels: [CuspLabel] = []
    /// A bi-wheel's aspects between its two charts (also drawn, among `aspects`); empty for a single wheel.
    public internal(set) var crossAspects: [CrossAspect] = []

    /// Which chart of a bi-wheel a body or an aspect's end belongs to; a single wheel's are all `inner`.
    public enum Ring: String, Sendable, Hashable, Codable {
        case inner, outer
    }

    /// What the placement had to give up, if anything, to fit the chart's glyphs on the ring.
    public struct PlacementReport: Sendable, Hashable {
        /// Scale of the body glyphs and labels: below 1 when an arc between walls was too crowded for full size.
        public internal(set) var glyphScale: Double
        /// Bodies whose columns are drawn without some labels (minutes, sign, degrees) because their quadrant was
        /// too narrow for whole columns even at the smallest glyphs.
        public internal(set) var shortenedColumns: [BodyID] = []
        /// Cusps (by house number) that glyphs cross because their houses are too narrow for their bodies.
        public internal(set) var crossedCusps: [Int]
        /// False only when a quadrant could not hold its bodies even at the smallest glyphs, so bodies cross an angle.
        public internal(set) var anglesHeld: Bool
        /// False when no placement free of overlaps was found; the glyphs are then drawn where the last try put them.
        public internal(set) var isOverlapFree: Bool
    }

    /// Radii of the wheel's circles, outermost first.
    public struct Rings: Sendable, Hashable, Encodable {
        /// Outer edge of the zodiac band.
        public internal(set) var outer: Double
        /// Inner edge of the zodiac band, where the degree ticks start.
        public internal(set) var zodiacInner: Double
        /// Where body markers and connectors meet: the inner end of the longest tick.
        public internal(set) var markerInner: Double
        /// The connectors' lane; body columns start just inside it.
        public internal(set) var connectorLane: Double
        /// Circle of house numbers.
        public internal(set) var houseNumbers: Double
        /// Edge of the inner circle that holds the aspect chords.
        public internal(set) var aspect: Double
        /// With cusp degrees whose houses have no room beside the cusp: the outer edge of the band of those
        /// labels around the aspect circle, where the cusp lines and axes start; `nil` without one.
        public internal(set) var cuspBand: Double? = nil
        /// A bi-wheel's circle between the outer chart's ring of bodies (outside it, in from `zodiacInner`) and the
        /// inner chart's (inside it); `nil` for a single wheel.
        public internal(set) var divider: Double? = nil
    }

    /// Which details this size shows: below 400 px the minutes and the 1° ticks are left out rather than
    /// shrunk into mush.
    public struct Detail: Sendable, Hashable {
        public internal(set) var showMinutes: Bool
        public internal(set) var showOneDegreeTicks: Bool
    }

    public struct Title: Sendable, Hashable {
        public internal(set) var text: String
        public internal(set) var baseline: Point
        public internal(set) var fontSize: Double
    }

    public struct SignSector: Sendable, Hashable {
        public internal(set) var sign: ZodiacSign
        public internal(set) var startAngle: Double
        public internal(set) var endAngle: Double
        public internal(set) var glyph: GlyphRun
    }

    public struct Tick: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case one, five, ten, sign }
        public internal(set) var kind: Kind
        public internal(set) var line: Segment
    }

    public struct Cusp: Sendable, Hashable {
        public internal(set) var house: Int
        public internal(set) var longitude: Double
        public internal(set) var angle: Double
        public internal(set) var line: Segment
        /// Cusps 1, 4, 7 and 10 are drawn as the emphasised axes.
        public internal(set) var isAngle: Bool
    }

    public struct HouseNumber: Sendable, Hashable {
        public internal(set) var house: Int
        public internal(set) var run: GlyphRun
    }

    public struct AngleMark: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable { case AC, DC, MC, IC }
        public internal(set) var kind: Kind
        public internal(set) var longitude: Double
        public internal(set) var angle: Double
        /// The emphasised axis from the aspect circle to the zodiac band's inner edge (not through the band).
        public internal(set) var axis: Segment
        /// The column `AC`, degrees, sign, minutes, and where it was put.
        public internal(set) var column: Column
    }

    public struct BodyPlacement: Sendable, Hashable {
        public internal(set) var id: BodyID
        public internal(set) var longitude: Double
        public internal(set) var retrograde: Bool
        public internal(set) var house: Int
        /// Screen angle of the true longitude.
        public internal(set) var trueAngle: Double
        /// Screen angle the glyph column was placed at.
        public internal(set) var glyphAngle: Double
        /// Glyph, degrees, sign, minutes, retrograde mark: the body's glyph is `column.runs[0]`.
        public internal(set) var column: Column
        /// The body's marker at its true longitude, from the zodiac band inward.
        public internal(set) var marker: Segment
        /// From the inner end of the marker to the glyph, when the glyph was moved off its longitude.
        public internal(set) var connector: Connector?
        /// Where the body's aspect chords end, on the aspect circle at the true longitude.
        public internal(set) var aspectPoint: Point
        /// A bi-wheel's outer chart's bodies are on the `outer` ring.
        public internal(set) var ring: Ring = .inner
    }

    /// A radial stack of runs, read outside in.
    public struct Column: Sendable, Hashable {
        public internal(set) var angle: Double
        public internal(set) var runs: [GlyphRun]
        public var boxes: [Box] { runs.map(\.box) }
    }

    public struct AspectChord: Sendable, Hashable {
        public internal(set) var first: BodyID
        public internal(set) var second: BodyID
        public internal(set) var kind: AspectKind
        public internal(set) var orb: Double?
        public internal(set) var from: Point
        public internal(set) var to: Point
        /// Conjunctions are drawn as an arc inside the aspect circle, not a chord: its radius and angles.
        public internal(set) var arc: Arc?
        /// The charts of the two ends: a bi-wheel's cross-aspects go from `inner` to `outer`.
        public internal(set) var firstRing: Ring = .inner
        public internal(set) var secondRing: Ring = .inner
    }

    /// A connector runs in a lane between the degree scale and the columns: in from the marker, along the
    /// lane to the glyph's angle, in to the glyph. It never crosses another column, however far a glyph moved.
    public struct Connector: Sendable, Hashable {
        /// The inner end of the body's marker, at its true longitude.
        public internal(set) var start: Point
        public internal(set) var lane: Arc
        /// Where it meets the glyph's column.
        public internal(set) var end: Point
    }

    public struct Arc: Sendable, Hashable {
        public internal(set) var radius: Double
        public internal(set) var startAngle: Double
        public internal(set) var endAngle: Double
    }
}
