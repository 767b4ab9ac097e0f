import ChartModel

/// The bodies the tables hold, in the tables' order: the planets' table (BodyTables.swift, the Sun to Pluto), then
/// the asteroids' (AsteroidTables.swift, Chiron to Vesta).
enum TabulatedBody: Int, CaseIterable, Sendable {
    case sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto
    case chiron, ceres, pallas, juno, vesta

    /// The Sun to Pluto, from DE421 (1900–2050) and DE405: the planets' table.
    static let planets: [TabulatedBody] = [.sun, .moon, .mercury, .venus, .mars, .jupiter, .saturn, .uranus, .neptune, .pluto]
    /// Chiron and the four great asteroids: the asteroids' table.
    static let minorBodies: [TabulatedBody] = [.chiron, .ceres, .pallas, .juno, .vesta]
    /// Ceres, Pallas, Juno and Vesta: in a chart when `ChartSettings.asteroids` says so.
    static let asteroids: [TabulatedBody] = [.ceres, .pallas, .juno, .vesta]

    /// The chart's name for the body.
    var id: BodyID {
        switch self {
        case .sun: .sun
        case .moon: .moon
        case .mercury: .mercury
        case .venus: .venus
        case .mars: .mars
        case .jupiter: .jupiter
        case .saturn: .saturn
        case .uranus: .uranus
        case .neptune: .neptune
        case .pluto: .pluto
        case .chiron: .chiron
        case .ceres: .ceres
        case .pallas: .pallas
        case .juno: .juno
        case .vesta: .vesta
        }
    }
}
