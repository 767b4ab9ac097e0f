import ChartModel

/// How much of a column is drawn, from all of it to the glyph alone. A quadrant too narrow for its columns even
/// at half-size glyphs draws shorter ones, which need less angle (their inner runs, nearer the centre, are the
/// widest in angle), rather than let a column cross an angle.
enum ColumnForm: Int, CaseIterable, Comparable, Sendable {
    /// Glyph, degrees, sign, and minutes where the size shows them.
    case full
    case withoutMinutes
    case withoutSign
    /// Glyph and degrees in two tracks: each column's neighbours stand further in, below its whole column, so a
    /// crowd held in its house writes every degree in half the angle (the sign is the band's beside it).
    case twoTracks
    /// The same in three tracks, each column's next two neighbours further in, one below the other: a crowd on a
    /// large wheel keeps its glyphs' size in a third of the angle (a room of 14° holding four bodies).
    case threeTracks
    case glyphOnly
    /// Glyphs alone, in two rows: each column's neighbours pass under or over it.
    case twoRows
    /// A bi-wheel's: the glyph, then degrees and sign over minutes and ℞ in one block (degrees, sign and ℞ on
    /// one line at sizes without minutes). Two rings of columns as deep as a single wheel's would leave the
    /// aspect circle no room.
    case compact

    static func < (a: ColumnForm, b: ColumnForm) -> Bool { a.rawValue < b.rawValue }

    /// The forms tried, from the fullest: a bi-wheel starts from `compact`, below 400 px from `withoutSign`;
    /// without minutes at small sizes the first two forms of a single wheel are one.
    /// Up to `tracks` tracks (two or three; a bi-wheel's shallow rings two at most) are tried before the glyphs
    /// stand alone.
    static func forms(for dims: WheelDimensions, tracks: Int = 1) -> [ColumnForm] {
        let forms: [ColumnForm]
        if dims.outerRing != nil {
            forms = dims.size < 400 ? [.withoutSign, .twoTracks, .glyphOnly, .twoRows] : [.compact, .withoutSign, .twoTracks, .glyphOnly, .twoRows]
        } else {
            forms = [.full, .withoutMinutes, .withoutSign, .twoTracks, .threeTracks, .glyphOnly, .twoRows].filter { dims.detail.showMinutes || $0 != .withoutMinutes }
        }
        return forms.filter { !$0.showsDegreesInTracks || $0.trackCount <= tracks }
    }

    /// How many tracks neighbouring columns take in turn, from the outer one in.
    var trackCount: Int {
        switch self {
        case .twoTracks, .twoRows: 2
        case .threeTracks: 3
        default: 1
        }
    }

    /// Whether the column writes its body's degrees.
    var writesDegrees: Bool { self != .glyphOnly && self != .twoRows }

    /// Whether neighbouring columns take tracks in turn.
    var isTracked: Bool { trackCount > 1 }

    /// Whether the form writes the degrees in tracks, which move the house numbers in: only the wheels that take
    /// them pay for them.
    var showsDegreesInTracks: Bool { self == .twoTracks || self == .threeTracks }
}

extension WheelLayout {
    /// Glyph or letters, then degrees, sign and minutes; the retrograde mark follows the minutes (or the degrees
    /// when the size or the form shows no minutes) rather than taking a row of its own, which keeps columns shallow.
    static func columnBuilder(first: ([Glyph], Double), longitude: Double, retrograde: Bool, dims: WheelDimensions, polar: Polar,
                              form: ColumnForm = .full, limit: Double? = nil) -> ColumnBuilder {
        let place = DegreesMinutes(withinSign: longitude)
        var degrees = GlyphRun.number(place.degrees, mark: .degree, digits: 1)
        let sign: [Glyph] = [.forSign(ZodiacSign(longitude: longitude))]
        let runs: [(glyphs: [Glyph], height: Double)]
        if form == .compact {
            // Degrees and sign side by side, the minutes under them: a block as wide as `22°♑` and two lines deep.
            var last = dims.detail.showMinutes ? GlyphRun.number(place.minutes, mark: .minute) : []
            if retrograde { last.append(.retrograde) }
            runs = [first, (degrees, dims.label), (sign, dims.smallSign)] + (last.isEmpty ? [] : [(last, dims.label)])
            let lines = last.isEmpty ? [1..<3] : [1..<3, 3..<4]
            return ColumnBuilder(runs: runs, outerLimit: limit ?? dims.columnLimit, gap: dims.gap, polar: polar, labelFloor: labelFloor(dims),
                                 blocks: [[0..<1], lines])
        } else if dims.detail.showMinutes && form == .full {
            var minutes = GlyphRun.number(place.minutes, mark: .minute)
            if retrograde { minutes.append(.retrograde) }
            runs = [first, (degrees, dims.label), (sign, dims.smallSign), (minutes, dims.label)]
        } else {
            if retrograde { degrees.append(.retrograde) }
            switch form {
            case .full, .withoutMinutes: runs = [first, (degrees, dims.label), (sign, dims.smallSign)]
            case .withoutSign, .twoTracks, .threeTracks: runs = [first, (degrees, dims.label)]
            case .glyphOnly, .twoRows, .compact: runs = [first]
            }
        }
        return ColumnBuilder(runs: runs, outerLimit: limit ?? dims.columnLimit, gap: dims.gap, polar: polar, labelFloor: labelFloor(dims))
    }

    /// From 400 px up a column's labels print no smaller than `smallestLabel` however small its glyph.
    private static func labelFloor(_ dims: WheelDimensions) -> Double { dims.size >= 400 ? smallestLabel : 0 }
}
