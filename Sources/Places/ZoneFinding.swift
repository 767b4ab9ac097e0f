import Foundation

/// The IANA zone whose border holds a point, from the time-zone boundaries (`Gazetteer.zone(latitude:longitude:)`).
public struct ZoneFinding: Sendable, Hashable {
    /// The IANA name of the zone: a land zone (`Asia/Tehran`), or at sea the nautical zone of the longitude
    /// (`Etc/GMT-2` east of Greenwich: IANA's names invert the sign).
    public let zone: String
    /// Whether no land zone holds the point, so that `zone` is the nautical zone of its longitude.
    public let isAtSea: Bool
    /// The other zones, land or sea, whose border lies within `Gazetteer.zoneNeighbourKilometres` of the point,
    /// nearest first: empty far from any border.
    public let neighbours: [NearbyZone]

    /// A finding as the look-up makes it.
    public init(zone: String, isAtSea: Bool, neighbours: [NearbyZone]) {
        self.zone = zone
        self.isAtSea = isAtSea
        self.neighbours = neighbours
    }
}

/// Another zone near a point, and roughly how far its border is.
public struct NearbyZone: Sendable, Hashable {
    /// The IANA name of the other zone.
    public let zone: String
    /// About how far the nearest part of that zone is, in kilometres (to within a few hundred metres).
    public let kilometres: Double

    /// A nearby zone as the look-up makes it.
    public init(zone: String, kilometres: Double) {
        self.zone = zone
        self.kilometres = kilometres
    }
}

extension Gazetteer {
    /// The licence of the zone borders asks for this wherever `zone(latitude:longitude:)` is used.
    public static let zoneAttribution =
        "Time-zone borders: timezone-boundary-builder (https://github.com/evansiroky/timezone-boundary-builder), "
        + "licensed under ODbL 1.0, as the timezonefinder-data 3.2026.3.post1 package ships it."

    /// How far from the point `zone(latitude:longitude:)` looks for other zones' borders.
    public static let zoneNeighbourKilometres = 10.0

    /// The IANA zone whose border holds the point, from the time-zone boundary polygons (simplified to within
    /// 56 m), with the other zones whose border is within `zoneNeighbourKilometres`; at sea, where no land
    /// zone holds the point, the nautical zone of its longitude. Nil only for a latitude outside -90…90, a
    /// longitude outside -180…180, or either not finite. The first call opens the table (a few milliseconds).
    public static func zone(latitude: Double, longitude: Double) -> ZoneFinding? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let map = ZoneMap.shared
        let own = ZoneKey(map: map, latitude: latitude, longitude: longitude)
        return ZoneFinding(zone: own.name(map), isAtSea: own.number == 0,
                           neighbours: neighbours(of: own, latitude: latitude, longitude: longitude, map: map))
    }

    /// Bearings and radii of the probes around a point near a border.
    private static let probeBearings = 12
    private static let probeRadii: [Double] = [1, 3, 6, 10]
    private static let earthKilometres = 6371.0

    /// The other zones met by probes at a few radii and bearings around the point, each at the distance found by
    /// halving between the probes that first met it and the ones before on their bearings; none when no border
    /// crosses the square around the point.
    private static func neighbours(of own: ZoneKey, latitude: Double, longitude: Double, map: ZoneMap) -> [NearbyZone] {
        let reach = zoneNeighbourKilometres / earthKilometres * 180 / .pi
        let cosine = cos(latitude * .pi / 180)
        let across = cosine > 0.05 ? reach / cosine : 360
        if longitude - across > -180 && longitude + across < 180 && abs(latitude) + reach < 90 {
            let step = ZoneMap.step
            let x0 = (longitude - across + 180) / step, x1 = (longitude + across + 180) / step
            let y0 = (latitude - reach + 90) / step, y1 = (latitude + reach + 90) / step
            let seaBandsAlike = own.number != 0
                || ZoneMap.nauticalHours(longitude - across) == ZoneMap.nauticalHours(longitude + across)
            if seaBandsAlike && map.isUniform(own.number, x0: x0, y0: y0, x1: x1, y1: y1) { return [] }
        }
        // Per zone met: the radius that first met it, the one before, and the bearings it was met on there.
        var found: [ZoneKey: (radius: Double, inner: Double, bearings: [Double])] = [:]
        var inner = 0.0
        for radius in probeRadii {
            for index in 0..<probeBearings {
                let bearing = Double(index) * 2 * .pi / Double(probeBearings)
                let (lat, lon) = destination(latitude, longitude, bearing, radius)
                let key = ZoneKey(map: map, latitude: lat, longitude: lon)
                if key == own { continue }
                if found[key] == nil {
                    found[key] = (radius, inner, [bearing])
                } else if found[key]!.radius == radius {
                    found[key]!.bearings.append(bearing)
                }
            }
            inner = radius
        }
        var nearby: [NearbyZone] = []
        for (key, probe) in found {
            var nearest = probe.radius
            for bearing in probe.bearings {
                var (low, high) = (probe.inner, probe.radius)
                for _ in 0..<5 {
                    let middle = (low + high) / 2
                    let (lat, lon) = destination(latitude, longitude, bearing, middle)
                    if ZoneKey(map: map, latitude: lat, longitude: lon) == key { high = middle } else { low = middle }
                }
                nearest = min(nearest, high)
            }
            nearby.append(NearbyZone(zone: key.name(map), kilometres: (nearest * 10).rounded() / 10))
        }
        return nearby.sorted { ($0.kilometres, $0.zone) < ($1.kilometres, $1.zone) }
    }

    /// The point `kilometres` from a point along a bearing (radians from north), on a sphere.
    private static func destination(_ latitude: Double, _ longitude: Double, _ bearing: Double, _ kilometres: Double)
        -> (latitude: Double, longitude: Double) {
        let φ1 = latitude * .pi / 180, λ1 = longitude * .pi / 180, δ = kilometres / earthKilometres
        let φ2 = asin(min(1, max(-1, sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(bearing))))
        let λ2 = λ1 + atan2(sin(bearing) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        var lon = λ2 * 180 / .pi
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return (φ2 * 180 / .pi, lon)
    }
}

/// A zone as the look-up compares them: a land zone's number, or at sea (number 0) the nautical zone's hours.
struct ZoneKey: Hashable {
    let number: Int, hours: Int

    init(map: ZoneMap, latitude: Double, longitude: Double) {
        number = map.zoneNumber(latitude: latitude, longitude: longitude)
        hours = number == 0 ? ZoneMap.nauticalHours(longitude) : 0
    }

    func name(_ map: ZoneMap) -> String { number == 0 ? ZoneMap.nauticalName(hours) : map.names[number - 1] }
}
