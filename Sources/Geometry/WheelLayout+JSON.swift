import ChartModel
import Foundation

extension WheelLayout {
    /// The layout as JSON for apps that draw their own wheel and for tests that prove the placement:
    /// `size`, `center`, `ascendant`, `midheaven`, `bodies` (name, longitude, retrograde, trueAngle, glyphAngle,
    /// house, boxes, ring: a bi-wheel's `inner` or `outer`), `labels` (kind, boxes), `cusps` (house, longitude, angle), `angles` (kind, longitude, angle),
    /// `rings` (the radii), `placement` (what the placement gave up, if anything), `aspects`, the chart's
    /// `houseSystem` (and `houseSystemRequested`, the one it replaced), and the `place` the birth
    /// took from the gazetteer (`NatalChart.place`), when it did. Keys are sorted so
    /// output is stable.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(Export(self))
    }

    private struct Export: Encodable {
        struct Body: Encodable {
            var name: String
            var longitude: Double
            var retrograde: Bool
            var house: Int
            var trueAngle: Double
            var glyphAngle: Double
            var boxes: [Box]
            var ring: Ring
        }
        struct Label: Encodable {
            var kind: String
            var text: String
            var boxes: [Box]
        }
        struct Cusp: Encodable {
            var house: Int
            var longitude: Double
            var angle: Double
        }
        struct Angle: Encodable {
            var kind: String
            var longitude: Double
            var angle: Double
        }
        struct Placement: Encodable {
            var glyphScale: Double
            var shortenedColumns: [String]
            var crossedCusps: [Int]
            var anglesHeld: Bool
            var overlapFree: Bool
        }
        struct Aspect: Encodable {
            var first: String
            var second: String
            var type: String
            var orb: Double?
            var firstRing: Ring
            var secondRing: Ring
        }
        var size: Double
        var center: Point
        var ascendant: Double
        var midheaven: Double
        var bodies: [Body]
        var labels: [Label]
        var cusps: [Cusp]
        var angles: [Angle]
        var rings: Rings
        var placement: Placement
        var aspects: [Aspect]
        var place: ChartPlace?
        var houseSystem: String?
        var houseSystemRequested: String?

        init(_ layout: WheelLayout) {
            place = layout.place
            houseSystem = layout.houseSystem
            houseSystemRequested = layout.houseSystemRequested
            size = layout.size
            center = layout.center
            ascendant = layout.ascendant
            midheaven = layout.midheaven
            bodies = layout.bodies.map {
                Body(name: $0.id.displayName, longitude: $0.longitude, retrograde: $0.retrograde, house: $0.house,
                     trueAngle: $0.trueAngle, glyphAngle: $0.glyphAngle, boxes: $0.column.boxes, ring: $0.ring)
            }
            labels = layout.angles.map {
                Label(kind: $0.kind.rawValue, text: "\($0.kind.rawValue) \(DegreesMinutes(withinSign: $0.longitude)) \(ZodiacSign(longitude: $0.longitude).name)", boxes: $0.column.boxes)
            } + layout.houseNumbers.map { Label(kind: "house", text: String($0.house), boxes: [$0.run.box]) }
                + layout.cuspLabels.map {
                    Label(kind: "cusp", text: "\($0.house) \(DegreesMinutes(withinSign: $0.longitude).degrees)° \(ZodiacSign(longitude: $0.longitude).name)", boxes: [$0.box])
                }
            cusps = layout.cusps.map { Cusp(house: $0.house, longitude: $0.longitude, angle: $0.angle) }
            angles = layout.angles.map { Angle(kind: $0.kind.rawValue, longitude: $0.longitude, angle: $0.angle) }
            rings = layout.rings
            let report = layout.placement
            placement = Placement(glyphScale: report.glyphScale, shortenedColumns: report.shortenedColumns.map(\.displayName),
                                  crossedCusps: report.crossedCusps, anglesHeld: report.anglesHeld,
                                  overlapFree: report.isOverlapFree)
            aspects = layout.aspects.map {
                Aspect(first: $0.first.displayName, second: $0.second.displayName, type: $0.kind.displayName, orb: $0.orb,
                       firstRing: $0.firstRing, secondRing: $0.secondRing)
            }
        }
    }
}
