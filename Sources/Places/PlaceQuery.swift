import Support

/// A query as a person types it: a name, then optionally qualifiers after commas (`Paris, TX`,
/// `Springfield, Illinois`, `Gori, GE`, `Paris, Texas, US`), each a country (code or name) or a first-level division (code or
/// name), all of which a place must satisfy.
struct PlaceQuery {
    static let maximumLength = 200

    let text: String
    let key: [UInt8]
    let qualifiers: [String]

    init(_ text: String) throws(PlaceError) {
        self.text = text
        if text.unicodeScalars.count > Self.maximumLength {
            throw PlaceError("a place name is at most \(Self.maximumLength) characters; this one has \(text.count)")
        }
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw PlaceError("a place name cannot hold a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))")
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let name = PlaceName.fold(parts[0])
        if name.isEmpty {
            throw PlaceError(text.allSatisfy(\.isWhitespace) ? "the place name is empty" : "the place name \(quote(text)) has no letter or digit",
                             namesNothing: true)
        }
        key = Array(name.utf8)
        qualifiers = parts.dropFirst().map(PlaceName.fold).filter { !$0.isEmpty }
    }
}

/// What the qualifiers of a query allow: a place passes when, for every qualifier, its country or its division is
/// one that the qualifier names.
struct QualifierFilter {
    private let allowed: [(countries: Set<Int>, divisions: Set<Int>)]

    var isEmpty: Bool { allowed.isEmpty }

    init(_ qualifiers: [String], table: PlaceTable) throws(PlaceError) {
        var allowed: [(countries: Set<Int>, divisions: Set<Int>)] = []
        for qualifier in qualifiers {
            guard let names = Self.index[qualifier] else {
                throw PlaceError("no country or first-level division is called \(quote(qualifier))")
            }
            allowed.append(names)
        }
        self.allowed = allowed
    }

    func passes(_ record: PlaceTable.Record, table: PlaceTable) -> Bool {
        let country = table.divisions[record.division].country
        return allowed.allSatisfy { $0.countries.contains(country) || $0.divisions.contains(record.division) }
    }

    /// Names a person gives a country that are not its English name in the table.
    static let aliases: [String: String] = [
        "usa": "US", "united states of america": "US", "america": "US", "uk": "GB", "great britain": "GB",
        "britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB", "northern ireland": "GB",
        "deutschland": "DE", "holland": "NL", "the netherlands": "NL", "espana": "ES", "italia": "IT",
        "osterreich": "AT", "schweiz": "CH", "suisse": "CH", "russia": "RU", "czechia": "CZ", "turkiye": "TR",
        "south korea": "KR", "north korea": "KP", "ivory coast": "CI", "burma": "MM", "persia": "IR",
    ]

    /// Folded qualifier -> the countries and divisions it names: country codes and names, and the divisions' codes
    /// (letters only, as `TX` or `ENG`; numeric codes mean nothing to a person) and names (`Telangana`, `Texas`).
    static let index: [String: (countries: Set<Int>, divisions: Set<Int>)] = {
        let table = PlaceTable.shared
        var index: [String: (countries: Set<Int>, divisions: Set<Int>)] = [:]
        let countryOfCode = Dictionary(uniqueKeysWithValues: table.countries.enumerated().map { ($1.code, $0) })
        for (number, country) in table.countries.enumerated() {
            index[country.code.lowercased(), default: ([], [])].countries.insert(number)
            index[country.folded, default: ([], [])].countries.insert(number)
        }
        for (alias, code) in aliases { if let number = countryOfCode[code] { index[alias, default: ([], [])].countries.insert(number) } }
        for (number, division) in table.divisions.enumerated() {
            if !division.code.isEmpty, division.code.allSatisfy(\.isLetter) {
                index[division.code.lowercased(), default: ([], [])].divisions.insert(number)
            }
            if !division.folded.isEmpty { index[division.folded, default: ([], [])].divisions.insert(number) }
        }
        return index
    }()
}
