/// The bodies' series, from the tables that scripts/make-ephemeris-tables.py (BodyTables.swift: the Sun to Pluto) and
/// scripts/make-asteroid-tables.py (AsteroidTables.swift: Chiron, Ceres, Pallas, Juno, Vesta) made.
///
/// Layout ("CWE2"): the magic, then zigzag LEB128 varints: the number of bodies; the span's start in half days (TT
/// Julian day × 2); per body, in the table's order, the days per interval, the coefficients per interval of
/// the longitude and latitude, of the distance, and the number of intervals. Then the index: for every body's
/// every interval in that order, and once more for the end of the last, where its coefficients start, as 32-bit
/// little-endian offsets from the table's first byte. Then the coefficients, varints, interval by interval:
/// longitude and latitude in units of 1e-7°, the distance in units of 1e-10 AU. Longitude and latitude are
/// apparent, geocentric, of the mean ecliptic and equinox of date.
///
/// The header is read on first use; an interval's coefficients when an instant in it is first needed. A chart
/// decodes about a dozen intervals (a few KB) where reading the whole table made 15.5 MB of `Double`s.
enum BodyTables {
    static let angleUnit = 1e-7
    static let distanceUnit = 1e-10

    /// The series of the tables compiled in, in `TabulatedBody` order, shared by every thread.
    static let series = read(Base64Lines(bodyTablesBase64), bodies: TabulatedBody.planets.count)
        + read(Base64Lines(asteroidTablesBase64), bodies: TabulatedBody.minorBodies.count)

    /// The series of `table`, which must hold `expected` bodies, each decoding its intervals from it when they are
    /// first needed.
    static func read(_ table: Base64Lines, bodies expected: Int) -> [ChebyshevSeries] {
        // The header is at most a few dozen bytes: 4, then 2 + 4 per body varints of up to 4 bytes.
        var header = VarintReader(table.bytes(0..<min(table.count, 4 + 4 * (2 + 4 * expected))))
        guard header.magic() == Array("CWE2".utf8) else { preconditionFailure("BodyTables.swift: not a CWE2 table") }
        let bodies = header.next()
        let start = Double(header.next()) / 2
        precondition(bodies == expected, "a body table holds \(bodies) bodies, not \(expected)")
        let plans = (0..<bodies).map { _ in
            (days: header.next(), angleCount: header.next(), distanceCount: header.next(), intervals: header.next())
        }
        var entry = header.position
        let series = plans.map { plan in
            let counts = [plan.angleCount, plan.angleCount, plan.distanceCount]
            let firstEntry = entry
            entry += 4 * plan.intervals
            return ChebyshevSeries(start: start, days: Double(plan.days), counts: counts, intervals: plan.intervals) { interval in
                coefficients(in: table, entry: firstEntry + 4 * interval, counts: counts)
            }
        }
        precondition(littleEndian(table.bytes(entry..<entry + 4)[...]) == table.count, "BodyTables.swift: the index does not end at the table's end")
        return series
    }

    /// The coefficients of the interval whose index entry is at byte `entry`: longitude, latitude (degrees) and
    /// distance (AU), `counts` of each.
    private static func coefficients(in table: Base64Lines, entry: Int, counts: [Int]) -> [Double] {
        let offsets = table.bytes(entry..<entry + 8)
        let first = littleEndian(offsets[0..<4]), end = littleEndian(offsets[4..<8])
        var reader = VarintReader(table.bytes(first..<end))
        var coefficients = [Double]()
        coefficients.reserveCapacity(counts.reduce(0, +))
        for (coordinate, count) in counts.enumerated() {
            let unit = coordinate < 2 ? angleUnit : distanceUnit
            for _ in 0..<count { coefficients.append(Double(reader.next()) * unit) }
        }
        precondition(reader.isAtEnd, "BodyTables.swift: an interval's coefficients do not end where its index says")
        return coefficients
    }

    /// The number that `bytes` write least significant byte first.
    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}


/// Reads a table's numbers in order.
struct VarintReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func magic() -> [UInt8] {
        defer { position += 4 }
        return Array(bytes[position..<position + 4])
    }

    mutating func next() -> Int {
        var zigzag: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            precondition(position < bytes.count, "BodyTables.swift ends early")
            let byte = bytes[position]
            position += 1
            zigzag |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
    }
}
