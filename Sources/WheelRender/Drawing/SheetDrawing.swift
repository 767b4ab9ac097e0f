import ChartModel
import Geometry

extension Drawing {
    /// A printable sheet: the page in the background colour, the title, and the wheel, the grid and the table,
    /// each drawn as on its own and moved to its place on the page (their own backgrounds are the page's).
    package init(sheet: SheetLayout, palette: Palette, legend: Bool = false, houseSystem: String? = nil) {
        let parts = [
            (Drawing(wheel: sheet.wheel, palette: palette, legend: legend, houseSystem: houseSystem), sheet.wheelOrigin),
            (Drawing(aspectGrid: sheet.grid, palette: palette), sheet.gridOrigin),
            (Drawing(elementTable: sheet.table, palette: palette), sheet.tableOrigin),
        ].map { drawing, origin in drawing.translated(dx: origin.x, dy: origin.y) }
        let title = sheet.titleLines.map(\.text).joined(separator: " ")
        self.init(width: sheet.width, height: sheet.height, background: palette.imageBackground,
                  title: title.isEmpty ? "Chart sheet" : title,
                  // The grid's aspects are the wheel's, which its description reads already.
                  description: parts[0].description + " " + parts[2].description)
        texts = sheet.titleLines.map { Text(text: $0.text, baseline: $0.baseline, fontSize: $0.fontSize, anchor: .middle, colour: palette.label) }
        for part in parts {
            layers += part.layers
            texts += part.texts
        }
    }
}
