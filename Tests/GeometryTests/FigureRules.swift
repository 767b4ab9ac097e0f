import ChartModel
@testable import Geometry

/// What a reader of the grid or the tables sees go wrong: a glyph out of its cell, two glyphs on one another,
/// anything off the image. Each finding says where.
enum FigureRules {
    /// A run, the box it must stay inside, and what it is, for the messages.
    typealias Placed = (run: GlyphRun, cell: Box, name: String)

    static func violations(_ placed: [Placed], lines: [Segment], width: Double, height: Double) -> [String] {
        var found: [String] = []
        let image = Box(x: 0, y: 0, width: width, height: height)
        for (run, cell, name) in placed {
            if !inside(run.box, cell) { found.append("\(name) \(run.box) outside its cell \(cell)") }
            if !inside(cell, image) { found.append("\(name)'s cell \(cell) outside the \(width)×\(height) image") }
        }
        for i in placed.indices {
            for j in placed.indices where j > i && placed[i].run.box.overlaps(placed[j].run.box) {
                found.append("\(placed[i].name) meets \(placed[j].name)")
            }
        }
        for line in lines where !([line.from, line.to].allSatisfy { inside(Box(x: $0.x, y: $0.y, width: 0, height: 0), image) }) {
            found.append("line \(line) outside the image")
        }
        return found
    }

    /// Within a hundredth of a pixel, the precision everything is written with.
    static func inside(_ box: Box, _ outer: Box) -> Bool {
        box.x >= outer.x - 0.01 && box.y >= outer.y - 0.01
            && box.x + box.width <= outer.x + outer.width + 0.01 && box.y + box.height <= outer.y + outer.height + 0.01
    }

    /// Every run of the grid with its cell.
    static func placed(_ grid: AspectGrid) -> [Placed] {
        grid.headers.map { ($0.glyph, $0.box, "\($0.ring) \($0.body) header") }
            + grid.cells.flatMap { cell -> [Placed] in
                let name = "\(cell.aspect.first) \(cell.aspect.kind) \(cell.aspect.second)"
                return [(cell.glyph, cell.box, name)] + (cell.orb.map { [($0, cell.box, name + " orb")] } ?? [])
            }
    }

    /// Every run of the table with its cell.
    static func placed(_ table: ElementTable) -> [Placed] {
        // Headers set in a font are measured with it (TextExtentTests).
        var placed: [Placed] = (table.columnHeaders + [table.totalsHeader]).compactMap { label in label.run.map { ($0, label.box, label.text) } }
        for row in table.rows {
            if let run = row.header.run { placed.append((run, row.header.box, row.header.text)) }
            placed.append((row.total.run, row.total.box, "\(row.element) total"))
            for cell in row.cells {
                placed.append((cell.signGlyph, cell.box, "\(cell.sign) glyph"))
                placed.append((cell.count.run, cell.box, "\(cell.sign) count"))
                placed += zip(cell.bodies, cell.glyphs).map { ($1, cell.box, "\($0) in \(cell.sign)") }
            }
        }
        placed += table.columnTotals.enumerated().map { ($1.run, $1.box, "column \($0) total") }
        placed.append((table.grandTotal.run, table.grandTotal.box, "grand total"))
        return placed
    }

    /// Every run of the positions table with the box it must stay inside: its row (a heading's, its cell), which
    /// lies inside its block's frame.
    static func placed(_ table: PositionsTable) -> [Placed] {
        var placed: [Placed] = []
        for block in table.blocks {
            // Words set in a font are measured with it (TextExtentTests).
            for label in [block.heading] + (block.houseHeading.map { [$0] } ?? []) {
                placed += label.runs.map { ($0, label.box, "\(block.kind) heading \(label.text)") }
            }
            for row in block.bodies {
                let name = "\(row.ring) \(row.body)"
                placed += [(row.glyph, row.box, name), (row.signGlyph, row.box, name + " sign"), (row.degrees, row.box, name + " degrees"),
                           (row.houseNumber, row.box, name + " house")]
                placed += row.name.runs.map { ($0, row.name.box, name + " name") }
                if let mark = row.retrogradeMark { placed.append((mark, row.box, name + " ℞")) }
            }
            for row in block.cusps {
                let name = "\(row.point)"
                placed += [(row.label, row.box, name), (row.signGlyph, row.box, name + " sign"), (row.degrees, row.box, name + " degrees")]
            }
        }
        return placed
    }

    /// The digits a count is drawn with.
    static func digits(_ value: Int) -> [Glyph] {
        String(value).map { Glyph.digit(Int(String($0))!) }
    }

    /// `2°13′`, `12°05′`, `−1°30′`: the glyphs of an orb as a reader expects them, spelled from its text.
    static func orbGlyphs(_ orb: Double, minutes: Bool = true) -> [Glyph] {
        let text = "\(DegreesMinutes(orb))"
        let kept = minutes ? text : String(text.prefix { $0 != "°" }) + "°"
        return kept.map { character -> Glyph in
            switch character {
            case "°": .degree
            case "′": .minute
            case "−": .minus
            default: .digit(Int(String(character))!)
            }
        }
    }
}
