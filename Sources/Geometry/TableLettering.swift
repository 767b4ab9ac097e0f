import ChartModel

/// How a table sets its words (the element table's headers, the positions table's headings and names): all in this
/// project's stroke capitals where they have every letter of every word (English), else all as text in a font at one
/// size, so that no table mixes the two. Sizes in user units.
struct TableLettering: Hashable {
    /// Whether the words are drawn in the stroke capitals; else in a font.
    let strokeCapitals: Bool
    /// The stroke capitals' height.
    let letters: Double
    /// The font's size, where the words are set in a font.
    let fontSize: Double

    /// A font's capitals' height, in font sizes (DejaVu Sans 0.73), and the height its text takes, ascent and
    /// descent (DejaVu Sans 0.93 and 0.24; Devanagari rises to 0.97 and descends to 0.31).
    static let capitalHeight = 0.73, textExtent = 1.3

    /// Whether the stroke capitals have every letter of every word of `texts` (words are split at spaces).
    static func strokeCapitalsCover(_ texts: [String]) -> Bool {
        texts.allSatisfy { GlyphRun.words($0) != nil }
    }

    /// How wide `text` is drawn: its stroke capitals' cells and the spaces between its words, or the font's
    /// estimate (`WheelLayout.estimatedWidth`).
    func width(of text: String) -> Double {
        strokeCapitals ? GlyphRun.width(ofWords: GlyphRun.words(text)!, height: letters) : WheelLayout.estimatedWidth(of: text) * fontSize
    }

    /// The height the words take: the stroke capitals', or the font's ascent and descent.
    var extent: Double { strokeCapitals ? letters : Self.textExtent * fontSize }

    /// `text`'s stroke capitals, a run a word, starting at `x` (or centred on it, `centred`) with their middle at
    /// `middle`; empty when the words are set in a font.
    func runs(_ text: String, x: Double, middle: Double, centred: Bool = false) -> [GlyphRun] {
        guard strokeCapitals, let words = GlyphRun.words(text) else { return [] }
        var left = centred ? x - GlyphRun.width(ofWords: words, height: letters) / 2 : x
        return words.map { word in
            defer { left += GlyphRun.width(of: word, height: letters) + GlyphRun.wordSpace * letters / Glyph.cellHeight }
            return GlyphRun(word, origin: Point(x: left, y: middle - letters / 2), height: letters)
        }
    }

    /// Where text in the font starts (or is centred) so that its capitals' middle is at `middle`.
    func baseline(x: Double, middle: Double) -> Point {
        Point(x: x, y: middle + Self.capitalHeight / 2 * fontSize)
    }
}

extension GlyphRun {
    /// The space between two words of stroke capitals, in glyph units: a third of a cell.
    static let wordSpace = 8.0

    /// The stroke capitals of each of `text`'s words (split at spaces), or nil when they lack one of its letters.
    static func words(_ text: String) -> [[Glyph]]? {
        var words: [[Glyph]] = []
        for word in text.split(separator: " ") {
            guard let glyphs = Glyph.word(String(word)) else { return nil }
            words.append(glyphs)
        }
        return words.isEmpty ? nil : words
    }

    /// The width of `words` at `height`, the spaces between them included.
    static func width(ofWords words: [[Glyph]], height: Double) -> Double {
        words.reduce(0) { $0 + width(of: $1, height: height) } + Double(max(words.count - 1, 0)) * wordSpace * height / Glyph.cellHeight
    }
}
