import ChartModel
import Geometry

extension Drawing {
    /// A printable sheet: the page in the background colour, the header, and the wheel, the grid, the positions
    /// table and the element table, each drawn as on its own and moved to its place on the page (their own
    /// backgrounds are the page's). The header names the house system, so the wheel's corner does not.
    /// `zodiac`: the chart's (`NatalChart.zodiac`), which the wheel's description says (the header shows it).
    package init(sheet: SheetLayout, palette: Palette, legend: Bool = false, zodiac: String? = nil) {
        let parts = [
            (Drawing(wheel: sheet.wheel, palette: palette, legend: legend, houseSystem: nil, zodiac: zodiac, zodiacInCorner: false), sheet.wheelOrigin),
            (Drawing(aspectGrid: sheet.grid, palette: palette), sheet.gridOrigin),
            (Drawing(elementTable: sheet.table, palette: palette), sheet.tableOrigin),
            (Drawing(positionsTable: sheet.positions, palette: palette), sheet.positionsOrigin),
        ].map { drawing, origin in drawing.translated(dx: origin.x, dy: origin.y) }
        let header = sheet.headerLines.map(\.text).joined(separator: sheet.language.terms.clauseSeparator)
        self.init(width: sheet.width, height: sheet.height, background: palette.imageBackground,
                  title: header.isEmpty ? sheet.language.terms.sheetTitle : header,
                  // The grid's aspects and the positions table's bodies are the wheel's, which its description
                  // reads already; the house cusps are the table's alone.
                  description: sheet.language.terms.sentences([parts[0].description, parts[2].description,
                                                               ChartDescription.houses(sheet.positions)]))
        texts = sheet.headerLines.map { Text(text: $0.text, baseline: $0.baseline, fontSize: $0.fontSize, anchor: .middle, colour: palette.label) }
        for part in parts {
            layers += part.layers
            texts += part.texts
        }
    }
}
