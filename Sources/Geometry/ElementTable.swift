import ChartModel

/// The element and modality table, resolved to absolute user units: a row per element (fire, earth, air,
/// water), a column per modality (cardinal, fixed, mutable), so that each of the twelve cells is one sign; each
/// cell holds that sign's glyph, small in its top-left corner, the glyphs of the planets in it and their count;
/// then a total per row, per column and in all. The headers are words in the table's language (`DrawnCharts.language`),
/// in capitals where its script has them: in the glyph table's own stroke capitals where they have every letter
/// (English), else as text in a font, all at one size, shrunk to fit the narrowest column, and the modalities in
/// their short forms (`KARD.`) where the whole words would be shrunk below `shortFormBelow` of the size.
///
/// Contract: the image is `width` × `height` units, y down; every box lies inside it; each run lies inside its
/// cell, and no run meets another.
public struct ElementTable: Sendable, Hashable {
    /// A header: a word in capitals (`FIRE`, `CARDINAL`, `TOTAL`, `FEUER`, `火象`) centred in its cell.
    public struct Label: Sendable, Hashable {
        /// The word as drawn, in capitals where the script has them.
        public var text: String
        /// Its cell.
        public var box: Box
        /// The word in this project's stroke capitals, centred in the cell; nil when the table's words are set
        /// in a font (`baseline`, `fontSize`).
        public var run: GlyphRun?
        /// Where the word set in a font is centred on its baseline.
        public var baseline: Point
        /// The font size of the word set in a font: one for all the table's headers.
        public var fontSize: Double
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
    /// The language of its headers, title and description.
    public var language: Language

    /// The table of `charts`' inner chart (its drawn bodies: excluded ones are not counted) `width` pixels wide,
    /// brought into `LayoutOptions.chartSizeRange` as a wheel's size is; as tall as its rows need.
    public init(charts: DrawnCharts, width: Double) {
        let width = LayoutOptions.drawableWidth(width)
        self.width = width
        language = charts.language
        let balance = ElementBalance(bodies: charts.inner.bodies)
        self.balance = balance
        let metrics = Metrics(width: width, words: Words(charts.language.terms))

        columnHeaders = (metrics.words.modalities + [metrics.words.total]).enumerated().map { index, word in
            metrics.label(word, in: Box(x: metrics.columnLefts[index + 1], y: metrics.top, width: metrics.columnWidths[index + 1],
                                        height: metrics.headerHeight))
        }
        var y = metrics.top + metrics.headerHeight
        rows = ZodiacSign.Element.allCases.map { element in
            let row = metrics.row(element, balance: balance, y: y)
            y += row.box.height
            return row
        }

        let totalsHeight = (max(metrics.totalDigits, metrics.headingExtent) + 2 * metrics.pad).rounded(.up)
        totalsHeader = metrics.label(metrics.words.total, in: Box(x: metrics.left, y: y, width: metrics.headerColumn, height: totalsHeight))
        columnTotals = ZodiacSign.Modality.allCases.enumerated().map { index, modality in
            metrics.centredCount(balance.bodies(in: modality).count,
                                 in: Box(x: metrics.columnLefts[index + 1], y: y, width: metrics.signColumn, height: totalsHeight))
        }
        grandTotal = metrics.centredCount(balance.total, in: Box(x: metrics.columnLefts[4], y: y, width: metrics.totalColumn, height: totalsHeight))
        let bottom = y + totalsHeight
        height = (bottom - 0.5 + metrics.margin).rounded(.up)
        lines = metrics.lines(rows: rows, bottom: bottom)
    }

    /// The headers' words in the table's language, in capitals where the script has them.
    struct Words {
        var elements: [String]
        /// The whole modalities' names, or their short forms (`chosenShort`).
        var modalities: [String]
        var total: String
        /// Whether the stroke capitals have every letter of every word: English.
        var strokeCapitals: Bool
        let shortModalities: [String]

        init(_ terms: Terms) {
            elements = ZodiacSign.Element.allCases.map { terms.capitals(terms.name(of: $0)) }
            modalities = ZodiacSign.Modality.allCases.map { terms.capitals(terms.name(of: $0)) }
            shortModalities = ZodiacSign.Modality.allCases.map { terms.capitals(terms.shortName(of: $0)) }
            total = terms.capitals(terms.total)
            strokeCapitals = TableLettering.strokeCapitalsCover(elements + modalities + [total])
        }

