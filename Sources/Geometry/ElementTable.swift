import ChartModel

/// The element and modality table, resolved to absolute user units: a row per element (fire, earth, air,
/// water), a column per modality (cardinal, fixed, mutable), so that each of the twelve cells is one sign; each
/// cell holds that sign's glyph, small in its top-left corner, the glyphs of the planets in it and their count;
/// then a total per row, per column and in all. The headers are words in the glyph table's own capitals.
///
/// Contract: the image is `width` × `height` units, y down; every box lies inside it; each run lies inside its
/// cell, and no run meets another.
public struct ElementTable: Sendable, Hashable {
    /// A header: a word in capitals (`FIRE`, `CARDINAL`, `TOTAL`) centred in its cell.
    public struct Label: Sendable, Hashable {
        /// The word, in capitals.
        public var text: String
        /// Its cell.
        public var box: Box
        /// The word in this project's stroke capitals, centred in the cell.
        public var run: GlyphRun
    }

    /// A count, centred in its cell or, in a sign's cell, in its top-right corner.
    public struct Count: Sendable, Hashable {
        /// The count.
        public var value: Int
        /// Its cell.
        public var box: Box
        /// Its digits, where they are drawn.
        public var run: GlyphRun
    }

    /// One sign's cell, where an element's row meets a modality's column (fire and cardinal: Aries).
    public struct Cell: Sendable, Hashable {
        /// The sign.
        public var sign: ZodiacSign
        /// The cell.
        public var box: Box
        /// The sign's glyph, small in the cell's top-left corner.
        public var signGlyph: GlyphRun
        /// The planets in the sign, in the chart's order, each with its glyph.
        public var bodies: [BodyID]
        /// Their glyphs, in `bodies`' order.
        public var glyphs: [GlyphRun]
        /// How many planets are in the sign, in the top-right corner.
        public var count: Count
    }

    /// An element's row: its name, its three signs' cells, its total.
    public struct Row: Sendable, Hashable {
        /// The element.
        public var element: ZodiacSign.Element
        /// The whole row, header and total included: what an element's tint fills.
        public var box: Box
        /// The element's name (`FIRE`), in its signs' colour.
        public var header: Label
        /// Cardinal, fixed, mutable.
        public var cells: [Cell]
        /// How many planets are in the element.
        public var total: Count
    }

    /// The table's width in user units: the size asked for.
    public var width: Double
    /// Its height, as the rows need.
    public var height: Double
    /// The counts the table shows.
    public var balance: ElementBalance
    /// `CARDINAL`, `FIXED`, `MUTABLE` and `TOTAL`, over their columns.
    public var columnHeaders: [Label]
    /// Fire, earth, air, water.
    public var rows: [Row]
    /// `TOTAL` at the head of the last row.
    public var totalsHeader: Label
    /// Each modality's count, under its column.
    public var columnTotals: [Count]
    /// How many planets are counted in all.
    public var grandTotal: Count
    /// The edges of every cell; the empty top-left corner has none of its own.
    public var lines: [Segment]

