/// The bodies the tables hold, in the tables' order (which is also `ChartCalculator.bodies`' for the first ten).
enum TabulatedBody: Int, CaseIterable, Sendable {
    case sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto
}
