import Geometry

/// A glyph's drawing as absolute path operations in its cell's units, read once from `GlyphPaths` so that
/// glyphs can be placed as plain path data: one path of many glyphs draws far faster than many `<use>` copies
/// of symbols.
struct GlyphOutline: Sendable {
    enum Operation: Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
        case quadratic(Double, Double, Double, Double)
        case arc(rx: Double, ry: Double, large: Bool, sweep: Bool, x: Double, y: Double)
        case close
    }

    let operations: [Operation]

    /// Every glyph's outline.
    static let all: [Glyph: GlyphOutline] = GlyphPaths.table.mapValues { GlyphOutline(pathData: $0) }

    /// Reads the absolute commands the glyph table uses: M L H V C Q A Z.
    init(pathData: String) {
        var operations: [Operation] = []
        var numbers: [Double] = []
        var command: Character = "M"
        var x = 0.0, y = 0.0
        func flush() {
            var n = numbers[...]
            func take(_ count: Int) -> [Double]? {
                guard n.count >= count else { return nil }
                defer { n = n.dropFirst(count) }
                return Array(n.prefix(count))
            }
            switch command {
            case "Z": operations.append(.close)
            default:
                var first = true
                while !n.isEmpty {
                    switch command {
                    case "M", "L":
                        guard let p = take(2) else { return }
                        (x, y) = (p[0], p[1])
                        operations.append(command == "M" && first ? .move(x, y) : .line(x, y))
                    case "H":
                        guard let p = take(1) else { return }
                        x = p[0]
                        operations.append(.line(x, y))
                    case "V":
                        guard let p = take(1) else { return }
                        y = p[0]
                        operations.append(.line(x, y))
                    case "C":
                        guard let p = take(6) else { return }
                        (x, y) = (p[4], p[5])
                        operations.append(.cubic(p[0], p[1], p[2], p[3], x, y))
                    case "Q":
                        guard let p = take(4) else { return }
                        (x, y) = (p[2], p[3])
                        operations.append(.quadratic(p[0], p[1], x, y))
                    case "A":
                        guard let p = take(7) else { return }
                        precondition(p[2] == 0, "glyph arcs have their axes along x and y")
                        (x, y) = (p[5], p[6])
                        operations.append(.arc(rx: p[0], ry: p[1], large: p[3] != 0, sweep: p[4] != 0, x: x, y: y))
                    default:
                        preconditionFailure("glyph path command \(command) is not one the table may use")
                    }
                    first = false
                }
            }
            numbers.removeAll()
        }
        var token = ""
        func endNumber() {
            if let value = Double(token) { numbers.append(value) }
            token = ""
        }
        for character in pathData {
            if character.isLetter {
                endNumber()
                flush()
                command = character
            } else if character == " " || character == "," {
                endNumber()
            } else if character == "-" && !token.isEmpty && token.last != "e" {
                endNumber()
                token.append(character)
            } else {
                token.append(character)
            }
        }
        endNumber()
        flush()
        self.operations = operations
    }

    /// Appends the outline, scaled by `unit` and moved to `origin`.
    func append(to path: inout ShapePath, origin: Point, unit: Double) {
        func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x * unit, y: origin.y + y * unit) }
        for operation in operations {
            switch operation {
            case .move(let x, let y): path.move(point(x, y))
            case .line(let x, let y): path.line(point(x, y))
            case .cubic(let x1, let y1, let x2, let y2, let x, let y): path.cubic(point(x1, y1), point(x2, y2), point(x, y))
            case .quadratic(let x1, let y1, let x, let y): path.quadratic(point(x1, y1), point(x, y))
            case .arc(let rx, let ry, let large, let sweep, let x, let y):
                path.arc(radiusX: rx * unit, radiusY: ry * unit, large: large, sweep: sweep, to: point(x, y))
            case .close: path.close()
            }
        }
    }
}
