/// A horizontal run of glyph cells, such as a planet symbol or a degree label `15°`, placed at a size.
public struct GlyphRun: Sendable, Hashable {
    /// The glyphs, left to right.
    public var glyphs: [Glyph]
    /// Top-left corner of the first cell.
    public var origin: Point
    /// Height of the cells in user units; a glyph unit is `height / 24`.
    public var height: Double

    /// A run of `glyphs` whose first cell's top-left corner is at `origin`, `height` units tall.
    public init(_ glyphs: [Glyph], origin: Point, height: Double) {
        self.glyphs = glyphs
        self.origin = origin
        self.height = height
    }

    /// A run of `glyphs` at `height`, centred on `center`.
    public init(_ glyphs: [Glyph], center: Point, height: Double) {
        let width = GlyphRun.width(of: glyphs, height: height)
        self.init(glyphs, origin: Point(x: center.x - width / 2, y: center.y - height / 2), height: height)
    }

    /// One unit of the glyphs' 24-unit grid, in user units.
    public var unit: Double { height / Glyph.cellHeight }
    /// The run's width: its cells' widths at this height.
    public var width: Double { GlyphRun.width(of: glyphs, height: height) }
    /// The run's box: its cells.
    public var box: Box { Box(x: origin.x, y: origin.y, width: width, height: height) }

    /// Each glyph with the top-left corner of its cell.
    public var cells: [(glyph: Glyph, origin: Point)] {
        var x = origin.x
        return glyphs.map { glyph in
            defer { x += glyph.advance * unit }
            return (glyph, Point(x: x, y: origin.y))
        }
    }

    static func width(of glyphs: [Glyph], height: Double) -> Double {
        glyphs.reduce(0) { $0 + $1.advance } * height / Glyph.cellHeight
    }

    /// Degrees or minutes followed by a mark, padded with zeros to `digits`: `15°`, `03′`.
    static func number(_ value: Int, mark: Glyph, digits: Int = 2) -> [Glyph] {
        var glyphs = decimal(value, digits: digits)
        glyphs.append(mark)
        return glyphs
    }

    /// The digit glyphs of a whole number, padded with zeros to `digits`.
    static func decimal(_ value: Int, digits: Int = 1) -> [Glyph] {
        let value = max(value, 0)
        var count = 1, rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        var glyphs = [Glyph](repeating: .digit0, count: max(count, digits))
        rest = value
        for k in glyphs.indices.reversed() {
            glyphs[k] = .digit(rest % 10)
            rest /= 10
        }
        return glyphs
    }
}