        /// These words with the modalities' short forms.
        var chosenShort: Words {
            var words = self
            words.modalities = shortModalities
            return words
        }
    }

    /// The table's measures at one width: whole pixels, the lines on half pixels, so that a 1-pixel hairline
    /// (600 px) is crisp.
    private struct Metrics {
        let words: Words
        let margin, letters, pad: Double
        /// How the headers are set: the stroke capitals, or a font at one size.
        let lettering: TableLettering
        /// The height the headers' words take (the stroke capitals', or the font's ascent and descent).
        var headingExtent: Double { lettering.extent }
        var fontSize: Double { lettering.fontSize }
        let headerColumn, totalColumn, signColumn, tableWidth: Double
        let left, top: Double
        /// The header column, the three signs' columns and the totals' column.
        let columnLefts, columnWidths: [Double]
        let bodyGlyph, spacing, linePitch, inset: Double
        /// Body glyphs on a line of a cell.
        let perLine: Int
        let signGlyph, countDigits, totalDigits: Double
        /// The band of a cell's sign and count, above its glyphs.
        let band: Double
        let headerHeight: Double

        init(width: Double, words allWords: Words) {
            let margin = max(4, (width * ElementTable.margin).rounded())
            self.margin = margin
            let letters = max(ElementTable.letterHeight * width, ElementTable.smallestLetters)
            self.letters = letters
            let pad = max(ElementTable.pad * letters, 3)
            self.pad = pad
            // In a font, one size for every header, as large as lets each fit its column: the header and totals
            // columns as wide as their words, the signs' three share the rest. A font's capitals are at most as
            // tall as the stroke capitals.
            let available = width - 2 * margin
            func fitting(_ words: Words) -> Double {
                let widest = { (texts: [String]) in texts.map(WheelLayout.estimatedWidth).max()! }
                let perSize = widest(words.elements + [words.total]) + widest([words.total]) + 3 * widest(words.modalities)
                return min(letters / TableLettering.capitalHeight, (available - 10 * pad) / perSize)
            }
            var words = allWords, size = fitting(allWords)
            if !allWords.strokeCapitals && size < ElementTable.shortFormBelow * letters / TableLettering.capitalHeight {
                let short = allWords.chosenShort
                if fitting(short) > size { (words, size) = (short, fitting(short)) }
            }
            self.words = words
            let lettering = TableLettering(strokeCapitals: words.strokeCapitals, letters: letters, fontSize: size)
            self.lettering = lettering
            let wordWidth = lettering.width(of:)
            let headerColumn = ((words.elements.map(wordWidth) + [wordWidth(words.total)]).max()! + 2 * pad).rounded(.up)
            let totalColumn = (wordWidth(words.total) + 2 * pad).rounded(.up)
            let signColumn = ((available - headerColumn - totalColumn) / 3).rounded(.down)
            (self.headerColumn, self.totalColumn, self.signColumn) = (headerColumn, totalColumn, signColumn)
            tableWidth = headerColumn + 3 * signColumn + totalColumn
            left = ((width - tableWidth) / 2).rounded(.down) + 0.5
            top = margin + 0.5
            columnLefts = [left, left + headerColumn, left + headerColumn + signColumn, left + headerColumn + 2 * signColumn,
                           left + headerColumn + 3 * signColumn]
            columnWidths = [headerColumn, signColumn, signColumn, signColumn, totalColumn]

            bodyGlyph = max(ElementTable.bodyGlyph * width, ElementTable.smallestBodyGlyph)
            spacing = ElementTable.bodySpacing * bodyGlyph
            linePitch = ElementTable.linePitch * bodyGlyph
            inset = max(0.75 * pad, 2)
            perLine = max(1, Int((signColumn - 2 * inset + spacing) / (bodyGlyph + spacing)))
            signGlyph = max(ElementTable.signGlyph * bodyGlyph, ElementTable.smallestSign)
            countDigits = max(ElementTable.countDigits * bodyGlyph, ElementTable.smallestLetters)
            band = max(signGlyph, countDigits)
            totalDigits = max(ElementTable.totalDigits * letters, ElementTable.smallestLetters)
            headerHeight = (lettering.extent + 2 * pad).rounded(.up)
        }

