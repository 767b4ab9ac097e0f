/// The house system's name, in the image's top-left corner: text in a font like the title, left-aligned, as
/// large as the corner allows (at most the size of the angle labels' letters), clear of the wheel.
extension WheelLayout {
    /// Text in a font in a corner of the image, left-aligned.
    public struct CornerText: Sendable, Hashable {
        /// The text, as given (escaped when written).
        public var text: String
        /// The start of the text's baseline.
        public var baseline: Point
        /// The font size in user units.
        public var fontSize: Double
    }

    /// `name` placed in the image's top-left corner, as large as the corner allows beside the wheel.
    public func houseSystemLabel(_ name: String) -> CornerText {
        // Ascent and descent take 1.25 font sizes (see `titleLineHeight`); the width is `estimatedWidth`'s.
        let (fontSize, box) = cornerBlock(.topLeft, largest: 0.05 * rings.outer, width: Self.estimatedWidth(of: name), height: Self.titleLineHeight)
        return CornerText(text: name, baseline: Point(x: box.x, y: box.y + 0.97 * fontSize), fontSize: fontSize)
    }
}
