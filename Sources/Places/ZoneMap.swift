import Foundation

/// The land zones' borders (ZoneBorders.swift, made by scripts/make-zone-tables.py), opened on first use (the
/// nodes and borders decoded from base64: about 8 ms, 3 MB): a quadtree over the globe whose leaves are the sea,
/// one zone, or a default zone and the rings, clipped to the leaf's cell, of the other zones in it.
struct ZoneMap: @unchecked Sendable {  // Immutable after `init`.
    static let shared = ZoneMap()

    static let xSteps = 1 << 22, ySteps = 1 << 21
    /// Degrees a grid step, both ways (9.5 m of latitude).
    static let step = 360.0 / Double(1 << 22)

    /// Zone k + 1's name is `names[k]`; zone 0 is the sea.
    let names: [String]
    private let nodes: [UInt32]
    private let borders: [UInt8]

    private init() {
        names = String(decoding: UnsafeBufferPointer(start: zoneBorderNames.utf8Start, count: zoneBorderNames.utf8CodeUnitCount),
                       as: UTF8.self).split(separator: "\n").map(String.init)
        func decoded(_ text: StaticString) -> [UInt8] {
            let base64 = String(decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), as: UTF8.self)
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                preconditionFailure("ZoneBorders.swift is not base64: make it again with scripts/make-zone-tables.py")
            }
            return [UInt8](data)
        }
        let nodeBytes = decoded(zoneBorderNodes)
        nodes = nodeBytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
        borders = decoded(zoneBorderRings)
        precondition(nodeBytes.count % 4 == 0 && !nodes.isEmpty && !borders.isEmpty,
                     "ZoneBorders.swift is out of step: make it again with scripts/make-zone-tables.py")
    }

    /// The zone number (0: the sea) at a point on the globe.
    func zoneNumber(latitude: Double, longitude: Double) -> Int {
        // Grid steps from (-180, -90); the east edge (180) and the north pole belong to the last cells.
        let x = min(max((longitude + 180) / Self.step, 0), Double(Self.xSteps) - 1e-6)
        let y = min(max((latitude + 90) / Self.step, 0), Double(Self.ySteps) - 1e-6)
        var x0 = 0, y0 = 0, x1 = Self.xSteps, y1 = Self.ySteps
        return nodes.withUnsafeBufferPointer { nodes in
            var node = nodes[0]
            while node >> 30 == 1 {
                let xm = (x0 + x1) / 2, ym = (y0 + y1) / 2
                let east = x >= Double(xm), north = y >= Double(ym)
                if east { x0 = xm } else { x1 = xm }
                if north { y0 = ym } else { y1 = ym }
                node = nodes[Int(node & 0x3FFF_FFFF) + (north ? 2 : 0) + (east ? 1 : 0)]
            }
            if node >> 30 == 0 { return Int(node) }
            return borderLeaf(at: Int(node & 0x3FFF_FFFF), x: x - Double(x0), y: y - Double(y0))
        }
    }

    /// The zone of a point `x`, `y` steps from a border leaf's south-west corner: the first of its zones whose
    /// rings hold the point (even-odd), else its default zone.
    private func borderLeaf(at offset: Int, x px: Double, y py: Double) -> Int {
        borders.withUnsafeBufferPointer { bytes in
            var position = offset
            @inline(__always) func number() -> Int {
                var value = 0, shift = 0
                while true {
                    let byte = bytes[position]
                    position += 1
                    value |= Int(byte & 0x7F) << shift
                    if byte < 0x80 { return value }
                    shift += 7
                }
            }
            @inline(__always) func signed() -> Int {
                let value = number()
                return (value >> 1) ^ -(value & 1)
            }
            let fallback = number(), zones = number()
            for _ in 0..<zones {
                let zone = number(), rings = number()
                var inside = false
                for _ in 0..<rings {
                    let count = number()
                    var x = number(), y = number()
                    let firstX = x, firstY = y
                    for index in 0..<count {
                        let (nextX, nextY) = index + 1 < count ? (x + signed(), y + signed()) : (firstX, firstY)
                        let xi = Double(x), yi = Double(y), xj = Double(nextX), yj = Double(nextY)
                        if (yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi { inside.toggle() }
                        x = nextX
                        y = nextY
                    }
                }
                if inside { return zone }
            }
            return fallback
        }
    }

    /// Whether every leaf that meets the box (grid steps) is the sea or zone `zone`: no border crosses it.
    func isUniform(_ zone: Int, x0 qx0: Double, y0 qy0: Double, x1 qx1: Double, y1 qy1: Double) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            func walk(_ node: UInt32, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Bool {
                if Double(x1) <= qx0 || Double(x0) > qx1 || Double(y1) <= qy0 || Double(y0) > qy1 { return true }
                switch node >> 30 {
                case 0: return Int(node) == zone
                case 1:
                    let xm = (x0 + x1) / 2, ym = (y0 + y1) / 2, first = Int(node & 0x3FFF_FFFF)
                    return walk(nodes[first], x0, y0, xm, ym) && walk(nodes[first + 1], xm, y0, x1, ym)
                        && walk(nodes[first + 2], x0, ym, xm, y1) && walk(nodes[first + 3], xm, ym, x1, y1)
                default: return false
                }
            }
            return walk(nodes[0], 0, 0, Self.xSteps, Self.ySteps)
        }
    }

    /// The nautical zone of a longitude at sea: 15° bands centred on multiples of 15°, east of Greenwich
    /// `Etc/GMT-N` (IANA's names invert the sign); 172.5…180 is `Etc/GMT-12`, -180…-172.5 `Etc/GMT+12`.
    static func nauticalHours(_ longitude: Double) -> Int {
        max(-12, min(12, Int(((longitude + 7.5) / 15).rounded(.down))))
    }

    static func nauticalName(_ hours: Int) -> String {
        hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }
}
