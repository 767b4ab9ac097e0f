import Foundation

/// The places by 1° cell of latitude and longitude, built on the first look-up by coordinates (decoding every
/// place's coordinates: some milliseconds), for the nearest place to a point.
struct PlaceGrid: Sendable {
    static let shared = PlaceGrid(table: .shared)
    static let earthRadius = 6371.0088  // kilometres, the mean radius

    private let latitudes: [Double], longitudes: [Double]
    /// Lines of the places in cell `c` are `lines[cellStarts[c]..<cellStarts[c + 1]]`.
    private let cellStarts: [Int32], lines: [Int32]

    init(table: PlaceTable) {
        var latitudes = [Double](), longitudes = [Double](), cells = [Int]()
        latitudes.reserveCapacity(table.count); longitudes.reserveCapacity(table.count); cells.reserveCapacity(table.count)
        var counts = [Int32](repeating: 0, count: 180 * 360 + 1)
        for line in 0..<table.count {
            let (latitude, longitude) = table.coordinates(line)
            latitudes.append(latitude)
            longitudes.append(longitude)
            let cell = Self.cell(Self.row(latitude), Self.column(longitude))
            cells.append(cell)
            counts[cell + 1] += 1
        }
        for cell in 1..<counts.count { counts[cell] += counts[cell - 1] }
        var next = counts, lines = [Int32](repeating: 0, count: table.count)
        for (line, cell) in cells.enumerated() {
            lines[Int(next[cell])] = Int32(line)
            next[cell] += 1
        }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.cellStarts = counts
        self.lines = lines
    }

    private static func row(_ latitude: Double) -> Int { min(179, max(0, Int((latitude + 90).rounded(.down)))) }
    private static func column(_ longitude: Double) -> Int { ((Int((longitude + 180).rounded(.down)) % 360) + 360) % 360 }
    private static func cell(_ row: Int, _ column: Int) -> Int { row * 360 + column }

    /// The nearest place's line and its distance in kilometres, if one lies within `kilometres`.
    func nearest(latitude: Double, longitude: Double, within kilometres: Double) -> (Int, Double)? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              kilometres.isFinite, kilometres >= 0 else { return nil }
        // Rows: a degree of latitude is at least 110.5 km. Columns: a degree of longitude shrinks with the cosine of
        // the latitude farthest from the equator that the search reaches.
        let degrees = kilometres / 110.5
        let rows = Self.row(latitude - degrees)...Self.row(latitude + degrees)
        let farthest = min(90, abs(latitude) + degrees + 1)
        let cosine = cos(farthest * .pi / 180)
        let span = cosine < 1e-6 ? 180 : Int((degrees / cosine).rounded(.up)) + 1
        let columns = span >= 180 ? Array(0..<360)
            : (-span...span).map { (Self.column(longitude) + $0 + 360) % 360 }
        var best: (Int, Double)?
        // A place more than this many degrees of latitude, or of longitude scaled by the cosine, away is farther than
        // the limit: most are set aside on that, without the trigonometry (the margin covers the flat estimate's error).
        let reach = degrees * 1.02 + 1e-9
        let scale = cos(min(89.9, abs(latitude) + degrees) * .pi / 180)
        for row in rows {
            for column in Set(columns).sorted() {
                let cell = Self.cell(row, column)
                for index in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                    let line = Int(lines[index])
                    if abs(latitudes[line] - latitude) > reach { continue }
                    var dLon = abs(longitudes[line] - longitude)
                    if dLon > 180 { dLon = 360 - dLon }
                    if dLon * scale > reach { continue }
                    let distance = Self.distance(latitude, longitude, latitudes[line], longitudes[line])
                    if distance <= kilometres, best.map({ distance < $0.1 || (distance == $0.1 && line < $0.0) }) ?? true {
                        best = (line, distance)
                    }
                }
            }
        }
        return best
    }

    /// Great-circle distance in kilometres (haversine).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }
}
