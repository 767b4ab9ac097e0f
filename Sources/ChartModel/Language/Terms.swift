import Foundation

/// The grammatical gender of a body's name, where a language's adjectives agree with it (Russian `ретроградный
/// Меркурий`, `ретроградная Венера`; French `Lune extérieure`, `Soleil extérieur`).
public enum GrammaticalGender: Sendable, CaseIterable {
    case masculine, feminine, neuter
}

/// Where a coordinate lies from the equator or the prime meridian: north or south latitude, east or west longitude.
public enum CompassPoint: Int, Sendable, CaseIterable {
    case north, south, east, west
}

/// A word that takes the gender of the body it describes: one form per gender, all three the same in a language
/// without genders.
public struct AgreeingWord: Sendable, Hashable {
    /// With a masculine body's name, and in a language without genders.
    public var masculine: String
    /// With a feminine body's name.
    public var feminine: String
    /// With a neuter body's name.
    public var neuter: String

    /// One form for all three genders.
    init(_ word: String) {
        (masculine, feminine, neuter) = (word, word, word)
    }

    /// A form for each gender.
    init(masculine: String, feminine: String, neuter: String) {
        (self.masculine, self.feminine, self.neuter) = (masculine, feminine, neuter)
    }

    /// The form for `gender`.
    public func form(_ gender: GrammaticalGender) -> String {
        switch gender {
        case .masculine: masculine
        case .feminine: feminine
        case .neuter: neuter
        }
    }
}

/// Every word a chart's figures show or read out, in one language: the names of the bodies, signs, aspects,
/// elements, modalities, house systems and zodiacs; the words and phrases of the description a screen reader
/// reads (`Sun 15°03′ Capricorn, retrograde, house 12`, `Sun trine Saturn (orb 4°43′)`); the sheet's header
/// (`Houses: Placidus`, the date). The grammar that differs between languages is data and a template per
/// language: the form each sign takes after "in" (`im Stier`, `в Козероге`, `Boğa'da`), the gender of each body
/// where words agree with it, the genitive months of a Russian date.
///
/// English gives the names the rest of the toolkit shows (`BodyID.displayName`, `ZodiacSign.name`,
/// `AspectKind.displayName`). `Terms.of(.de)` or `Language.de.terms`.
///
/// Phrases are templates, data like the words: `{body} {sign}` is filled with the body's name and the sign's form
/// after "in"; a name in braces is a slot, every other character stays as written.
public struct Terms: Sendable, Hashable {
    /// The language of these words.
    public let language: Language

    // Names.
    let bodyNames: [BodyID: String]
    /// Each body's gender, for a language whose adjectives agree with it; empty otherwise.
    let genders: [BodyID: GrammaticalGender]
    /// The twelve signs, from Aries.
    let signNames: [String]
    /// The twelve signs as they follow a body in "Sun in Taurus", preposition or case ending included
    /// (`im Stier`, `в Тельце`, `Boğa'da`, `在金牛座`), from Aries.
    let signLocatives: [String]
    /// A placement from `{body}` and `{sign}`, the sign's form after "in": `{body} {sign}`, Chinese `{body}{sign}`.
    let placementTemplate: String
    let aspectNames: [AspectKind: String]
    /// Two bodies and the aspect between them from `{first}`, `{aspect}` and `{second}`: `{first} {aspect}
    /// {second}` (`Sun trine Saturn`), Chinese `{first}与{second}{aspect}` (`太阳与土星三分相`).
    let aspectTemplate: String
    /// Whether the aspect's name is written in lower case between the bodies, as a common noun in a sentence
    /// (`Sun trine Saturn`; German keeps its capital, `Sonne Trigon Saturn`), by the language's own rules.
    let aspectLowercasedInPhrase: Bool
    let elementNames: [ZodiacSign.Element: String]
    let modalityNames: [ZodiacSign.Modality: String]
    /// The modalities as a narrow table column's heading writes them where the whole word is too wide
    /// (`Kard.`, `Фикс.`); the whole word where the language has no usual short form.
    let modalityShortNames: [ZodiacSign.Modality: String]
    /// The element table's heading of its totals (`Total`; the table writes its headings in capitals).
    public let total: String
    /// The house systems' names, by their English names (`Whole Sign`).
    let houseSystemNames: [String: String]
    /// A house system that replaced the one asked for (Porphyry where Placidus is undefined), from `{used}` and
    /// `{asked}`: `{used} instead of {asked}`, Turkish `{asked} yerine {used}`. Short: the corner of a 250 px wheel holds it.
    let houseSystemReplacedTemplate: String
    /// The house systems as `{asked}` writes them, by their English names, where that differs from their names
    /// (Russian genitive after `вместо`: `Плацидуса`); else nil.
    let houseSystemNamesReplaced: [String: String]?
    /// The tropical zodiac (`Tropical`).
    public let tropical: String
    /// A sidereal zodiac, before its ayanamsa (`Sidereal` in `Sidereal, Lahiri`).
    public let sidereal: String
    /// What comes between the sidereal zodiac's word and its ayanamsa's name (`, `; Chinese `，`).
    public let listSeparator: String

