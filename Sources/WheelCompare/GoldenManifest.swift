import ChartModel
import Foundation
import WheelRender

/// The list of golden cases: which input and which options made each golden image.
public struct GoldenManifest: Sendable {
    /// One golden: its name, what it draws and from which input and options.
    public struct Case: Sendable, CustomStringConvertible {
        /// What a case draws: the wheel, the aspect grid, the element table, the positions table or a printable sheet of them.
        public enum FigureKind: String, Sendable, CaseIterable {
            case wheel, grid, table, positions, sheet
        }

        /// The golden's name: its files are `NAME.svg` and `NAME.png`.
        public var name: String
        /// The chart file, relative to the manifest's root folder.
        public var input: String
        /// What it draws (`wheel` when the manifest says nothing).
        public var figure: FigureKind
        /// A second chart file, relative to the root folder, read as a partner's chart (synastry): the outer chart
        /// of a bi-wheel, of a two-chart grid or positions table.
        public var outer: String?
        /// The outer chart is the sky at this moment (ISO 8601 in UTC, `2026-11-22T12:00:00Z`): transits.
        public var transits: Date?
        /// A sheet's page width (`SheetLayout.defaultWidth` when not given).
        public var pageWidth: Int?
        /// The options it is drawn with, read from the options-file names.
        public var options: RenderOptions
        /// The case's name.
        public var description: String { name }

        /// The figure this case draws, of `inner` and the outer chart read from `outer` or computed for `transits`.
        public func figure(of inner: NatalChart, outer: OuterChart?) -> Figure {
            switch figure {
            case .wheel: .wheel(inner, outer: outer)
            case .grid: .aspectGrid(inner, outer: outer)
            case .table: .elementTable(inner)
            case .positions: .positionsTable(inner, outer: outer)
            case .sheet: pageWidth.map { .sheet(inner, outer: outer, width: $0) } ?? .sheet(inner, outer: outer)
            }
        }
    }

    /// The cases, in the manifest's order.
    public var cases: [Case]

    /// Reads `manifest.json`: `{"cases": [{"name", "input", "figure"?, "outer"? or "transits"?, "page_width"?,
    /// "options"?: {…option-file names…}}]}`; `figure` is `wheel` (the default), `grid`, `table`, `positions` or `sheet`.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        cases = try JSONDocument.parse(data) { root throws(ChartError) -> [Case] in
            guard root.isObject, let list = try root.object().member(named: "cases"), list.isArray else {
                throw ChartError("cases", "expected a list of golden cases in \(url.path)")
            }
            var cases: [Case] = []
            for (index, element) in try list.array().enumerated() {
                cases.append(try Self.readCase(element, index: index))
            }
            return cases
        }
    }

    private static func readCase(_ element: JSONNode, index: Int) throws(ChartError) -> Case {
        guard element.isObject else { throw ChartError("cases[\(index)]", "needs \"name\" and \"input\"") }
        let entry = try element.object()
        guard let name = entry.optional("name")?.text, let input = entry.optional("input")?.text else {
            throw ChartError("cases[\(index)]", "needs \"name\" and \"input\"")
        }
        var figure = Case.FigureKind.wheel
        if let given = entry.member(named: "figure") {
            guard let text = given.text, let named = Case.FigureKind(rawValue: text) else {
                throw ChartError("cases[\(index)].figure", "\(given.quoted) is not one of \(Case.FigureKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            figure = named
        }
        var outer: String?
        if let given = entry.member(named: "outer") {
            guard let path = given.text else { throw ChartError("cases[\(index)].outer", "expected a chart file's path") }
            guard figure != .table else { throw ChartError("cases[\(index)].outer", "the element table shows one chart") }
            outer = path
        }
        var transits: Date?
        if let given = entry.member(named: "transits") {
            guard let text = given.text, let moment = ISO8601DateFormatter().date(from: text) else {
                throw ChartError("cases[\(index)].transits", "expected a moment in UTC, as 2026-11-22T12:00:00Z")
            }
            guard outer == nil && figure != .table else { throw ChartError("cases[\(index)].transits", "one second chart, and not for the table") }
            transits = moment
        }
        var pageWidth: Int?
        if let given = entry.member(named: "page_width") {
            guard let width = given.integer, figure == .sheet else { throw ChartError("cases[\(index)].page_width", "a whole number, for a sheet") }
            pageWidth = width
        }
        var options = RenderOptions()
        if let object = entry.member(named: "options") {
            try options.apply(json: object.source)
        }
        return Case(name: name, input: input, figure: figure, outer: outer, transits: transits, pageWidth: pageWidth, options: options)
    }
}
