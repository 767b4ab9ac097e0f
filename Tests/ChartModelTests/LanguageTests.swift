import Testing
@testable import ChartModel

/// The ten languages: their codes, the choice among them from a request's header, and every term of the figures
/// in each, complete, distinct and grammatical where grammar is data.
@Suite
struct LanguageTests {
    /// Every term is there, with no blank, no padding and no control or format character.
    @Test(arguments: Language.allCases)
    func everyTermIsPresentAndPrintable(_ language: Language) {
        let terms = language.terms
        #expect(terms.language == language)
        #expect(Set(terms.bodyNames.keys) == Set(BodyID.allCases))
        #expect(Set(terms.aspectNames.keys) == Set(AspectKind.allCases))
        #expect(Set(terms.elementNames.keys) == Set(ZodiacSign.Element.allCases))
        #expect(Set(terms.modalityNames.keys) == Set(ZodiacSign.Modality.allCases))
        #expect(Set(terms.modalityShortNames.keys) == Set(ZodiacSign.Modality.allCases))
        #expect(Set(terms.houseSystemNames.keys) == Set(Terms.houseSystemEnglishNames))
        #expect(terms.signNames.count == 12 && terms.signLocatives.count == 12 && terms.monthNames.count == 12)
        #expect(terms.monthNamesInDates.map(\.count) ?? 12 == 12 && terms.compassPoints.count == 4)
        // A language with genders gives one to every body.
        #expect(terms.genders.isEmpty || Set(terms.genders.keys) == Set(BodyID.allCases))
        for word in terms.allWords {
            #expect(!word.isEmpty && word.trimmingWhitespace() == word, "\(language): \(word.debugDescription)")
            let unprintable = word.unicodeScalars.filter { [.control, .format].contains($0.properties.generalCategory) }
            #expect(unprintable.isEmpty, "\(language): \(word.debugDescription)")
        }
    }

    /// Each template holds each of its slots once and no other, so that every phrase is filled.
    @Test(arguments: Language.allCases)
    func templatesHaveTheirSlots(_ language: Language) {
        let terms = language.terms
        let templates: [(String, [String])] = [
            (terms.placementTemplate, ["body", "sign"]), (terms.aspectTemplate, ["first", "aspect", "second"]),
            (terms.houseTemplate, ["number"]), (terms.outerTemplate, ["outer", "body"]),
            (terms.coordinateTemplate, ["amount", "point"]), (terms.countedTemplate, ["count"]),
            (terms.orbTemplate, ["orb", "amount"]),
        ]
        for (template, slots) in templates {
            let named = template.split(separator: "{", omittingEmptySubsequences: false).dropFirst().map { String($0.prefix { $0 != "}" }) }
            #expect(named.sorted() == slots.sorted(), "\(language): \(template)")
        }
        let dateSlots = terms.dateTemplate.split(separator: "{", omittingEmptySubsequences: false).dropFirst().map { String($0.prefix { $0 != "}" }) }
        #expect(Set(dateSlots).isSubset(of: ["day", "month", "monthNumber", "year"]) && dateSlots.count == 3, "\(language)")
    }

    /// Slots are filled in one pass: an unknown name in braces stays as written, a value is not read again.
    @Test func fillingATemplate() {
        #expect(Terms.fill("{a} {b}{a}", ["a": "1", "b": "{a}"]) == "1 {a}1")
        #expect(Terms.fill("{x} {a} {", ["a": "1"]) == "{x} 1 {")
        #expect(Terms.fill("no slots", ["a": "1"]) == "no slots")
    }