    // The sheet's header.
    /// The heading of the house system (`Houses` in `Houses: Placidus`).
    public let housesHeading: String
    /// The heading of the zodiac (`Zodiac` in `Zodiac: Sidereal, Lahiri`).
    public let zodiacHeading: String
    /// What comes between a heading and its value (`: `; French ` : `; Chinese `：`).
    let headingSeparator: String
    /// The outer chart's line when it is a partner's (`Outer ring, synastry`).
    public let outerRingSynastry: String
    /// The outer chart's line when it is the transits (`Outer ring, transits`).
    public let outerRingTransits: String

    // The description.
    /// `Ascendant`.
    public let ascendant: String
    /// `Midheaven`.
    public let midheaven: String
    let retrogradeWord: AgreeingWord
    /// A house from its `{number}`: `house {number}`, `{number}-й дом`, `第{number}宫`.
    let houseTemplate: String
    /// The word before an aspect's orb (`orb` in `(orb 4°43′)`).
    public let orb: String
    /// An aspect's orb after its phrase, from `{orb}` and `{amount}`: ` ({orb} {amount})`, Chinese `（{orb}{amount}）`.
    let orbTemplate: String
    /// The heading of a single chart's aspects (`Aspects`).
    public let aspectsHeading: String
    /// The heading of a bi-wheel's inner chart's own aspects (`Aspects within the inner chart`).
    public let innerAspectsHeading: String
    /// The heading of a bi-wheel's outer chart (`Outer chart`).
    public let outerChartHeading: String
    /// The heading of the aspects between a bi-wheel's two charts (`Cross-aspects`).
    public let crossAspectsHeading: String
    let outerWord: AgreeingWord
    /// An outer chart's body from `{outer}`, the word in the body's gender, and `{body}`: `{outer} {body}` (`outer
    /// Moon`), `{body} {outer}` (`Luna exterior`), Chinese `{outer}{body}`.
    let outerTemplate: String

    // The figures' titles, which the SVG's `<title>` gives.
    /// A wheel of one chart (`Natal chart wheel`).
    public let natalWheelTitle: String
    /// A wheel of two charts (`Bi-wheel chart`).
    public let biWheelTitle: String
    /// The aspect grid (`Aspect grid`).
    public let aspectGridTitle: String
    /// The element and modality table (`Elements and modalities`).
    public let elementTableTitle: String
    /// The positions table (`Positions and houses`).
    public let positionsTableTitle: String
    /// A printable sheet without a header to title it (`Chart sheet`).
    public let sheetTitle: String

    // The grid's and the table's descriptions.
    /// The grid's bodies of one chart (`Bodies` in `Bodies: Sun, Moon`).
    public let bodiesHeading: String
    /// The grid's inner chart of two (`Inner chart`).
    public let innerChartHeading: String
    /// The positions table's block of the angles and the house cusps, and the description's sentence of them
    /// (`Houses`; Chinese `宫位`, where `housesHeading` names the house system, `宫位制`).
    public let houseCuspsHeading: String
    /// The positions table's column of each body's house (`House`).
    public let houseColumnHeading: String
    /// An empty list (`none`).
    public let noneWord: String
    /// A grid without aspects, a sentence without its full stop (`No aspects`).
    public let noAspects: String
    /// A grid of two charts without cross-aspects (`No cross-aspects`).
    public let noCrossAspects: String
    /// The table's signs that hold planets (`By sign`).
    public let bySignHeading: String
    /// The table's count of planets from `{count}`, a sentence without its full stop.
    let countedTemplate: String
    /// Between the parts of a list in a description (`; `; French ` ; `; Chinese `；`).
    public let clauseSeparator: String
    /// After a description's sentence, the space before the next included (`. `; Hindi `। `; Chinese `。`).
    public let fullStop: String

