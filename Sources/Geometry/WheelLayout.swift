import ChartModel

/// Everything the renderer draws, resolved to absolute SVG user units.
///
/// Contract: the image is `size` × `size` units, y down. Angles are screen angles in degrees counter-clockwise
/// from +x with y up; a longitude L sits at `180 + (L - ascendant)`. Every glyph is a `GlyphRun` whose box is
/// its cells; no run of one body's column overlaps another body's column, a house number or an angle label.
public struct WheelLayout: Sendable {
    /// The image's side in user units: the chart size, brought into 250…4000.
    public internal(set) var size: Double
    /// The wheel's centre.
    public internal(set) var center: Point
    /// The Ascendant's longitude in degrees; it sits at the screen angle 180, at 9 o'clock.
    public internal(set) var ascendant: Double
    /// The MC's longitude in degrees.
    public internal(set) var midheaven: Double
    /// The radii of the wheel's circles.
    public internal(set) var rings: Rings
    /// Which details this size shows.
    public internal(set) var detail: Detail
    /// The title above the wheel, as first fitted; `titleLines` gives its lines as drawn. `nil` without one.
    public internal(set) var title: Title?
    /// The twelve sectors of the zodiac band, Aries first, each with its glyph.
    public internal(set) var signs: [SignSector]
    /// The degree scale's ticks, inward from the zodiac band.
    public internal(set) var ticks: [Tick]
    /// The twelve house cusps, house 1 first, with their lines.
    public internal(set) var cusps: [Cusp]
    /// The house numbers, one inside each house.
    public internal(set) var houseNumbers: [HouseNumber]
    /// The four angles (AC, DC, MC, IC): their axes and labels.
    public internal(set) var angles: [AngleMark]
    /// Every body drawn: its marker, its column where it was placed, its connector.
    public internal(set) var bodies: [BodyPlacement]
    /// The aspect chords (and a conjunction's arc) inside the aspect circle.
    public internal(set) var aspects: [AspectChord]
    /// What the placement had to give up, if anything.
    public internal(set) var placement: PlacementReport
    /// The degree of each house cusp besides the angles, with `LayoutOptions.cuspDegrees`; else empty.
    public internal(set) var cuspLabels: [CuspLabel] = []
    /// A bi-wheel's aspects between its two charts drawn in its centre (also among `aspects`): by default the
    /// planets' major ones at close orbs, every one with `LayoutOptions.allCrossAspects` (`DrawnCharts`); empty for
    /// a single wheel.
    public internal(set) var crossAspects: [CrossAspect] = []
    /// The chart's house system (`NatalChart.houseSystem`), for the layout's JSON.
    public internal(set) var houseSystem: String?
    /// The house system asked for when `houseSystem` replaced it (`NatalChart.houseSystemRequested`: Placidus,
    /// undefined inside the polar circles, for Porphyry); the wheel's corner then names both.
    public internal(set) var houseSystemRequested: String?
    /// The place the chart's birth took from the gazetteer (`NatalChart.place`), for the layout's JSON.
    public internal(set) var place: ChartPlace?
    /// The language of the wheel's words: the legend's names, its title's default and its description.
    public internal(set) var language: Language = .fallback

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
        /// Whether the columns and labels show the minutes (from 400 px up; a bi-wheel from 500 px).
        public internal(set) var showMinutes: Bool
        /// Whether the degree scale has a tick at every degree (from 400 px up).
        public internal(set) var showOneDegreeTicks: Bool
    }

    /// A line of title text, drawn in a font, centred above the wheel.
    public struct Title: Sendable, Hashable {
        /// The text, as given (escaped when written).
        public internal(set) var text: String
        /// Where its baseline crosses the image's vertical centre line; the text is centred there.
        public internal(set) var baseline: Point
        /// The font size in user units.
        public internal(set) var fontSize: Double
    }

    /// One sign's sector of the zodiac band, and its glyph.
    public struct SignSector: Sendable, Hashable {
        /// The sign.
        public internal(set) var sign: ZodiacSign
        /// The screen angle where the sector starts (the sign's 0°).
        public internal(set) var startAngle: Double
        /// The screen angle where the sector ends (the next sign's 0°).
        public internal(set) var endAngle: Double
        /// The sign's glyph, in the middle of the band.
        public internal(set) var glyph: GlyphRun
    }

    /// A tick of the degree scale.
    public struct Tick: Sendable, Hashable {
        /// How long a tick is: every degree, every 5°, every 10°, or at a sign's start.
        public enum Kind: Sendable, Hashable { case one, five, ten, sign }
        /// Which degree it marks, which decides its length.
        public internal(set) var kind: Kind
        /// The tick's line, inward from the zodiac band.
        public internal(set) var line: Segment
    }

    /// A house cusp and its line.
    public struct Cusp: Sendable, Hashable {
        /// The house it begins, 1…12.
        public internal(set) var house: Int
        /// The cusp's longitude in degrees.
        public internal(set) var longitude: Double
        /// Its screen angle.
        public internal(set) var angle: Double
        /// Its line, from the aspect circle (or the band of cusp labels) out to the zodiac band.
        public internal(set) var line: Segment
        /// A cusp on an angle (each quadrant system's 1st, 4th, 7th and 10th, the equal houses' 1st and 7th): drawn
        /// as that angle's emphasised axis, not as a cusp line.
        public internal(set) var isAngle: Bool
    }

    /// A house's number, inside the house.
    public struct HouseNumber: Sendable, Hashable {
        /// The house, 1…12.
        public internal(set) var house: Int
        /// The number's digits, where they are drawn.
        public internal(set) var run: GlyphRun
    }

    /// One of the four angles: its axis and its label.
    public struct AngleMark: Sendable, Hashable {
        /// Which angle: Ascendant, Descendant, Midheaven or Imum Coeli.
        public enum Kind: String, Sendable, Hashable, CaseIterable { case AC, DC, MC, IC }
        /// Which angle it is.
        public internal(set) var kind: Kind
        /// The angle's longitude in degrees.
        public internal(set) var longitude: Double
        /// Its screen angle.
        public internal(set) var angle: Double
        /// The emphasised axis from the aspect circle to the zodiac band's inner edge (not through the band).
        public internal(set) var axis: Segment
        /// The column `AC`, degrees, sign, minutes, and where it was put.
        public internal(set) var column: Column
    }

    /// A body as drawn: its true place, where its column went, and how they are joined.
    public struct BodyPlacement: Sendable, Hashable {
        /// Which body.
        public internal(set) var id: BodyID
        /// Its longitude in degrees.
        public internal(set) var longitude: Double
        /// Whether it is retrograde (its column then shows ℞).
        public internal(set) var retrograde: Bool
        /// The house it is in, by the cusps.
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
        /// The screen angle the column stands on.
        public internal(set) var angle: Double
        /// The column's runs, outside in.
        public internal(set) var runs: [GlyphRun]
        /// The runs' boxes, outside in.
        public var boxes: [Box] { runs.map(\.box) }
    }

    /// An aspect as drawn: a chord between two bodies' points on the aspect circle, or a conjunction's arc.
    public struct AspectChord: Sendable, Hashable {
        /// The body it is from.
        public internal(set) var first: BodyID
        /// The body it is to.
        public internal(set) var second: BodyID
        /// The aspect's kind, which decides its colour and dash pattern.
        public internal(set) var kind: AspectKind
        /// How far from exact, in degrees; `nil` when the source gave none.
        public internal(set) var orb: Double?
        /// The first body's point on the aspect circle.
        public internal(set) var from: Point
        /// The second body's point on the aspect circle.
        public internal(set) var to: Point
        /// Conjunctions are drawn as an arc inside the aspect circle, not a chord: its radius and angles.
        public internal(set) var arc: Arc?
        /// The charts of the two ends: a bi-wheel's cross-aspects go from `inner` to `outer`.
        public internal(set) var firstRing: Ring = .inner
        /// The chart of the second end: `outer` for a bi-wheel's cross-aspect.
        public internal(set) var secondRing: Ring = .inner
    }

    /// A connector runs in a lane between the degree scale and the columns: in from the marker, along the
    /// lane to the glyph's angle, in to the glyph. It never crosses another column, however far a glyph moved.
    public struct Connector: Sendable, Hashable {
        /// The inner end of the body's marker, at its true longitude.
        public internal(set) var start: Point
        /// The stretch of its lane the connector runs along.
        public internal(set) var lane: Arc
        /// Where it meets the glyph's column.
        public internal(set) var end: Point
    }

    /// An arc of a circle about the wheel's centre.
    public struct Arc: Sendable, Hashable {
        /// Its radius.
        public internal(set) var radius: Double
        /// The screen angle where it starts.
        public internal(set) var startAngle: Double
        /// The screen angle where it ends.
        public internal(set) var endAngle: Double
    }
}
