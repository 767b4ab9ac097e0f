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
    /// About how far the nearest part of that zone is, in kilometres: found by probes at 12 bearings and halving
    /// along the one most nearly across the border, so never much nearer than the border but up to about a fifth
    /// further where the border bends or runs aslant to them.
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
        // Per zone met: the radius that first met it, the one before, and the bearings (bits) it was met on there.
        var found: [(key: ZoneKey, radius: Double, inner: Double, bearings: UInt16)] = []
        var inner = 0.0
        for radius in probeRadii {
            for (index, direction) in probeDirections.enumerated() {
                let key = probe(latitude, longitude, cosine, north: direction.north * radius, east: direction.east * radius, map)
                if key == own { continue }
                if let known = found.firstIndex(where: { $0.key == key }) {
                    if found[known].radius == radius { found[known].bearings |= 1 << UInt16(index) }
                } else {
                    found.append((key, radius, inner, 1 << UInt16(index)))
                }
            }
            inner = radius
        }
        var nearby: [NearbyZone] = []
        for met in found {
            // Halved along the middle one of the bearings that met it first: the one most nearly across its border.
            let bearing = middleBearing(met.bearings)
            let north = cos(bearing), east = sin(bearing)
            var (low, high) = (met.inner, met.radius)
            for _ in 0..<5 {
                let middle = (low + high) / 2
                if probe(latitude, longitude, cosine, north: north * middle, east: east * middle, map) == met.key { high = middle } else { low = middle }
            }
            nearby.append(NearbyZone(zone: met.key.name(map), kilometres: (high * 10).rounded() / 10))
        }
        return nearby.sorted { ($0.kilometres, $0.zone) < ($1.kilometres, $1.zone) }
    }

    /// The middle of the probe bearings (bit k: bearing k) that met a zone at one radius, in radians: the
    /// direction most nearly across its border. Their run starts after the widest gap between them (across north
    /// too).
    private static func middleBearing(_ bearings: UInt16) -> Double {
        let count = bearings.nonzeroBitCount, n = probeBearings
        var start = 0, widest = 0, previous = n - 1
        while bearings & (1 << UInt16(previous)) == 0 { previous -= 1 }
        for index in 0..<n where bearings & (1 << UInt16(index)) != 0 {
            let gap = (index - previous + n - 1) % n + 1
            if gap > widest { (widest, start) = (gap, index) }
            previous = index
        }
        // The (count - 1) / 2-th and count / 2-th bearings of the run from `start`, and halfway between them.
        var seen = 0, first = start, second = start, index = start
        while seen <= count / 2 {
            if bearings & (1 << UInt16(index % n)) != 0 {
                if seen == (count - 1) / 2 { first = index }
                if seen == count / 2 { second = index }
                seen += 1
            }
            index += 1
        }
        return Double(first + second) / 2 * 2 * .pi / Double(n)
    }

    /// North and east parts of a kilometre along each probe bearing, clockwise from north.
    private static let probeDirections: [(north: Double, east: Double)] = (0..<probeBearings).map {
        let bearing = Double($0) * 2 * .pi / Double(probeBearings)
        return (cos(bearing), sin(bearing))
    }

    /// The zone `north` and `east` kilometres from a point (`cosine`: its latitude's): on the plane tangent to the
    /// sphere there (within 0.1% at 10 km), or on the sphere within 10° of a pole.
    private static func probe(_ latitude: Double, _ longitude: Double, _ cosine: Double, north: Double, east: Double,
                              _ map: ZoneMap) -> ZoneKey {
        let degrees = 180 / (.pi * earthKilometres)
        var lat: Double, lon: Double
        if abs(latitude) < 80 {
            lat = latitude + north * degrees
            lon = longitude + east * degrees / cosine
        } else {
            let φ1 = latitude * .pi / 180, δ = (north * north + east * east).squareRoot() / earthKilometres
            let bearing = atan2(east, north)
            let φ2 = asin(min(1, max(-1, sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(bearing))))
            lat = φ2 * 180 / .pi
            lon = longitude + atan2(sin(bearing) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2)) * 180 / .pi
        }
        lat = min(90, max(-90, lat))
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return ZoneKey(map: map, latitude: lat, longitude: lon)
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