    // Dates.
    /// The months, from January, as they stand alone (`Mai`, Russian `май`).
    let monthNames: [String]
    /// A date from `{day}`, `{month}` (its name as a date writes it, Russian genitive `мая`), `{monthNumber}` and
    /// `{year}`: `{day}. {month} {year}`, `{year}年{monthNumber}月{day}日`.
    let dateTemplate: String
    /// The first day of a month where a date writes it as an ordinal (French `1er`, Italian `1º`); else nil.
    let firstOfMonth: String?
    /// The months as a date writes them, when that differs from `monthNames` (Russian genitive); else nil.
    let monthNamesInDates: [String]?

    // Coordinates, in the header's birthplace (`48°24′ N, 9°59′ E`).
    /// North, south, east and west as a coordinate writes them: `N`, `S`, `E`, `W`; German `O` for east, Russian
    /// `с. ш.` (northern latitude), Chinese `北纬`.
    let compassPoints: [String]
    /// A coordinate from its `{amount}` (`48°24′`) and `{point}`: `{amount} {point}`, Chinese `{point}{amount}`.
    let coordinateTemplate: String

    /// The words of `language`.
    public static func of(_ language: Language) -> Terms {
        switch language {
        case .en: english
        case .es: spanish
        case .pt: portuguese
        case .fr: french
        case .de: german
        case .it: italian
        case .ru: russian
        case .tr: turkish
        case .hi: hindi
        case .zh: chinese
        }
    }
}

extension Terms {
    /// The body's name (`Sonne`).
    public func name(of body: BodyID) -> String { bodyNames[body] ?? body.displayName }

    /// The gender of the body's name, where the language's adjectives agree with it; nil in a language without.
    public func gender(of body: BodyID) -> GrammaticalGender? { genders[body] }

    /// The sign's name (`Stier`).
    public func name(of sign: ZodiacSign) -> String { signNames[sign.rawValue] }

    /// The sign as it follows a body in "Sun in Taurus": `in Taurus`, `im Stier`, `в Тельце`, `Boğa'da`, `在金牛座`.
    public func inSign(_ sign: ZodiacSign) -> String { signLocatives[sign.rawValue] }

    /// The body in the sign: `Sun in Taurus`, `Sonne im Stier`, `Луна в Козероге`, `太阳在金牛座`.
    public func placement(_ body: BodyID, in sign: ZodiacSign) -> String {
        Self.fill(placementTemplate, ["body": name(of: body), "sign": inSign(sign)])
    }

    /// The aspect's name as the legend shows it (`Trine`, `Trigon`).
    public func name(of aspect: AspectKind) -> String { aspectNames[aspect] ?? aspect.displayName }

    /// The aspect between two bodies as the description reads it: `Sun trine Saturn`, `Sonne Trigon Saturn`,
    /// `太阳与土星三分相`; a body of a bi-wheel's outer chart is named with `outerBody` (`Sun trine outer Moon`).
    public func aspect(_ first: BodyID, _ kind: AspectKind, _ second: BodyID, firstIsOuter: Bool = false,
                       secondIsOuter: Bool = false) -> String {
        func named(_ body: BodyID, _ isOuter: Bool) -> String { isOuter ? outerBody(body) : name(of: body) }
        let kindName = Self.aspectNamesInPhrases[language]?[kind] ?? name(of: kind)
        return Self.fill(aspectTemplate, ["first": named(first, firstIsOuter), "aspect": kindName, "second": named(second, secondIsOuter)])
    }

    /// The element's name (`Feuer`); the element table writes it in capitals.
    public func name(of element: ZodiacSign.Element) -> String { elementNames[element] ?? element.rawValue }

    /// The modality's name (`Kardinal`); the element table writes it in capitals.
    public func name(of modality: ZodiacSign.Modality) -> String { modalityNames[modality] ?? modality.rawValue }

    /// The modality's short form for a narrow column (`Veränd.`), the whole name where there is none.
    public func shortName(of modality: ZodiacSign.Modality) -> String { modalityShortNames[modality] ?? name(of: modality) }

    /// `word` in capitals by the language's rules (Turkish `i` is `İ`), as the element table heads its rows
    /// and columns; scripts without capitals (Devanagari, Chinese) as they are.
    public func capitals(_ word: String) -> String { word.uppercased(with: Self.locales[language]) }

