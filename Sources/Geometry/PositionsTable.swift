import ChartModel

/// The positions table, resolved to absolute user units: the list astrologers print beside a wheel. Every body of
/// the chart, a row each: its glyph, its name, its sign's glyph, its degree and minute within the sign (rounded down,
/// as everywhere: `DegreesMinutes`), a retrograde mark and its house; then the Ascendant, the Midheaven and the twelve
/// house cusps, each with its sign and degree. With an outer chart, its bodies too, in a block of their own headed
/// in its colour, each in the inner chart's house, where the bi-wheel draws it (its own houses belong to another
/// place or moment, and are not listed).
///
/// The table is blocks (the inner chart's bodies, the outer chart's, the houses), each a frame with a heading row,
/// then a row an entry. They stand side by side where the width holds them with the body glyphs at least
/// `acceptedGlyph` of the width's own size, else the houses go under the inner chart's bodies, else every block
/// under the one before; the sizes then grow to fill the width, up to the width's own (`glyphShare`). Under one
/// another, the houses' signs and degrees stand in the bodies' columns. The words (headings, names, the house
/// column's heading) are set as `TableLettering` sets them: in the stroke capitals in English, else in a font, in
/// capitals where the script has them. `AC`, `MC`, the digits and the glyphs are the project's own in every language.
///
/// Contract: the image is `width` × `height` units, y down; every frame lies inside it and meets no other; each run
/// lies inside its row and its frame, no run meets another, and a name or heading set in a font has its cell (`box`).
public struct PositionsTable: Sendable, Hashable {
    /// Words in a cell: a block's heading, the house column's heading, a body's name.
    public struct Label: Sendable, Hashable {
        /// The words as drawn, in capitals where the script has them.
        public var text: String
        /// Its cell.
        public var box: Box
        /// The words in the stroke capitals, a run a word; empty when they are set in a font.
        public var runs: [GlyphRun]
        /// Where the words set in a font start on their baseline, or are centred on it (`centred`).
        public var baseline: Point
        /// The font's size, one for all the table's words.
        public var fontSize: Double
        /// Centred in its cell (the house column's heading); else from its left.
        public var centred: Bool
    }

    /// A body's row.
    public struct BodyRow: Sendable, Hashable {
        /// The body.
        public var body: BodyID
        /// Its chart: the outer chart's bodies are headed and drawn in its colour.
        public var ring: WheelLayout.Ring
        /// Its ecliptic longitude.
        public var longitude: Double
        /// The sign it is in.
        public var sign: ZodiacSign
        /// Its degree and minute within the sign, rounded down.
        public var position: DegreesMinutes
        /// Whether it is retrograde.
        public var retrograde: Bool
        /// Its house, the inner chart's (for an outer chart's body too).
        public var house: Int
        /// The whole row, inside its block's frame.
        public var box: Box
        /// The body's glyph.
        public var glyph: GlyphRun
        /// Its name.
        public var name: Label
        /// The sign's glyph, in the sign's colour.
        public var signGlyph: GlyphRun
        /// `24°29′`, right-aligned, so that the degree marks of a column stand one under another.
        public var degrees: GlyphRun
        /// ℞ for a retrograde body.
        public var retrogradeMark: GlyphRun?
        /// The house's number.
        public var houseNumber: GlyphRun
    }

    /// A row of the houses' block: the Ascendant, the Midheaven or a house's cusp.
    public struct CuspRow: Sendable, Hashable {
        /// Which point of the chart the row gives.
        public enum Point: Sendable, Hashable {
            case ascendant, midheaven
            /// The cusp of the house 1…12.
            case house(Int)
        }
        /// The point.
        public var point: Point
        /// Its ecliptic longitude.
        public var longitude: Double
        /// The sign it is in.
        public var sign: ZodiacSign
        /// Its degree and minute within the sign, rounded down.
        public var position: DegreesMinutes
        /// The whole row, inside the block's frame.
        public var box: Box
        /// `AC`, `MC`, or the house's number.
        public var label: GlyphRun
        /// The sign's glyph, in the sign's colour.
        public var signGlyph: GlyphRun
        /// `2°12′`, right-aligned.
        public var degrees: GlyphRun
    }