    /// Within a language no two bodies, signs, aspects, elements, modalities or months share a name, and each
    /// sign's form after "in" names that sign.
    @Test(arguments: Language.allCases)
    func namesAreDistinct(_ language: Language) {
        let terms = language.terms
        let groups: [[String]] = [
            BodyID.allCases.map { terms.name(of: $0) }, ZodiacSign.allCases.map { terms.name(of: $0) },
            ZodiacSign.allCases.map { terms.inSign($0) }, AspectKind.allCases.map { terms.name(of: $0) },
            ZodiacSign.Element.allCases.map { terms.name(of: $0) }, ZodiacSign.Modality.allCases.map { terms.name(of: $0) },
            (1...12).compactMap { terms.month($0) }, Terms.houseSystemEnglishNames.map { terms.houseSystem($0) },
            CompassPoint.allCases.map { terms.coordinate("1°", $0) },
        ]
        for names in groups {
            #expect(Set(names).count == names.count, "\(language): \(names)")
        }
        // The locative carries the sign's stem, save Russian's cases (`Лев`, `во Льве`) and German's (`Löwe`, `im Löwen`).
        for sign in ZodiacSign.allCases where ![.ru, .de].contains(language) {
            #expect(terms.inSign(sign).contains(terms.name(of: sign)), "\(language): \(sign)")
        }
    }

