/// The title fitted above the wheel: its own size on one line when it fits, else smaller, or wrapped onto two or
/// three lines, whichever leaves it largest; never wider than the image or lower than the wheel's top.
///
/// The title is drawn with a font (as are the legend's aspect names and the house system's label), whose widths
/// the layout cannot know: `estimatedWidth` takes each character as wide as in DejaVu Sans, the widest common
/// sans-serif, or wider, so that a title that fits here fits in any font librsvg or a browser picks.
extension WheelLayout {
    /// A line of the title, shrunk or wrapped to fit the band above the wheel.
    public struct TitleLine: Sendable, Hashable {
        /// The line's text.
        public var text: String
        /// Where the line's baseline crosses the image's vertical centre line; lines are centred.
        public var baseline: Point
        /// The font size in user units.
        public var fontSize: Double
    }

    /// At most this many lines; three at the title band's height are still about 12 px at 600 px.
    static let maxTitleLines = 3
    /// Baseline to baseline, in font sizes.
    static let titleLineHeight = 1.25

    /// The title as drawn: shrunk, or wrapped onto up to three lines, to fit the band above the wheel; empty without one.
    public var titleLines: [TitleLine] {
        guard let title else { return [] }
        let width = size * 0.94
        // The band above the wheel, less a gap of a tenth of it so that descenders stay clear of the zodiac band.
        let bandHeight = (center.y - rings.outer) * 0.9
        guard title.fontSize * Self.estimatedWidth(of: title.text) > width else {
            return [TitleLine(text: title.text, baseline: title.baseline, fontSize: title.fontSize)]
        }
        var best: (lines: [String], fontSize: Double)?
        for count in 1...Self.maxTitleLines {
            let lines = Self.wrap(title.text, into: count)
            let widest = lines.map(Self.estimatedWidth).max() ?? 0
            let fontSize = min(title.fontSize, width / widest, bandHeight / (Double(lines.count) * Self.titleLineHeight))
            if best == nil || fontSize > best!.fontSize * 1.01 { best = (lines, fontSize) }
        }
        let (lines, fontSize) = best!
        // The block of lines centred in the band. A line's baseline sits 0.97 font sizes below its top: DejaVu
        // Sans rises 0.93 above it (accented capitals) and descends 0.24 below, within the line's 1.25.
        let blockTop = (bandHeight - Double(lines.count) * Self.titleLineHeight * fontSize) / 2
        return lines.enumerated().map { index, text in
            let top = blockTop + Double(index) * Self.titleLineHeight * fontSize
            return TitleLine(text: text, baseline: Point(x: title.baseline.x, y: top + 0.97 * fontSize), fontSize: fontSize)
        }
    }

    /// `text` in at most `count` lines, the widest as narrow as may be: broken at spaces, or inside a word only
    /// where a word alone is too wide (a name in a script without spaces).
    static func wrap(_ text: String, into count: Int) -> [String] {
        let total = estimatedWidth(of: text)
        guard count > 1 else { return [text] }
        // The narrowest width at which greedy wrapping, which uses the fewest lines for a width, needs no more
        // than `count`: between the total over `count` and the total.
        var low = total / Double(count), high = total
        for _ in 0..<30 {
            let middle = (low + high) / 2
            if greedyWrap(text, width: middle).count <= count { high = middle } else { low = middle }
        }
        return greedyWrap(text, width: high)
    }

    private static func greedyWrap(_ text: String, width: Double) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if estimatedWidth(of: candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            // A word too wide for a line of its own is cut where the line is full.
            for character in word {
                if !line.isEmpty && estimatedWidth(of: line + String(character)) > width {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Width of `text` in font sizes, at least what DejaVu Sans gives it (its advances, read from the font): its
    /// widest ASCII letters (m, w, M, W at up to 0.99) count 1, other ASCII capitals 0.8, the rest of ASCII 0.65, a
    /// space 0.35; accented Latin and Cyrillic letters 0.7 and capitals 0.8 but for the wide ones (æ, œ, ж, ш, ю:
    /// up to 0.94, 1.2 for the digraphs ǆ, ǳ; Ж, Ш, Ю, Æ: up to 1.09, 1.45 for Ǆ); other letters 0.9 or 1;
    /// Devanagari's letters 0.75 and its spacing vowel signs 0.35 (Gargi, Lohit Devanagari); everything else, such as CJK
    /// and emoji, which are a full em or more, 1.1. Combining marks add nothing.
    public static func estimatedWidth(of text: String) -> Double {
        var width = 0.0
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            switch scalar {
            case " ": width += 0.35
            case "m", "w", "M", "W", "@", "%": width += 1
            case _ where properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark: break
            case _ where scalar.isASCII: width += properties.isUppercase ? 0.8 : 0.65
            // Devanagari in Gargi or Lohit Devanagari: common letters up to 0.75, the vowel signs that take room (ि, ा) 0.35;
            // conjuncts are narrower than their letters.
            case _ where (0x0900...0x097F).contains(scalar.value): width += properties.generalCategory == .spacingMark ? 0.35 : 0.75
            case _ where wideLetters.contains(scalar): width += properties.isLowercase ? 1.2 : 1.45
            case _ where (0xC0...0x24F).contains(scalar.value) || (0x400...0x45F).contains(scalar.value):
                width += properties.isUppercase ? 0.8 : 0.7
            // Greek and the rest of Cyrillic: as wide as Cyrillic's widest.
            case _ where properties.isLowercase: width += 0.95
            case _ where properties.isUppercase: width += 1.1
            default: width += 1.1
            }
        }
        return width
    }

    /// Accented Latin and Cyrillic letters wider than 0.7 (lower case) or 0.8 (capitals) in DejaVu Sans.
    private static let wideLetters = Set("æœŵƕƣƴǆǌǣǳǽȡȵȸȹÆĦŒŴƊƜƠƢƯǄǅǇǈǊǋǢǱǲǶǼжмфшщъыюљњЉЊЖМФШЩЪЫЮ".unicodeScalars)
}