    /// A block: a chart's bodies or the houses, framed, under a heading.
    public struct Block: Sendable, Hashable {
        /// What it lists.
        public enum Kind: Sendable, Hashable {
            /// A chart's bodies: the inner chart's (the only one of a single chart) or the outer chart's.
            case bodies(WheelLayout.Ring)
            /// The Ascendant, the Midheaven and the house cusps of the inner chart.
            case houses
        }
        /// What it lists.
        public var kind: Kind
        /// Its frame: the heading row and every row.
        public var frame: Box
        /// `BODIES` (one chart), `INNER CHART` or `OUTER CHART` (two), `HOUSES`.
        public var heading: Label
        /// `HOUSE`, over the bodies' house column; nil for the houses' block.
        public var houseHeading: Label?
        /// The bodies' rows, in the chart's order; empty for the houses' block.
        public var bodies: [BodyRow]
        /// The houses' rows: the Ascendant, the Midheaven, then the cusps of houses 1 to 12; empty for a bodies' block.
        public var cusps: [CuspRow]
        /// Every second row, filled to guide the eye along it.
        public var stripes: [Box]
    }

    /// The table's width in user units: the size asked for.
    public var width: Double
    /// Its height, as its blocks need.
    public var height: Double
    /// The blocks: the inner chart's bodies, the outer chart's bodies (two charts), the houses.
    public var blocks: [Block]
    /// Each frame's edges and the rule under each heading.
    public var lines: [Segment]
    /// The body glyphs' height, which sets the others (letters and digits 0.6 of it, signs 0.8).
    public var glyphHeight: Double
    /// The language of its words, title and description.
    public var language: Language

    /// The table of `charts` (their drawn bodies: excluded ones are left out; with an outer chart, both) `width`
    /// pixels wide, brought into `LayoutOptions.chartSizeRange` as a wheel's size is; as tall as its blocks need.
    /// The body glyphs are at most `largestGlyph` tall: by default `glyphShare` of the width. A sheet gives its
    /// grid's, so that a narrow column's table keeps the page's scale; its blocks then stand side by side wherever
    /// they fit at the floor, a page's height being scarcer than its width.
    public init(charts: DrawnCharts, width: Double, largestGlyph: Double? = nil) {
        self.init(charts: charts, width: width, largestGlyph: largestGlyph, floors: .wheel)
    }

    /// The same with lower `floors`: a sheet's last resort, a narrow page with many bodies, where the page is a
    /// picture to print rather than to read on a screen.
    init(charts: DrawnCharts, width: Double, largestGlyph: Double?, floors: Floors) {
        let width = LayoutOptions.drawableWidth(width)
        self.width = width
        language = charts.language
        let content = Content(charts)
        let margin = max(4, (width * Self.margin).rounded())
        let largest = max(largestGlyph ?? Self.glyphShare * width, floors.glyph)
        let fitted = Self.fit(content, available: width - 2 * margin, largest: largest, floors: floors,
                              accepted: largestGlyph == nil ? max(floors.glyph, Self.acceptedGlyph * largest) : floors.glyph)
        let sizes = fitted.sizes
        glyphHeight = sizes.glyph

        var blocks: [Block] = []
        var x = ((width - fitted.width) / 2).rounded(.down) + 0.5
        var bottom = margin
        for column in fitted.arrangement {
            let columnWidth = column.map { sizes.width(of: content.blocks[$0]) }.max()!
            // The bodies' columns of the column's first bodies' block, which its houses' rows follow.
            let grid = column.contains { content.blocks[$0].kind != .houses } ? sizes.bodyColumns(left: x, width: columnWidth) : nil
            var y = margin + 0.5
            for (order, index) in column.enumerated() {
                if order > 0 { y += sizes.blockGap }
                let block = sizes.block(content.blocks[index], content: content, left: x, top: y, width: columnWidth, grid: grid)
                blocks.append(block)
                y += block.frame.height
            }
            bottom = max(bottom, y)
            x += columnWidth + sizes.blockGap
        }
        // The blocks in reading order: the inner chart's bodies, the outer chart's, the houses.
        blocks.sort { Self.order($0.kind) < Self.order($1.kind) }
        self.blocks = blocks
        height = (bottom - 0.5 + margin).rounded(.up)
        lines = blocks.flatMap { block in
            let f = block.frame
            let corners = [Point(x: f.x, y: f.y), Point(x: f.x + f.width, y: f.y), Point(x: f.x + f.width, y: f.y + f.height),
                           Point(x: f.x, y: f.y + f.height)]
            let rule = f.y + sizes.pitch
            return (0..<4).map { Segment(from: corners[$0], to: corners[($0 + 1) % 4]) }
                + [Segment(from: Point(x: f.x, y: rule), to: Point(x: f.x + f.width, y: rule))]
        }
    }

