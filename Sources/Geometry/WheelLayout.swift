import ChartModel

/// Everything the renderer draws, resolved to absolute SVG user units.
///
/// Contract: the image is `size` × `size` units, y down. Angles are screen angles in degrees counter-clockwise
/// from +x with y up; a longitude L sits at `180 + (L - ascendant)`. Every glyph is a `GlyphRun` whose box is
/// its cells; no run of one body's column overlaps another body's column, a house number or an angle label.
public struct WheelLayout: Sendable {
    /// The image's side in user units: the chart size, brought into 250…4000.
    public var size: Double
    /// The wheel's centre.
    public var center: Point
    /// The Ascendant's longitude in degrees; it sits at the screen angle 180, at 9 o'clock.
    public var ascendant: Double
    /// The MC's longitude in degrees.
    public var midheaven: Double
    /// The radii of the wheel's circles.
    public var rings: Rings
    /// Which details this size shows.
    public var detail: Detail
    /// The title above the wheel, as first fitted; `titleLines` gives its lines as drawn. `nil` without one.
    public var title: Title?
    /// The twelve sectors of the zodiac band, Aries first, each with its glyph.
    public var signs: [SignSector]
    /// The degree scale's ticks, inward from the zodiac band.
    public var ticks: [Tick]
    /// The twelve house cusps, house 1 first, with their lines.
    public var cusps: [Cusp]
    /// The house numbers, one inside each house.
    public var houseNumbers: [HouseNumber]
    /// The four angles (AC, DC, MC, IC): their axes and labels.
    public var angles: [AngleMark]
    /// Every body drawn: its marker, its column where it was placed, its connector.
    public var bodies: [BodyPlacement]
    /// The aspect chords (and a conjunction's arc) inside the aspect circle.
    public var aspects: [AspectChord]
    /// What the placement had to give up, if anything.
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
        /// Whether the columns and labels show the minutes (from 400 px up; a bi-wheel from 500 px).
        public var showMinutes: Bool
        /// Whether the degree scale has a tick at every degree (from 400 px up).
        public var showOneDegreeTicks: Bool
    }

    /// A line of title text, drawn in a font, centred above the wheel.
    public struct Title: Sendable, Hashable {
        /// The text, as given (escaped when written).
        public var text: String
        /// Where its baseline crosses the image's vertical centre line; the text is centred there.
        public var baseline: Point
        /// The font size in user units.
        public var fontSize: Double
    }

    /// One sign's sector of the zodiac band, and its glyph.
    public struct SignSector: Sendable, Hashable {
        /// The sign.
        public var sign: ZodiacSign
        /// The screen angle where the sector starts (the sign's 0°).
        public var startAngle: Double
        /// The screen angle where the sector ends (the next sign's 0°).
        public var endAngle: Double
        /// The sign's glyph, in the middle of the band.
        public var glyph: GlyphRun
    }

    /// A tick of the degree scale.
    public struct Tick: Sendable, Hashable {
        /// How long a tick is: every degree, every 5°, every 10°, or at a sign's start.
        public enum Kind: Sendable, Hashable { case one, five, ten, sign }
        /// Which degree it marks, which decides its length.
        public var kind: Kind
        /// The tick's line, inward from the zodiac band.
        public var line: Segment
    }

    /// A house cusp and its line.
    public struct Cusp: Sendable, Hashable {
        /// The house it begins, 1…12.
        public var house: Int
        /// The cusp's longitude in degrees.
        public var longitude: Double
        /// Its screen angle.
        public var angle: Double
        /// Its line, from the aspect circle (or the band of cusp labels) out to the zodiac band.
        public var line: Segment
        /// Cusps 1, 4, 7 and 10 are drawn as the emphasised axes.
        public var isAngle: Bool
    }

    /// A house's number, inside the house.
    public struct HouseNumber: Sendable, Hashable {
        /// The house, 1…12.
        public var house: Int
        /// The number's digits, where they are drawn.
        public var run: GlyphRun
    }

    /// One of the four angles: its axis and its label.
    public struct AngleMark: Sendable, Hashable {
        /// Which angle: Ascendant, Descendant, Midheaven or Imum Coeli.
        public enum Kind: String, Sendable, Hashable, CaseIterable { case AC, DC, MC, IC }
        /// Which angle it is.
        public var kind: Kind
        /// The angle's longitude in degrees.
        public var longitude: Double
        /// Its screen angle.
        public var angle: Double
        /// The emphasised axis from the aspect circle to the zodiac band's inner edge (not through the band).
        public var axis: Segment
        /// The column `AC`, degrees, sign, minutes, and where it was put.
        public var column: Column
    }

    /// A body as drawn: its true place, where its column went, and how they are joined.
    public struct BodyPlacement: Sendable, Hashable {
        /// Which body.
        public var id: BodyID
        /// Its longitude in degrees.
        public var longitude: Double
        /// Whether it is retrograde (its column then shows ℞).
        public var retrograde: Bool
        /// The house it is in, by the cusps.
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
        /// The screen angle the column stands on.
        public var angle: Double
        /// The column's runs, outside in.
        public var runs: [GlyphRun]
        /// The runs' boxes, outside in.
        public var boxes: [Box] { runs.map(\.box) }
    }

    /// An aspect as drawn: a chord between two bodies' points on the aspect circle, or a conjunction's arc.
    public struct AspectChord: Sendable, Hashable {
        /// The body it is from.
        public var first: BodyID
        /// The body it is to.
        public var second: BodyID
        /// The aspect's kind, which decides its colour and dash pattern.
        public var kind: AspectKind
        /// How far from exact, in degrees; `nil` when the source gave none.
        public var orb: Double?
        /// The first body's point on the aspect circle.
        public var from: Point
        /// The second body's point on the aspect circle.
        public var to: Point
        /// Conjunctions are drawn as an arc inside the aspect circle, not a chord: its radius and angles.
        public var arc: Arc?
        /// The charts of the two ends: a bi-wheel's cross-aspects go from `inner` to `outer`.
        public var firstRing: Ring = .inner
        /// The chart of the second end: `outer` for a bi-wheel's cross-aspect.
        public var secondRing: Ring = .inner
    }

    /// A connector runs in a lane between the degree scale and the columns: in from the marker, along the
    /// lane to the glyph's angle, in to the glyph. It never crosses another column, however far a glyph moved.
    public struct Connector: Sendable, Hashable {
        /// The inner end of the body's marker, at its true longitude.
        public var start: Point
        /// The stretch of its lane the connector runs along.
        public var lane: Arc
        /// Where it meets the glyph's column.
        public var end: Point
    }

    /// An arc of a circle about the wheel's centre.
    public struct Arc: Sendable, Hashable {
        /// Its radius.
        public var radius: Double
        /// The screen angle where it starts.
        public var startAngle: Double
        /// The screen angle where it ends.
        public var endAngle: Double
    }
}
