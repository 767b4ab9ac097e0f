/// The kinds of image the toolkit draws, which say where an option applies.
public enum FigureKind: String, Sendable, CaseIterable, Hashable {
    /// One chart's wheel.
    case wheel
    /// Two charts' wheel: the inner chart with its houses, the outer chart's bodies on a ring of their own.
    case biWheel = "bi-wheel"
    /// The aspect grid: one chart's triangle or two charts' square.
    case grid
    /// The element table: elements by modalities.
    case table
    /// The positions table: every body's sign, degree and house, and the house cusps; two charts side by side.
    case positions
    /// The printable page: title, wheel or bi-wheel, grid, element table and positions table.
    case sheet

    /// How a sentence names it: "a bi-wheel", "the aspect grid".
    public var phrase: String {
        switch self {
        case .wheel: "a wheel"
        case .biWheel: "a bi-wheel"
        case .grid: "the aspect grid"
        case .table: "the element table"
        case .positions: "the positions table"
        case .sheet: "a sheet"
        }
    }
}

extension RenderOption {
    /// Why this option does not apply to `figure`, pointing to the figure it does apply to; nil when it applies.
    /// `flags`: the command line's words for the inputs (`--outer`), else a request body's (`outer`).
    public func problem(drawing figure: FigureKind, flags: Bool = true) -> String? {
        guard !applies(to: figure) else { return nil }
        if figure == .wheel && applies(to: .biWheel) { return flags ? "applies to a bi-wheel: give --outer or --transits" : "applies to a bi-wheel: give outer or transits" }
        if figure == .sheet && self == RenderOption.chartSize { return flags ? "does not apply to a sheet: its width is --page-width" : "does not apply to a sheet: its width is page_width" }
        return "does not apply to \(figure.phrase)"
    }
}