    /// English is what the toolkit shows today: the model's names and the description's words.
    @Test func englishIsTheToolkitsOwnWords() {
        let en = Terms.of(.en)
        #expect(BodyID.allCases.allSatisfy { en.name(of: $0) == $0.displayName })
        #expect(ZodiacSign.allCases.allSatisfy { en.name(of: $0) == $0.name })
        #expect(AspectKind.allCases.allSatisfy { en.name(of: $0) == $0.displayName })
        #expect(en.placement(.sun, in: .taurus) == "Sun in Taurus")
        #expect(en.aspect(.sun, .trine, .saturn) == "Sun trine Saturn")
        #expect(en.aspect(.sun, .semiSextile, .moon, secondIsOuter: true) == "Sun semi-sextile outer Moon")
        #expect(en.house(12) == "house 12" && en.retrograde(.mercury) == "retrograde")
        #expect(en.headed(en.housesHeading, en.houseSystem("whole sign")) == "Houses: Whole Sign")
        #expect(en.zodiac(ayanamsa: "Lahiri") == "Sidereal, Lahiri" && en.zodiac(ayanamsa: nil) == "Tropical")
        #expect([en.outerRingSynastry, en.outerRingTransits, en.crossAspectsHeading, en.innerAspectsHeading]
            == ["Outer ring, synastry", "Outer ring, transits", "Cross-aspects", "Aspects within the inner chart"])
    }

    /// "Sun in Taurus" in each language, written out.
    @Test func placementsReadAsEachLanguageSaysThem() {
        let expected: [(Language, BodyID, ZodiacSign, String)] = [
            (.en, .moon, .capricorn, "Moon in Capricorn"),
            (.es, .sun, .taurus, "Sol en Tauro"),
            (.pt, .sun, .gemini, "Sol em Gêmeos"),
            (.fr, .sun, .taurus, "Soleil en Taureau"),
            (.de, .sun, .taurus, "Sonne im Stier"),
            (.de, .moon, .pisces, "Mond in den Fischen"),
            (.de, .mars, .leo, "Mars im Löwen"),
            (.de, .venus, .virgo, "Venus in der Jungfrau"),
            (.it, .sun, .taurus, "Sole in Toro"),
            (.ru, .moon, .capricorn, "Луна в Козероге"),
            (.ru, .mars, .leo, "Марс во Льве"),
            (.ru, .venus, .libra, "Венера в Весах"),
            (.tr, .sun, .taurus, "Güneş Boğa'da"),
            (.tr, .moon, .aries, "Ay Koç'ta"),
            (.tr, .mars, .gemini, "Mars İkizler'de"),
            (.tr, .venus, .cancer, "Venüs Yengeç'te"),
            (.hi, .sun, .taurus, "सूर्य वृषभ में"),
            (.zh, .sun, .taurus, "太阳在金牛座"),
        ]
        for (language, body, sign, phrase) in expected {
            #expect(Terms.of(language).placement(body, in: sign) == phrase)
        }
    }

    /// Aspects between two bodies, and the words that agree with a body's gender.
    @Test func aspectsAndAgreement() {
        let expected: [(Language, String)] = [
            (.es, "Sol trígono Saturno"), (.pt, "Sol trígono Saturno"), (.fr, "Soleil trigone Saturne"),
            (.de, "Sonne Trigon Saturn"), (.it, "Sole trigono Saturno"), (.ru, "Солнце трин Сатурн"),
            (.tr, "Güneş üçgen Satürn"), (.hi, "सूर्य त्रिकोण शनि"), (.zh, "太阳与土星三分相"),
        ]
        for (language, phrase) in expected {
            #expect(Terms.of(language).aspect(.sun, .trine, .saturn) == phrase)
        }
        #expect(Terms.of(.tr).aspect(.moon, .semiSquare, .mars) == "Ay kırkbeşlik Mars")
        #expect(Terms.of(.zh).aspect(.sun, .square, .moon, secondIsOuter: true) == "太阳与外盘月亮四分相")
        #expect(Terms.of(.ru).retrograde(.venus) == "ретроградная" && Terms.of(.ru).retrograde(.mercury) == "ретроградный")
        #expect(Terms.of(.es).retrograde(.venus) == "retrógrada" && Terms.of(.es).retrograde(.mars) == "retrógrado")
        #expect(Terms.of(.fr).outerBody(.moon) == "Lune extérieure" && Terms.of(.fr).outerBody(.sun) == "Soleil extérieur")
        #expect(Terms.of(.de).outerBody(.sun) == "äußere Sonne" && Terms.of(.de).outerBody(.moon) == "äußerer Mond")
        #expect(Terms.of(.ru).outerBody(.sun) == "внешнее Солнце")
    }

    /// Houses, the header's lines and the zodiac.
    @Test func housesAndHeader() {
        #expect(Language.allCases.map { $0.terms.house(12) }
            == ["house 12", "casa 12", "casa 12", "maison 12", "Haus 12", "casa 12", "12-й дом", "12. ev", "भाव 12", "第12宫"])
        let fr = Terms.of(.fr), zh = Terms.of(.zh), de = Terms.of(.de)
        #expect(fr.headed(fr.housesHeading, fr.houseSystem("Placidus")) == "Maisons\u{A0}: Placidus")
        #expect(zh.headed(zh.housesHeading, zh.houseSystem("Equal")) == "宫位制：等宫制")
        #expect(de.houseSystem("WHOLE SIGN") == "Ganzzeichen" && de.houseSystem("Topocentric") == "Topocentric")
        #expect(zh.zodiac(ayanamsa: "Lahiri") == "恒星黄道，Lahiri")
        #expect(Terms.of(.hi).zodiac(ayanamsa: nil) == "सायन" && Terms.of(.hi).zodiac(ayanamsa: "Raman") == "निरयण, Raman")
    }

    /// The birthplace's coordinates in the header.
    @Test func coordinates() {
        #expect(Terms.of(.en).coordinate("48°24′", .north) == "48°24′ N" && Terms.of(.en).coordinate("74°00′", .west) == "74°00′ W")
        #expect(Terms.of(.de).coordinate("9°59′", .east) == "9°59′ O" && Terms.of(.fr).coordinate("2°21′", .west) == "2°21′ O")
        #expect(Terms.of(.ru).coordinate("55°45′", .north) == "55°45′ с. ш." && Terms.of(.tr).coordinate("32°51′", .east) == "32°51′ D")
        #expect(Terms.of(.zh).coordinate("39°54′", .north) == "北纬39°54′" && Terms.of(.zh).coordinate("116°23′", .east) == "东经116°23′")
    }

    /// 15 May 1990 as each language's header writes it.
    @Test func datesInEachLanguage() {
        #expect(Language.allCases.map { $0.terms.date(iso: "1990-05-15") } == [
            "15 May 1990", "15 de mayo de 1990", "15 de maio de 1990", "15 mai 1990", "15. Mai 1990", "15 maggio 1990",
            "15 мая 1990 г.", "15 Mayıs 1990", "15 मई 1990", "1990年5月15日",
        ])
        // Russian dates take the genitive (`марта`), its month alone the nominative (`март`); French and Italian
        // write the first of a month as an ordinal.
        #expect(Terms.of(.ru).date(year: 2024, month: 3, day: 8) == "8 марта 2024 г." && Terms.of(.ru).month(3) == "март")
        #expect(Terms.of(.fr).date(year: 2024, month: 3, day: 1) == "1er mars 2024")
        #expect(Terms.of(.it).date(year: 2024, month: 3, day: 1) == "1º marzo 2024")
        #expect(Terms.of(.de).date(year: 2024, month: 3, day: 1) == "1. März 2024")
        #expect(Terms.of(.tr).date(year: 1984, month: 8, day: 30) == "30 Ağustos 1984")
        #expect(Terms.of(.zh).date(year: 2000, month: 12, day: 1) == "2000年12月1日")
        for bad in ["1990-5-15", "1990-13-01", "1990-05-32", "15.05.1990", "1990-05-15T10:30", ""] {
            #expect(Terms.of(.en).date(iso: bad) == nil, "\(bad)")
        }
        #expect(Terms.of(.en).date(year: 1990, month: 0, day: 1) == nil && Terms.of(.en).month(13) == nil)
    }

    /// Tags to languages: a region or script gives its base language, save Chinese in traditional characters.
    @Test func languagesFromCodes() {
        let expected: [(String, Language?)] = [
            ("de", .de), ("DE", .de), (" fr ", .fr), ("pt-BR", .pt), ("en-US", .en), ("en_GB", .en), ("hi-IN", .hi),
            ("zh", .zh), ("zh-CN", .zh), ("zh-Hans", .zh), ("zh-SG", .zh), ("zh-Hans-HK", .zh),
            ("zh-TW", nil), ("zh-Hant", nil), ("zh-HK", nil), ("zh-Hant-CN", nil),
            ("ja", nil), ("", nil), ("de-", nil), ("german", nil), ("d e", nil), ("de-DE-!", nil),
        ]
        for (code, language) in expected {
            #expect(Language(code: code) == language, "\(code)")
        }
        #expect(Language.codesList == "en, es, pt, fr, de, it, ru, tr, hi, zh")
        #expect([Language.de, .ru, .zh, .hi, .tr].map(\.nativeName) == ["Deutsch", "Русский", "中文（简体）", "हिन्दी", "Türkçe"])
    }

    /// Real `Accept-Language` headers, weights and all.
    @Test func bestMatchOfAcceptLanguage() {
        let expected: [(String, Language?)] = [
            ("de-DE,de;q=0.9,en;q=0.8", .de),
            ("zh-TW,zh;q=0.8", .zh),  // Taiwan's Chinese is not ours; the `zh` range is
            ("zh-TW, zh-HK;q=0.9, en;q=0.5", .en),
            ("fr;q=0, es", .es),
            ("*", .en),
            ("fr;q=0, *;q=0.5", .en),
            ("en;q=0, *", .es),  // `*` is a language not named
            ("pt-BR", .pt),
            ("hi-IN", .hi),
            ("ja, ko;q=0.9, ru;q=0.1", .ru),
            ("es;q=0.5, it;q=0.8", .it),
            ("it, fr", .it),  // equal weights: the first written
            ("fr;q=1.5, de", .de),  // a malformed weight sets its range aside
            ("tr;q=0.1234, ru;q=0.2", .ru),
            ("en-US,en;q=0.9", .en),
            ("RU-ru; Q=0.7", .ru),
            ("de;q=0", nil),
            ("garbage", nil),
            ("!!!, ;q=1, ,,", nil),
            ("", nil),
        ]
        for (header, language) in expected {
            #expect(Language.bestMatch(acceptLanguage: header) == language, "\(header)")
        }
    }
}