    /// `chart`'s table, or with `outer` the two charts', under `options` (excluded bodies left out), as wide as
    /// `options.chartSize`.
    public init(chart: NatalChart, outer: OuterChart? = nil, options: LayoutOptions) {
        self.init(charts: DrawnCharts(chart: chart, outer: outer, options: options), width: Double(options.drawable().chartSize))
    }

    /// True for two charts' table.
    public var hasOuterChart: Bool { blocks.contains { $0.kind == .bodies(.outer) } }

    private static func order(_ kind: Block.Kind) -> Int {
        switch kind {
        case .bodies(.inner): 0
        case .bodies(.outer): 1
        case .houses: 2
        }
    }

    // MARK: What the table lists

    /// A body as the table lists it, before it is placed.
    struct BodyEntry {
        let body: Body
        let ring: WheelLayout.Ring
        let house: Int
        let name: String
    }

    /// The blocks' entries and words, before they are placed.
    struct Content {
        struct BlockContent {
            let kind: Block.Kind
            let heading: String
            let bodies: [BodyEntry]
        }
        let blocks: [BlockContent]
        /// The Ascendant, the Midheaven and the twelve cusps, with their longitudes.
        let cusps: [(point: CuspRow.Point, longitude: Double)]
        let houseHeading: String
        /// Whether every word is in the stroke capitals.
        let strokeCapitals: Bool

        init(_ charts: DrawnCharts) {
            let terms = charts.language.terms
            let inner = charts.inner
            func entries(_ chart: NatalChart, _ ring: WheelLayout.Ring) -> [BodyEntry] {
                chart.bodies.map { BodyEntry(body: $0, ring: ring, house: inner.house(holding: $0, ring: ring), name: terms.capitals(terms.name(of: $0.id))) }
            }
            var blocks = [BlockContent(kind: .bodies(.inner), heading: terms.capitals(charts.outer == nil ? terms.bodiesHeading : terms.innerChartHeading),
                                       bodies: entries(inner, .inner))]
            if let outer = charts.outer {
                blocks.append(BlockContent(kind: .bodies(.outer), heading: terms.capitals(terms.outerChartHeading), bodies: entries(outer, .outer)))
            }
            blocks.append(BlockContent(kind: .houses, heading: terms.capitals(terms.houseCuspsHeading), bodies: []))
            self.blocks = blocks
            cusps = [(.ascendant, inner.ascendant), (.midheaven, inner.midheaven)] + inner.cusps.enumerated().map { (.house($0 + 1), $1) }
            houseHeading = terms.capitals(terms.houseColumnHeading)
            strokeCapitals = TableLettering.strokeCapitalsCover(blocks.map(\.heading) + [houseHeading] + blocks.flatMap { $0.bodies.map(\.name) })
        }

        var names: [String] { blocks.flatMap { $0.bodies.map(\.name) } }
    }

    // MARK: Sizes and fit

    /// The blocks' columns, left to right (indices into `Content.blocks`), each column's blocks top to bottom.
    typealias Arrangement = [[Int]]

    /// The arrangements to try, most side by side first: with two charts, three columns, then the houses under
    /// the inner chart's bodies, then one column; with one, two columns, then one.
    static func arrangements(blocks: Int) -> [Arrangement] {
        blocks == 3 ? [[[0], [1], [2]], [[0, 2], [1]], [[0, 1, 2]]] : [[[0], [1]], [[0, 1]]]
    }

