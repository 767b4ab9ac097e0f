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
    /// The printable page: title, wheel or bi-wheel, grid and table.
    case sheet

    /// How a sentence names it: "a bi-wheel", "the aspect grid".
    public var phrase: String {
        switch self {
        case .wheel: "a wheel"
        case .biWheel: "a bi-wheel"
        case .grid: "the aspect grid"
        case .table: "the element table"
        case .sheet: "a sheet"
        }
    }
}