    /// The table of `charts`' inner chart (its drawn bodies: excluded ones are not counted) `width` pixels wide,
    /// brought into `LayoutOptions.chartSizeRange` as a wheel's size is; as tall as its rows need.
    public init(charts: DrawnCharts, width: Double) {
        let width = LayoutOptions.drawableWidth(width)
        self.width = width
        let balance = ElementBalance(bodies: charts.inner.bodies)
        self.balance = balance

        let margin = max(4, (width * Self.margin).rounded())
        let letters = max(Self.letterHeight * width, Self.smallestLetters)
        let pad = max(Self.pad * letters, 3)
        let wordWidth = { (word: String) in GlyphRun.width(of: Glyph.word(word)!, height: letters) }
        // Whole pixels, the lines on half pixels, so that a 1-pixel hairline (600 px) is crisp.
        let headerColumn = ((Self.elementWords.map(wordWidth) + [wordWidth(Self.totalWord)]).max()! + 2 * pad).rounded(.up)
        let totalColumn = (wordWidth(Self.totalWord) + 2 * pad).rounded(.up)
        let signColumn = ((width - 2 * margin - headerColumn - totalColumn) / 3).rounded(.down)
        let tableWidth = headerColumn + 3 * signColumn + totalColumn
        let left = ((width - tableWidth) / 2).rounded(.down) + 0.5, top = margin + 0.5
        let columnLefts = [left, left + headerColumn, left + headerColumn + signColumn, left + headerColumn + 2 * signColumn,
                           left + headerColumn + 3 * signColumn]
        let columnWidths = [headerColumn, signColumn, signColumn, signColumn, totalColumn]

        let bodyGlyph = max(Self.bodyGlyph * width, Self.smallestBodyGlyph)
        let spacing = Self.bodySpacing * bodyGlyph, linePitch = Self.linePitch * bodyGlyph
        let inset = max(0.75 * pad, 2)
        let perLine = max(1, Int((signColumn - 2 * inset + spacing) / (bodyGlyph + spacing)))
        let signGlyph = max(Self.signGlyph * bodyGlyph, Self.smallestSign)
        let countDigits = max(Self.countDigits * bodyGlyph, Self.smallestLetters)
        let band = max(signGlyph, countDigits)
        let totalDigits = max(Self.totalDigits * letters, Self.smallestLetters)

        func label(_ text: String, in box: Box) -> Label {
            Label(text: text, box: box, run: GlyphRun(Glyph.word(text)!, center: box.center, height: letters))
        }
        func centredCount(_ value: Int, in box: Box) -> Count {
            Count(value: value, box: box, run: GlyphRun(GlyphRun.decimal(value), center: box.center, height: totalDigits))
        }

        let headerHeight = (letters + 2 * pad).rounded(.up)
        columnHeaders = (ZodiacSign.Modality.allCases.map { $0.rawValue.uppercased() } + [Self.totalWord]).enumerated().map { index, word in
            label(word, in: Box(x: columnLefts[index + 1], y: top, width: columnWidths[index + 1], height: headerHeight))
        }

        var y = top + headerHeight
        rows = ZodiacSign.Element.allCases.map { element in
            let signs = ZodiacSign.Modality.allCases.map { ZodiacSign(element: element, modality: $0) }
            let lineCount = max(1, signs.map { (balance.bodies(in: $0).count + perLine - 1) / perLine }.max()!)
            let rowHeight = (2 * inset + band + Self.bandGap * bodyGlyph + Double(lineCount) * linePitch).rounded(.up)
            defer { y += rowHeight }
            let cells = signs.enumerated().map { index, sign in
                let box = Box(x: columnLefts[index + 1], y: y, width: signColumn, height: rowHeight)
                let bodies = balance.bodies(in: sign)
                let corner = GlyphRun([Glyph.forSign(sign)], origin: Point(x: box.x + inset, y: box.y + inset + (band - signGlyph) / 2), height: signGlyph)
                let digits = GlyphRun.decimal(bodies.count)
                let countRun = GlyphRun(digits, origin: Point(x: box.x + box.width - inset - GlyphRun.width(of: digits, height: countDigits),
                                                              y: box.y + inset + (band - countDigits) / 2), height: countDigits)
                // The glyphs in lines of `perLine`, each line centred, the block centred below the band.
                let below = box.y + inset + band + Self.bandGap * bodyGlyph
                let lines = (bodies.count + perLine - 1) / perLine
                let blockTop = below + (box.y + box.height - inset - below - Double(lines) * linePitch) / 2
                let glyphs = bodies.enumerated().map { at, body in
                    let line = at / perLine, inLine = min(perLine, bodies.count - line * perLine)
                    let lineWidth = Double(inLine) * bodyGlyph + Double(inLine - 1) * spacing
                    let x = box.center.x - lineWidth / 2 + Double(at % perLine) * (bodyGlyph + spacing)
                    return GlyphRun([Glyph.forBody(body)], origin: Point(x: x, y: blockTop + Double(line) * linePitch + (linePitch - bodyGlyph) / 2),
                                    height: bodyGlyph)
                }
                return Cell(sign: sign, box: box, signGlyph: corner, bodies: bodies, glyphs: glyphs,
                            count: Count(value: bodies.count, box: box, run: countRun))
            }
            return Row(element: element, box: Box(x: left, y: y, width: tableWidth, height: rowHeight),
                       header: label(element.rawValue.uppercased(), in: Box(x: left, y: y, width: headerColumn, height: rowHeight)),
                       cells: cells,
                       total: centredCount(balance.bodies(in: element).count, in: Box(x: columnLefts[4], y: y, width: totalColumn, height: rowHeight)))
        }

        let totalsHeight = (max(totalDigits, letters) + 2 * pad).rounded(.up)
        totalsHeader = label(Self.totalWord, in: Box(x: left, y: y, width: headerColumn, height: totalsHeight))
        columnTotals = ZodiacSign.Modality.allCases.enumerated().map { index, modality in
            centredCount(balance.bodies(in: modality).count, in: Box(x: columnLefts[index + 1], y: y, width: signColumn, height: totalsHeight))
        }
        grandTotal = centredCount(balance.total, in: Box(x: columnLefts[4], y: y, width: totalColumn, height: totalsHeight))
        let bottom = y + totalsHeight
        height = (bottom - 0.5 + margin).rounded(.up)

        // Rows' edges run the table's width, columns' its height, but for the empty corner above the element names.
        let rowEdges = [top, top + headerHeight] + rows.map { $0.box.y + $0.box.height } + [bottom]
        let columnEdges = columnLefts + [left + tableWidth]
        lines = rowEdges.enumerated().map { index, edge in
            Segment(from: Point(x: index == 0 ? columnLefts[1] : left, y: edge), to: Point(x: left + tableWidth, y: edge))
        } + columnEdges.enumerated().map { index, edge in
            Segment(from: Point(x: edge, y: index == 0 ? top + headerHeight : top), to: Point(x: edge, y: bottom))
        }
    }

    /// `chart`'s table under `options` (its excluded bodies are not counted), as wide as `options.chartSize`.
    public init(chart: NatalChart, options: LayoutOptions) {
        self.init(charts: DrawnCharts(chart: chart, outer: nil, options: options), width: Double(options.drawable().chartSize))
    }

    static let elementWords = ZodiacSign.Element.allCases.map { $0.rawValue.uppercased() }
    static let totalWord = "TOTAL"

    /// Proportions, as fractions of the image's width or of the body glyphs' height (`bodyGlyph`), with the
    /// wheel's floors: at 600 px the words are 17 px capitals and the body glyphs 24 px, five to a line.
    static let margin = 0.02
    static let letterHeight = 0.028, smallestLetters = 8.5
    /// Around a word or a count, in letter heights.
    static let pad = 0.4
    static let bodyGlyph = 0.04, smallestBodyGlyph = 13.0
    static let bodySpacing = 0.15, linePitch = 1.2
    /// The sign in a cell's corner and the cell's count, and the band they make above the glyphs.
    static let signGlyph = 0.6, smallestSign = 9.0
    static let countDigits = 0.6
    static let bandGap = 0.15
    /// The totals' digits, in letter heights.
    static let totalDigits = 1.2
}