    /// The arrangement and sizes for `content` in `available` units: the first arrangement whose glyphs, as large
    /// as fit (at most `largest`), reach `accepted`; failing all, one column at the floor, its words shrunk where
    /// even that is too wide.
    private static func fit(_ content: Content, available: Double, largest: Double, floors: Floors, accepted: Double)
        -> (arrangement: Arrangement, sizes: Sizes, width: Double) {
        let arrangements = arrangements(blocks: content.blocks.count)
        func total(_ arrangement: Arrangement, _ sizes: Sizes) -> Double {
            arrangement.map { column in column.map { sizes.width(of: content.blocks[$0]) }.max()! }.reduce(0, +)
                + Double(arrangement.count - 1) * sizes.blockGap
        }
        for arrangement in arrangements {
            let floor = Sizes(glyph: floors.glyph, content: content, floors: floors)
            guard total(arrangement, floor) <= available else { continue }
            // The widths grow with the glyphs: the largest that fits, to a hundredth of a unit.
            var low = floors.glyph, high = max(largest, floors.glyph)
            if total(arrangement, Sizes(glyph: high, content: content, floors: floors)) <= available {
                low = high
            } else {
                for _ in 0..<40 {
                    let middle = (low + high) / 2
                    if total(arrangement, Sizes(glyph: middle, content: content, floors: floors)) <= available { low = middle } else { high = middle }
                }
            }
            // Rounded down, but never below the floor, which fits (a scaled floor has more decimals).
            let glyph = max((low * 100).rounded(.down) / 100, floors.glyph)
            guard glyph >= accepted || arrangement == arrangements.last! else { continue }
            let sizes = Sizes(glyph: glyph, content: content, floors: floors)
            return (arrangement, sizes, total(arrangement, sizes))
        }
        // One column at the floor is too wide for the words: they shrink together, to fit.
        let column = arrangements.last!
        var low = 0.2, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if total(column, Sizes(glyph: floors.glyph, content: content, floors: floors, wordScale: middle)) <= available {
                low = middle
            } else {
                high = middle
            }
        }
        let sizes = Sizes(glyph: floors.glyph, content: content, floors: floors, wordScale: low)
        return (column, sizes, total(column, sizes))
    }

    /// Every size of the table at one body glyph height: whole rows, so that the lines fall on half pixels and a
    /// 1-pixel hairline (600 px) is crisp.
    struct Sizes {
        let glyph, sign, digits, gap, nameGap, inset, pitch, blockGap: Double
        let lettering: TableLettering
        /// The bodies' columns: glyph, name, sign, degrees, retrograde mark, house.
        let nameColumn, positionColumn, retrogradeColumn, houseColumn: Double
        /// The houses' block's own first column: `AC`, `MC`, `12`.
        let labelColumn: Double
        let headings: [Double]
        let content: Content

        init(glyph: Double, content: Content, floors: Floors, wordScale: Double = 1) {
            self.glyph = glyph
            self.content = content
            sign = max(PositionsTable.signGlyph * glyph, floors.sign)
            digits = max(PositionsTable.digits * glyph, floors.digits)
            gap = PositionsTable.gap * glyph
            nameGap = PositionsTable.nameGap * glyph
            inset = PositionsTable.inset * glyph
            blockGap = (PositionsTable.blockGap * glyph).rounded()
            let letters = digits * wordScale
            let lettering = TableLettering(strokeCapitals: content.strokeCapitals, letters: letters,
                                           fontSize: letters / TableLettering.capitalHeight)
            self.lettering = lettering
            pitch = max(PositionsTable.pitch * glyph, lettering.extent + 2 * inset, glyph + inset).rounded(.up)
            nameColumn = content.names.map(lettering.width).max() ?? 0
            positionColumn = GlyphRun.width(of: PositionsTable.widestPosition, height: digits)
            retrogradeColumn = GlyphRun.width(of: [.retrograde], height: digits)
            houseColumn = max(GlyphRun.width(of: GlyphRun.decimal(12), height: digits), lettering.width(of: content.houseHeading))
            labelColumn = max(GlyphRun.width(of: Glyph.word("AC")!, height: digits), GlyphRun.width(of: Glyph.word("MC")!, height: digits),
                              GlyphRun.width(of: GlyphRun.decimal(12), height: digits))
            headings = content.blocks.map { lettering.width(of: $0.heading) }
        }

        /// The whole width a block takes, alone in its column.
        func width(of block: Content.BlockContent) -> Double {
            let heading = headings[content.blocks.firstIndex { $0.kind == block.kind }!]
            switch block.kind {
            case .bodies:
                let columns = glyph + nameColumn + sign + positionColumn + retrogradeColumn + houseColumn + 4 * gap + nameGap
                return (2 * inset + max(columns, heading + gap + houseColumn)).rounded(.up)
            case .houses:
                return (2 * inset + max(labelColumn + sign + positionColumn + 2 * gap, heading)).rounded(.up)
            }
        }

        /// Where the bodies' columns stand in a block from `left`, `width` wide: the glyph's and the sign's
        /// centres, the name's left, the degrees' right, the mark's and the house's centres. Spare width goes to
        /// the names.
        struct Columns {
            let glyphCentre, nameLeft, nameRight, signCentre, positionRight, retrogradeCentre, houseLeft, houseCentre: Double
        }

        func bodyColumns(left: Double, width: Double) -> Columns {
            let houseLeft = left + width - inset - houseColumn
            let retrogradeLeft = houseLeft - gap - retrogradeColumn
            let positionRight = retrogradeLeft - gap
            let signLeft = positionRight - positionColumn - gap - sign
            return Columns(glyphCentre: left + inset + glyph / 2, nameLeft: left + inset + glyph + gap, nameRight: signLeft - nameGap,
                           signCentre: signLeft + sign / 2, positionRight: positionRight, retrogradeCentre: retrogradeLeft + retrogradeColumn / 2,
                           houseLeft: houseLeft, houseCentre: houseLeft + houseColumn / 2)
        }

        /// A block placed from (`left`, `top`), `width` wide; a houses' block in a column with bodies stands its
        /// signs and degrees in their columns (`grid`).
        func block(_ block: Content.BlockContent, content: Content, left: Double, top: Double, width: Double, grid: Columns?) -> Block {
            let rows = block.kind == .houses ? content.cusps.count : block.bodies.count
            let frame = Box(x: left, y: top, width: width, height: Double(rows + 1) * pitch)
            func rowBox(_ index: Int) -> Box { Box(x: left, y: top + Double(index + 1) * pitch, width: width, height: pitch) }
            let stripes = stride(from: 1, to: rows, by: 2).map(rowBox)
            switch block.kind {
            case .bodies:
                let columns = bodyColumns(left: left, width: width)
                let heading = label(block.heading, Box(x: left + inset, y: top, width: columns.houseLeft - gap - left - inset, height: pitch))
                let houseHeading = label(content.houseHeading, Box(x: columns.houseLeft, y: top, width: houseColumn, height: pitch), centred: true)
                let bodies = block.bodies.enumerated().map { index, entry in
                    bodyRow(entry, in: rowBox(index), columns: columns)
                }
                return Block(kind: block.kind, frame: frame, heading: heading, houseHeading: houseHeading, bodies: bodies, cusps: [], stripes: stripes)
            case .houses:
                let labelCentre: Double, signCentre: Double, positionRight: Double
                if let grid {
                    (labelCentre, signCentre, positionRight) = (grid.glyphCentre, grid.signCentre, grid.positionRight)
                } else {
                    positionRight = left + width - inset
                    signCentre = positionRight - positionColumn - gap - sign / 2
                    labelCentre = left + inset + labelColumn / 2
                }
                let heading = label(block.heading, Box(x: left + inset, y: top, width: width - 2 * inset, height: pitch))
                let cusps = content.cusps.enumerated().map { index, cusp in
                    let box = rowBox(index), middle = box.center.y
                    let glyphs: [Glyph] = switch cusp.point {
                    case .ascendant: Glyph.word("AC")!
                    case .midheaven: Glyph.word("MC")!
                    case .house(let number): GlyphRun.decimal(number)
                    }
                    let sign = ZodiacSign(longitude: cusp.longitude), position = DegreesMinutes(withinSign: cusp.longitude)
                    return CuspRow(point: cusp.point, longitude: cusp.longitude, sign: sign, position: position, box: box,
                                   label: GlyphRun(glyphs, center: Point(x: labelCentre, y: middle), height: digits),
                                   signGlyph: GlyphRun([Glyph.forSign(sign)], center: Point(x: signCentre, y: middle), height: self.sign),
                                   degrees: degreesRun(position, right: positionRight, middle: middle))
                }
                return Block(kind: block.kind, frame: frame, heading: heading, houseHeading: nil, bodies: [], cusps: cusps, stripes: stripes)
            }
        }

        func bodyRow(_ entry: BodyEntry, in box: Box, columns: Columns) -> BodyRow {
            let middle = box.center.y
            let sign = ZodiacSign(longitude: entry.body.longitude), position = DegreesMinutes(withinSign: entry.body.longitude)
            let name = label(entry.name, Box(x: columns.nameLeft, y: box.y, width: columns.nameRight - columns.nameLeft, height: box.height))
            return BodyRow(
                body: entry.body.id, ring: entry.ring, longitude: entry.body.longitude, sign: sign, position: position,
                retrograde: entry.body.retrograde, house: entry.house, box: box,
                glyph: GlyphRun([Glyph.forBody(entry.body.id)], center: Point(x: columns.glyphCentre, y: middle), height: glyph),
                name: name,
                signGlyph: GlyphRun([Glyph.forSign(sign)], center: Point(x: columns.signCentre, y: middle), height: self.sign),
                degrees: degreesRun(position, right: columns.positionRight, middle: middle),
                retrogradeMark: entry.body.retrograde ? GlyphRun([.retrograde], center: Point(x: columns.retrogradeCentre, y: middle), height: digits) : nil,
                houseNumber: GlyphRun(GlyphRun.decimal(entry.house), center: Point(x: columns.houseCentre, y: middle), height: digits))
        }

        /// `24°29′`, its right edge at `right`.
        func degreesRun(_ position: DegreesMinutes, right: Double, middle: Double) -> GlyphRun {
            let glyphs = GlyphRun.number(position.degrees, mark: .degree, digits: 1) + GlyphRun.number(position.minutes, mark: .minute)
            return GlyphRun(glyphs, origin: Point(x: right - GlyphRun.width(of: glyphs, height: digits), y: middle - digits / 2), height: digits)
        }

        /// Words in `box`, from its left or centred, their capitals' middle on the box's. Their cell is the box and
        /// half an inset either side: a font's letters may reach left of where they start (DejaVu Sans's `J`, 0.06
        /// of the size), and each column has a gap at least that wide to lend.
        func label(_ text: String, _ box: Box, centred: Bool = false) -> Label {
            let x = centred ? box.center.x : box.x, lead = inset / 2
            return Label(text: text, box: Box(x: box.x - lead, y: box.y, width: box.width + 2 * lead, height: box.height),
                         runs: lettering.runs(text, x: x, middle: box.center.y, centred: centred),
                         baseline: lettering.baseline(x: x, middle: box.center.y), fontSize: lettering.fontSize, centred: centred)
        }
    }

    /// The smallest sizes drawn: the body glyphs', the signs' and the digits' (the letters').
    struct Floors {
        let glyph, sign, digits: Double

        /// The wheel's own, which keep a 250 px figure legible on a screen.
        static let wheel = Floors(glyph: smallestGlyph, sign: smallestSign, digits: smallestDigits)

        /// Each floor times `factor`.
        func scaled(_ factor: Double) -> Floors { Floors(glyph: glyph * factor, sign: sign * factor, digits: digits * factor) }
    }

    /// `29°59′`: the widest degrees a column holds.
    static let widestPosition: [Glyph] = GlyphRun.number(29, mark: .degree) + GlyphRun.number(59, mark: .minute)

    /// Proportions, as fractions of the image's width (the margin, the largest glyphs) or of the body glyphs'
    /// height, with the wheel's floors: at 600 px one chart's table has 24 px body glyphs and 14.4 px digits, two
    /// charts' three blocks side by side 16.5 px glyphs.
    static let margin = 0.02
    /// The body glyphs' largest height, as a share of the width: the element table's.
    static let glyphShare = 0.04
    /// The blocks stand side by side only where their glyphs keep this share of the largest (or the floor).
    static let acceptedGlyph = 0.6
    static let smallestGlyph = 13.0
    static let signGlyph = 0.8, smallestSign = 9.0
    /// Digits, the degree marks, ℞ and the stroke capitals.
    static let digits = 0.6, smallestDigits = 8.5
    /// Between columns, after the names (the longest would otherwise run into the signs), around a block's rows,
    /// a row's height, and between blocks.
    static let gap = 0.4, nameGap = 0.8, inset = 0.3, pitch = 1.35, blockGap = 0.6
}

extension NatalChart {
    /// The house (1…12) of `body` as the wheel places it: the chart's own body in the house its source gave (the
    /// cusps' otherwise), an outer chart's body in this chart's house at its longitude.
    public func house(holding body: Body, ring: WheelLayout.Ring) -> Int {
        ring == .inner ? body.house ?? house(of: body.longitude) : house(of: body.longitude)
    }
}
