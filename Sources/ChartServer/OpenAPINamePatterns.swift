import Ephemeris

/// The patterns of the names the server reads leniently: a house system (`HouseSystem(name:)`, and the services'
/// names `BirthRequest` also reads) and a zone (`BirthZone`), written from the readers' own rules so that the
/// document states exactly what is taken. `OpenAPITests` holds each pattern to its reader, value by value.
enum OpenAPINamePatterns {
    /// `word` in any case, as the readers compare it: lower-cased, then equal as Swift's strings are, where the
    /// Kelvin sign is a K (left out with `kelvin` false).
    static func caseless(_ word: String, kelvin: Bool = true) -> String {
        word.map { character in
            let lower = character.lowercased(), upper = character.uppercased()
            guard lower != upper else { return String(character) }
            return "[" + lower + upper + (lower == "k" && kelvin ? #"\u212A"# : "") + "]"
        }.joined()
    }

    /// A house system as `HouseSystem(name:)` reads it: its name in any case with `-`, `_` (and `spaces`, where a
    /// value can carry them) anywhere between and around the letters, or its one-letter code; `padding` around.
    /// `kelvin` false leaves the Kelvin sign out, as a query's pattern must: schemathesis 4.32 draws no value from a
    /// query's pattern with it (nor with Unicode's spaces among the padding), and then sends a wrong one as valid.
    static func houseSystem(padding: String, spaces: Bool, kelvin: Bool = true) -> String {
        let separator = spaces ? "[-_ ]*" : "[-_]*"
        let names = HouseSystem.allCases.map { system in
            separator + system.rawValue.filter { $0 != "-" }.map { caseless(String($0), kelvin: kelvin) }.joined(separator: separator) + separator
        }
        let letters = HouseSystem.allCases.map { caseless(String($0.letter), kelvin: kelvin) }
        return "\(padding)*(" + (names + letters).joined(separator: "|") + ")\(padding)*"
    }

    /// A house system as the services name it too (`BirthRequest`'s reading of AstrologyAPI's `house_type` and of a
    /// birth's `house_system`): `Whole Signs`, `whole_signs`, `poryphry`, and any name followed by ` house`,
    /// ` houses`, `_house` or `_houses` (each at most once, in that order), in any case.
    static var serviceHouseSystem: String {
        let base = [houseSystem(padding: OpenAPIDocument.padding, spaces: true), caseless("poryphry"), caseless("whole") + "[ _]" + caseless("signs")]
        let suffixes = [" house", " houses", "_house", "_houses"].map { "(" + caseless($0) + ")?" }.joined()
        return "^(" + base.joined(separator: "|") + ")" + suffixes + "$"
    }

    /// A zone as `BirthZone` reads it: UTC, GMT, Z or LMT in any case; a UTC offset, its sign optional, as hours
    /// (`5`, `05`, `5.5`), `0530`, `05:30` or `05:30:15`, 18 hours at most, also after `UTC`; or a tz database
    /// name's shape (one the database does not hold is 404), whitespace around.
    static var zone: String {
        let offset = [
            "0?[0-9]|1[0-8]",  // hours
            "(0[0-9]|1[0-7])[0-5][0-9]|1800",  // hhmm
            "(0?[0-9]|1[0-7]):[0-5][0-9](:[0-5][0-9])?|18:00(:00)?",  // h:mm, h:mm:ss
            #"(0?[0-9]|1[0-7])\.[0-9]+|18\.0+"#,  // decimal hours
        ].map { "(\($0))" }.joined(separator: "|")
        let part = "[A-Za-z0-9_+-]"
        // A name's first part, but for `UTC+…` and `UTC-…`, which are offsets.
        let (u, t, c) = (caseless("u"), caseless("t"), caseless("c"))
        let first = [
            "[A-TV-Za-tv-z]\(part)*",
            "\(u)([A-SU-Za-su-z0-9_+-]\(part)*)?",
            "\(u)\(t)([A-BD-Za-bd-z0-9_+-]\(part)*)?",
            "\(u)\(t)\(c)([A-Za-z0-9_]\(part)*)?",
        ].joined(separator: "|")
        let name = "(\(first))(/\(part)+)*"
        let forms = [caseless("utc"), caseless("gmt"), caseless("z"), caseless("lmt"), "[+-]?(\(offset))", "\(u)\(t)\(c)[+-](\(offset))", name]
        let padding = OpenAPIDocument.padding
        return "^\(padding)*(" + forms.map { "(\($0))" }.joined(separator: "|") + ")\(padding)*$"
    }
}