        func label(_ text: String, in box: Box) -> Label {
            // A font's text is centred on its capitals' middle.
            Label(text: text, box: box, run: lettering.runs(text, x: box.center.x, middle: box.center.y, centred: true).first,
                  baseline: lettering.baseline(x: box.center.x, middle: box.center.y), fontSize: fontSize)
        }

        func centredCount(_ value: Int, in box: Box) -> Count {
            Count(value: value, box: box, run: GlyphRun(GlyphRun.decimal(value), center: box.center, height: totalDigits))
        }

        /// An element's row from `y` down, as tall as its fullest cell's lines of glyphs need.
        func row(_ element: ZodiacSign.Element, balance: ElementBalance, y: Double) -> Row {
            let signs = ZodiacSign.Modality.allCases.map { ZodiacSign(element: element, modality: $0) }
            let lineCount = max(1, signs.map { (balance.bodies(in: $0).count + perLine - 1) / perLine }.max()!)
            let rowHeight = (2 * inset + band + ElementTable.bandGap * bodyGlyph + Double(lineCount) * linePitch).rounded(.up)
            let cells = signs.enumerated().map { index, sign in
                cell(sign, bodies: balance.bodies(in: sign), in: Box(x: columnLefts[index + 1], y: y, width: signColumn, height: rowHeight))
            }
            return Row(element: element, box: Box(x: left, y: y, width: tableWidth, height: rowHeight),
                       header: label(words.elements[ZodiacSign.Element.allCases.firstIndex(of: element)!], in: Box(x: left, y: y, width: headerColumn, height: rowHeight)),
                       cells: cells,
                       total: centredCount(balance.bodies(in: element).count, in: Box(x: columnLefts[4], y: y, width: totalColumn, height: rowHeight)))
        }

        /// A sign's cell: its glyph in the top-left corner, its count in the top-right, its bodies' glyphs in lines
        /// of `perLine`, each line centred, the block centred below the band.
        func cell(_ sign: ZodiacSign, bodies: [BodyID], in box: Box) -> Cell {
            let corner = GlyphRun([Glyph.forSign(sign)], origin: Point(x: box.x + inset, y: box.y + inset + (band - signGlyph) / 2), height: signGlyph)
            let digits = GlyphRun.decimal(bodies.count)
            let countRun = GlyphRun(digits, origin: Point(x: box.x + box.width - inset - GlyphRun.width(of: digits, height: countDigits),
                                                          y: box.y + inset + (band - countDigits) / 2), height: countDigits)
            let below = box.y + inset + band + ElementTable.bandGap * bodyGlyph
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

        /// The edges of every cell: rows' edges run the table's width, columns' its height, but for the empty
        /// corner above the element names.
        func lines(rows: [Row], bottom: Double) -> [Segment] {
            let rowEdges = [top, top + headerHeight] + rows.map { $0.box.y + $0.box.height } + [bottom]
            let columnEdges = columnLefts + [left + tableWidth]
            return rowEdges.enumerated().map { index, edge in
                Segment(from: Point(x: index == 0 ? columnLefts[1] : left, y: edge), to: Point(x: left + tableWidth, y: edge))
            } + columnEdges.enumerated().map { index, edge in
                Segment(from: Point(x: edge, y: index == 0 ? top + headerHeight : top), to: Point(x: edge, y: bottom))
            }
        }
    }

    /// The width at which the table's body glyphs are `height` tall (above the floor): on a sheet, the positions
    /// table's scale.
    static func width(forBodyGlyph height: Double) -> Double {
        (height / bodyGlyph).rounded(.down)
    }

    /// `chart`'s table under `options` (its excluded bodies are not counted), as wide as `options.chartSize`.
    public init(chart: NatalChart, options: LayoutOptions) {
        self.init(charts: DrawnCharts(chart: chart, outer: nil, options: options), width: Double(options.drawable().chartSize))
    }


    /// Proportions, as fractions of the image's width or of the body glyphs' height (`bodyGlyph`), with the
    /// wheel's floors: at 600 px the words are 17 px capitals and the body glyphs 24 px, five to a line.
    static let margin = 0.02
    static let letterHeight = 0.028, smallestLetters = 8.5
    /// The modalities take their short forms where the whole words would be shrunk below this part of the size.
    static let shortFormBelow = 0.7
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
