import Foundation

/// The ten bodies' series, read once from the table that scripts/make-ephemeris-tables.py made (BodyTables.swift).
///
/// Layout, every number a zigzag LEB128 varint: "CWE1"; the number of bodies; the span's start in half days (TT
/// Julian day × 2); then per body, in `TabulatedBody` order, the days per interval, the coefficients per interval
/// of the longitude and latitude, of the distance, the number of intervals, and the coefficients themselves,
/// interval by interval: longitude and latitude in units of 1e-7°, the distance in units of 1e-10 AU.
/// Longitude and latitude are apparent, geocentric, of the mean ecliptic and equinox of date.
enum BodyTables {
    static let angleUnit = 1e-7
    static let distanceUnit = 1e-10

    /// Read on first use (about 10 ms), then shared by every thread.
    static let series: [ChebyshevSeries] = {
        guard let data = Data(base64Encoded: bodyTablesBase64, options: .ignoreUnknownCharacters) else {
            preconditionFailure("BodyTables.swift is not base64: make it again with scripts/make-ephemeris-tables.py")
        }
        return data.withUnsafeBytes { raw in
            var reader = VarintReader(bytes: raw.bindMemory(to: UInt8.self))
            return read(&reader)
        }
    }()

    private static func read(_ reader: inout VarintReader) -> [ChebyshevSeries] {
        guard reader.magic() == Array("CWE1".utf8) else { preconditionFailure("BodyTables.swift: not a CWE1 table") }
        let bodies = reader.next()
        let start = Double(reader.next()) / 2
        precondition(bodies == TabulatedBody.allCases.count, "BodyTables.swift holds \(bodies) bodies")
        return (0..<bodies).map { _ in
            let days = Double(reader.next())
            let angleCount = reader.next(), distanceCount = reader.next()
            let intervals = reader.next()
            let units = [Double](repeating: angleUnit, count: 2 * angleCount) + [Double](repeating: distanceUnit, count: distanceCount)
            var coefficients = [Double]()
            coefficients.reserveCapacity(intervals * units.count)
            for _ in 0..<intervals {
                for unit in units { coefficients.append(Double(reader.next()) * unit) }
            }
            return ChebyshevSeries(start: start, days: days, counts: [angleCount, angleCount, distanceCount],
                                   intervals: intervals, coefficients: coefficients)
        }
    }
}

/// Reads the table's numbers in order.
private struct VarintReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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
