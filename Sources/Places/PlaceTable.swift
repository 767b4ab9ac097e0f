/// The gazetteer's tables (scripts/make-place-tables.py), opened on first use: the two name lists are indexed by
/// their line starts (a few milliseconds); the records stay base64 and a place is decoded where it stands.
struct PlaceTable: @unchecked Sendable {  // Immutable after `init`; the records are a string literal's bytes.
    static let shared = PlaceTable()

    /// One line per place, in the order of `records`.
    let names: KeyList
    /// Alternate names, each with its place's line.
    let alternates: KeyList
    let zones: [String]
    let countries: [Country]
    let divisions: [Division]
    private let records: UnsafePointer<UInt8>

    struct Country {
        let code: String, name: String, folded: String
    }

    struct Division {
        let country: Int, code: String, name: String, folded: String
    }

    private init() {
        names = KeyList(placeKeysText, restarts: placeKeysRestarts, trailer: 0)
        alternates = KeyList(alternateKeysText, restarts: alternateKeysRestarts, trailer: 3)
        records = placeRecordsBase64.utf8Start
        zones = Self.lines(placeZonesText).map { $0[0] }
        countries = Self.lines(placeCountriesText).map { Country(code: $0[0], name: $0[1], folded: $0[2]) }
        let countryIndex = Dictionary(uniqueKeysWithValues: countries.enumerated().map { ($1.code, $0) })
        divisions = Self.lines(placeDivisionsText).map {
            Division(country: countryIndex[$0[0]]!, code: $0[1], name: $0[2], folded: $0[3])
        }
        let characters = placeRecordsBase64.utf8CodeUnitCount - placeRecordsBase64.utf8CodeUnitCount / 81
        precondition(characters * 3 / 4 / Self.recordSize == names.count,
                     "The places' tables are out of step: make them again with scripts/make-place-tables.py")
    }

    var count: Int { names.count }

    private static func lines(_ text: StaticString) -> [[String]] {
        let string = String(decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), as: UTF8.self)
        return string.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    // MARK: Records

    static let recordSize = 15
    private static let decoding: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// The 120 bits of place `index`'s record: 20 base64 characters, 4 records (80 characters) a line.
    @inline(__always)
    private func bits(_ index: Int) -> (low: UInt64, high: UInt64) {
        let start = records + (index / 4) * 81 + (index % 4) * 20
        return Self.decoding.withUnsafeBufferPointer { table in
            // 20 characters, 6 bits each, first character highest: bytes come out in order, 3 per 4 characters.
            @inline(__always) func group(_ offset: Int) -> UInt64 {
                UInt64(table[Int(start[offset])]) << 18 | UInt64(table[Int(start[offset + 1])]) << 12
                    | UInt64(table[Int(start[offset + 2])]) << 6 | UInt64(table[Int(start[offset + 3])])
            }
            // Each group is 3 bytes b0 b1 b2 as b0 << 16 | b1 << 8 | b2; the record is little-endian.
            @inline(__always) func swapped(_ value: UInt64) -> UInt64 {
                (value >> 16) & 0xFF | (value & 0xFF00) | (value & 0xFF) << 16
            }
            let g0 = swapped(group(0)), g1 = swapped(group(4)), g2 = swapped(group(8)), g3 = swapped(group(12)), g4 = swapped(group(16))
            let low = g0 | g1 << 24 | g2 << 48
            let high = g2 >> 16 | g3 << 8 | g4 << 32
            return (low, high)
        }
    }

    struct Record {
        let latitude: Double, longitude: Double, id: Int, zone: Int, division: Int, population: Int
    }

    func record(_ index: Int) -> Record {
        let (low, high) = bits(index)
        func field(_ start: Int, _ width: Int) -> Int {
            let mask: UInt64 = (1 << UInt64(width)) - 1
            if start >= 64 { return Int((high >> UInt64(start - 64)) & mask) }
            if start + width <= 64 { return Int((low >> UInt64(start)) & mask) }
            return Int(((low >> UInt64(start)) | (high << UInt64(64 - start))) & mask)
        }
        return Record(latitude: Double(field(0, 21) - 900_000) / 10_000, longitude: Double(field(21, 22) - 1_800_000) / 10_000,
                      id: field(43, 24), zone: field(67, 9), division: field(76, 12), population: field(88, 25))
    }

    /// Only the coordinates (the record's first 6 bytes, 8 characters), for the grid.
    func coordinates(_ index: Int) -> (latitude: Double, longitude: Double) {
        let start = records + (index / 4) * 81 + (index % 4) * 20
        let bits = Self.decoding.withUnsafeBufferPointer { table in
            (0..<8).reduce(UInt64(0)) { $0 << 6 | UInt64(table[Int(start[$1])]) }
        }
        // 48 bits, bytes b0…b5 first to last: the record's bytes are little-endian.
        var value: UInt64 = 0
        for byte in 0..<6 { value |= ((bits >> UInt64(40 - 8 * byte)) & 0xFF) << UInt64(8 * byte) }
        return (Double(Int(value & 0x1F_FFFF) - 900_000) / 10_000, Double(Int((value >> 21) & 0x3F_FFFF) - 1_800_000) / 10_000)
    }

    /// The place of line `index`, as a person is shown it.
    func place(_ index: Int) -> Place {
        let record = record(index)
        let division = divisions[record.division]
        let country = countries[division.country]
        let own = names.payload(index)
        let name = own.isEmpty ? PlaceName.title(names.key(index)) : String(decoding: own, as: UTF8.self)
        return Place(id: record.id, name: name, countryCode: country.code, country: country.name,
                     admin1Code: division.code, admin1: division.name.isEmpty ? nil : division.name,
                     latitude: record.latitude, longitude: record.longitude, zone: zones[record.zone],
                     population: record.population)
    }

    /// The place line of an alternate name, from what follows it.
    func alternatePlace(_ payload: UnsafeBufferPointer<UInt8>) -> Int {
        return Self.decoding.withUnsafeBufferPointer { table in
            payload.reduce(0) { $0 << 6 | Int(table[Int($1)]) }
        }
    }
}