    /// Each language's locale, made once: casing by a language's rules (Turkish `i`, `İ`) asks for it, and making
    /// one costs more than the rest of a description's phrase.
    private static let locales = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, Locale(identifier: $0.rawValue)) })

    /// The aspects' names as a phrase writes them between two bodies (`trine`, Turkish `üçgen`), made once.
    private static let aspectNamesInPhrases = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        let terms = Terms.of(language)
        return (language, Dictionary(uniqueKeysWithValues: AspectKind.allCases.map { kind in
            (kind, terms.aspectLowercasedInPhrase ? terms.name(of: kind).lowercased(with: locales[language]) : terms.name(of: kind))
        }))
    })

    /// The English names of the house systems these terms translate, as the wheel shows them.
    public static let houseSystemEnglishNames = ["Placidus", "Koch", "Regiomontanus", "Campanus", "Porphyry", "Equal", "Whole Sign"]

    /// A house system's name in this language from its English name in any case (`Whole Sign` is German
    /// `Ganzzeichen`); a name it does not know (a service's `Topocentric`) as it is.
    public func houseSystem(_ englishName: String) -> String {
        let key = Self.houseSystemEnglishNames.first { $0.lowercased() == englishName.lowercased() }
        return key.flatMap { houseSystemNames[$0] } ?? englishName
    }

    /// A house system that replaced the one asked for, both by their English names in any case (a name these terms
    /// do not know as it is): `Porphyry instead of Placidus`, `Porphyrius statt Placidus`, `Порфирий вместо Плацидуса`.
    public func houseSystem(_ used: String, replacing asked: String) -> String {
        let key = Self.houseSystemEnglishNames.first { $0.lowercased() == asked.lowercased() }
        let askedName = key.flatMap { houseSystemNamesReplaced?[$0] } ?? houseSystem(asked)
        return Self.fill(houseSystemReplacedTemplate, ["used": houseSystem(used), "asked": askedName])
    }

    /// The house system a figure names: `shown` in these words, or, where the chart's houses are `used` in place of
    /// `requested` (`NatalChart.houseSystemRequested`) and `shown` is either of them, both
    /// (`houseSystem(_:replacing:)`). Any other name (chart JSON's own label for its houses) as it is.
    public func houseSystem(_ shown: String, used: String?, requested: String?) -> String {
        let name = shown.trimmingWhitespace().lowercased()
        if let used, let requested, name == used.lowercased() || name == requested.lowercased() {
            return houseSystem(used, replacing: requested)
        }
        return houseSystem(shown)
    }

    /// The zodiac: `Tropical` for nil, else the sidereal zodiac of the named ayanamsa (`Sidereal, Lahiri`; the
    /// ayanamsa's name, a person's, is not translated).
    public func zodiac(ayanamsa: String?) -> String {
        ayanamsa.map { sidereal + listSeparator + $0 } ?? tropical
    }

    /// A chart's zodiac as the chart states it (`NatalChart.zodiac`, the ephemeris's `Sidereal, Lahiri`) in this
    /// language: `Siderisch, Lahiri`, `恒星黄道，Lahiri`; `Tropical` as `tropical`; any other label (a service's
    /// own words) as it is.
    public func zodiac(chartLabel label: String) -> String {
        let siderealPrefix = "Sidereal, "
        if label.hasPrefix(siderealPrefix) { return zodiac(ayanamsa: String(label.dropFirst(siderealPrefix.count))) }
        return label.lowercased() == "tropical" ? tropical : label
    }

    /// A header's line: `Houses: Placidus`, French `Maisons : Placidus`, Chinese `宫位制：Placidus`.
    public func headed(_ heading: String, _ value: String) -> String { heading + headingSeparator + value }

    /// `retrograde` after the body's position, in the body's gender (`ретроградная` for Venus).
    public func retrograde(_ body: BodyID) -> String { retrogradeWord.form(gender(of: body) ?? .masculine) }

    /// The house by its number: `house 12`, `Haus 12`, `12-й дом`, `12. ev`, `第12宫`.
    public func house(_ number: Int) -> String { Self.fill(houseTemplate, ["number": String(number)]) }

    /// A bi-wheel's outer chart's body: `outer Moon`, `äußerer Mond`, `Luna exterior`, `外圈月亮`.
    public func outerBody(_ body: BodyID) -> String {
        Self.fill(outerTemplate, ["outer": outerWord.form(gender(of: body) ?? .masculine), "body": name(of: body)])
    }

    /// The month's name, standing alone, for 1 (January) to 12; nil otherwise.
    public func month(_ number: Int) -> String? {
        (1...12).contains(number) ? monthNames[number - 1] : nil
    }

    /// A calendar date as the sheet's header writes it: `15 May 1990`, `15 de mayo de 1990`, `15. Mai 1990`,
    /// `15 мая 1990 г.`, `1990年5月15日`. Nil for a month outside 1…12 or a day outside 1…31.
    public func date(year: Int, month: Int, day: Int) -> String? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let dayText = day == 1 ? firstOfMonth ?? "1" : String(day)
        let values = ["day": dayText, "month": (monthNamesInDates ?? monthNames)[month - 1], "monthNumber": String(month), "year": String(year)]
        return Self.fill(dateTemplate, values)
    }

    /// `date(year:month:day:)` of an ISO 8601 calendar date as a chart records it (`1990-05-15`); nil for
    /// anything else.
    public func date(iso text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return date(year: year, month: month, day: day)
    }

    /// A coordinate of a place, its amount already written (`48°24′`): `48°24′ N`, German `9°59′ O`, Russian
    /// `48°24′ с. ш.`, Chinese `北纬48°24′`.
    public func coordinate(_ amount: String, _ point: CompassPoint) -> String {
        Self.fill(coordinateTemplate, ["amount": amount, "point": compassPoints[point.rawValue]])
    }

    /// `template` with each `{name}` replaced by its value, in one pass (a value is never read as a template).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let name = rest[rest.index(after: open)...]
            if let close = name.firstIndex(of: "}"), let value = values[String(name[..<close])] {
                result += rest[..<open]
                result += value
                rest = name[name.index(after: close)...]
            } else {
                result += rest[...open]
                rest = name
            }
        }
        result += rest
        return result
    }

    /// An aspect's orb after its phrase: ` (orb 4°43′)`, `（容许度4°43′）`.
    public func orb(_ amount: String) -> String { Self.fill(orbTemplate, ["orb": orb, "amount": amount]) }

    /// The element table's count in words: `Planets counted: 10 (Sun to Pluto; points are not)`.
    public func counted(_ count: Int) -> String { Self.fill(countedTemplate, ["count": String(count)]) }

    /// `sentences` as a description reads them, each ended by the language's full stop unless it ends with one
    /// already (a description read into another), without a space after the last (`Aspects: Sun trine Saturn.
    /// Outer chart: …`, `相位：…。外盘：…。`).
    public func sentences(_ sentences: [String]) -> String {
        let stop = fullStop.trimmingWhitespace()
        var text = ""
        text.reserveCapacity(sentences.reduce(0) { $0 + $1.utf8.count + fullStop.utf8.count })
        for sentence in sentences {
            text += sentence
            text += sentence.hasSuffix(stop) ? fullStop.dropFirst(stop.count) : Substring(fullStop)
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every word and phrase these terms hold, each form once, for the tests' checks.
    var allWords: [String] {
        var words = BodyID.allCases.map { name(of: $0) } + signNames + signLocatives + AspectKind.allCases.map { name(of: $0) }
        words += ZodiacSign.Element.allCases.map { name(of: $0) } + ZodiacSign.Modality.allCases.map { name(of: $0) }
        words += ZodiacSign.Modality.allCases.map { shortName(of: $0) }
        words += Self.houseSystemEnglishNames.map { houseSystem($0) } + monthNames + (monthNamesInDates ?? [])
        words += ["Placidus", "Koch", "Regiomontanus", "Campanus"].map { houseSystem("Porphyry", replacing: $0) }
        words += [total, tropical, sidereal, housesHeading, zodiacHeading, outerRingSynastry, outerRingTransits,
                  ascendant, midheaven, orb, aspectsHeading, innerAspectsHeading, outerChartHeading, crossAspectsHeading,
                  natalWheelTitle, biWheelTitle, aspectGridTitle, elementTableTitle, positionsTableTitle, sheetTitle, bodiesHeading,
                  innerChartHeading, houseCuspsHeading, houseColumnHeading, noneWord, noAspects, noCrossAspects, bySignHeading, counted(10)]
        words += compassPoints
        words += GrammaticalGender.allCases.flatMap { [retrogradeWord.form($0), outerWord.form($0)] }
        return words
    }
}
