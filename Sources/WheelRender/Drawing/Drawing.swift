import ChartModel
import Geometry

/// What an image draws, in painting order and in pixels: the one description that the SVG writer writes and
/// the cairo painter paints, so that the two cannot drift apart. A wheel, an aspect grid, an element table and
/// a sheet of them each make one.
package struct Drawing {
    package var width: Double
    package var height: Double
    /// What fills the whole image first; `nil`: nothing, the image is transparent around what is drawn.
    package var background: Colour?
    package var layers: [Layer]
    /// Text set in a font (a title, the house system, the legend's names): only the SVG (and librsvg) draw it.
    package var texts: [Text] = []
    /// The image's `<title>` and `<desc>`: what it is, and what it shows in words, for a screen reader.
    package var title: String
    package var description: String
    /// What the SVG's ids start with; `nil`: a hash of the document (`RenderOptions.idPrefix`).
    package var idPrefix: String?
    /// Whether any text needs a font, which only the SVG (and librsvg) can draw.
    package var hasText: Bool { !texts.isEmpty }

    package init(width: Double, height: Double, background: Colour?, layers: [Layer] = [], title: String, description: String) {
        self.width = width
        self.height = height
        self.background = background
        self.layers = layers
        self.title = title
        self.description = description
    }

    /// One path, filled and then stroked, as SVG paints it.
    package struct Shape {
        package var path: ShapePath
        package var fill: Colour?
        package var stroke: Stroke?
    }

    package struct Stroke: Hashable {
        package enum Cap: Hashable { case butt, round }
        package enum Join: Hashable { case miter, round }
        package var colour: Colour
        /// Widths and dashes are rounded to hundredths, as the SVG writes them.
        package var width: Double
        package var cap: Cap
        package var join: Join
        package var dashes: [Double]

        init(colour: Colour, width: Double, cap: Cap = .butt, join: Join = .miter, dashes: [Double] = []) {
            self.colour = colour
            self.width = width.snapped
            self.cap = cap
            self.join = join
            self.dashes = dashes.map(\.snapped)
        }

        /// The same stroke `widening` wider in `colour`, drawn behind it.
        package func halo(_ colour: Colour, widening: Double) -> Stroke {
            Stroke(colour: colour, width: width + widening, cap: cap, join: join, dashes: dashes)
        }
    }

    package enum Layer {
        case shape(Shape)
        /// Centre and radius rounded to hundredths, as the SVG writes them.
        case circle(center: Point, radius: Double, fill: Colour?, stroke: Stroke?)
        /// Glyph strokes behind which lines stop short: every `haloed` path is first stroked `haloWidening`
        /// wider in `haloColour`, then every path in its own stroke. All halos go first, so that no halo covers
        /// another glyph.
        case glyphs([(path: ShapePath, stroke: Stroke, haloed: Bool)], haloColour: Colour, haloWidening: Double)
    }

    /// A line of text in a sans-serif font (DejaVu Sans first: `DrawingSVG.fontFamily`), from its baseline's start,
    /// middle or end.
    package struct Text {
        package enum Anchor { case start, middle, end }
        package var text: String
        package var baseline: Point
        package var fontSize: Double
        package var anchor: Anchor
        package var colour: Colour
    }
}

extension Drawing {
    /// The same drawing `dx`, `dy` pixels further right and down (whole hundredths, as everything is written):
    /// how a sheet places the wheel, the grid and the table on one page.
    package func translated(dx: Double, dy: Double) -> Drawing {
        var moved = self
        let offset = Point(x: dx, y: dy)
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        moved.layers = layers.map { layer in
            switch layer {
            case .shape(let shape):
                return .shape(Shape(path: shape.path.translated(by: offset), fill: shape.fill, stroke: shape.stroke))
            case .circle(let center, let radius, let fill, let stroke):
                return .circle(center: move(center).snapped, radius: radius, fill: fill, stroke: stroke)
            case .glyphs(let paths, let halo, let widening):
                return .glyphs(paths.map { ($0.path.translated(by: offset), $0.stroke, $0.haloed) }, haloColour: halo, haloWidening: widening)
            }
        }
        moved.texts = texts.map { text in
            var text = text
            text.baseline = move(text.baseline)
            return text
        }
        return moved
    }
}
