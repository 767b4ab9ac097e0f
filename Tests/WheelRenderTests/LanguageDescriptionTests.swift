import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// What a reader hears and sees in another language: the figures' `<title>` and `<desc>`, the legend's names, the
/// corner's house system and zodiac, the table's headings and the sheet's header, written out.
@Suite
struct LanguageDescriptionTests {
    static let newYork = try! SampleCharts.chart("b_1990_newyork")
    static let sydney = OuterChart(chart: try! SampleCharts.chart("h_1994_sydney"), kind: .synastry)

    static func svg(_ figure: Figure, _ language: Language, _ change: (inout RenderOptions) -> Void = { _ in }) -> String {
        var options = RenderOptions()
        options.language = language
        change(&options)
        return WheelRenderer.svgText(figure, options: options)
    }

    static func element(_ name: String, in svg: String) -> String {
        svg.components(separatedBy: "<\(name) id=").dropFirst().first.flatMap { $0.components(separatedBy: ">").dropFirst().first }
            .map { String($0.prefix { $0 != "<" }) } ?? ""
    }

    static func texts(in svg: String) -> [String] {
        svg.matches(of: /<text [^>]*>([^<]*)<\/text>/).map { String($0.1) }
    }

    @Test func aWheelReadsOutInTheLanguage() {
        let german = Self.svg(.wheel(Self.newYork), .de)
        #expect(Self.element("title", in: german) == "Geburtshoroskop")
        let desc = Self.element("desc", in: german)
        #expect(desc.hasPrefix("Aszendent 2°12′ Löwe; Medium Coeli 17°57′ Widder; Sonne 24°29′ Stier, Haus 10;"), "\(desc)")
        #expect(desc.contains("Merkur 8°00′ Stier, rückläufig, Haus 10"))
        #expect(desc.contains(" Aspekte: ") && desc.contains("(Orbis "), "\(desc)")

        let russian = Self.element("desc", in: Self.svg(.wheel(Self.newYork), .ru))
        #expect(russian.contains("Солнце 24°29′ Телец, 10-й дом") && russian.contains("Венера 12°56′ Овен, 9-й дом"), "\(russian)")
        #expect(russian.contains("Меркурий 8°00′ Телец, ретроградный, 10-й дом"))

        let chinese = Self.element("desc", in: Self.svg(.wheel(Self.newYork), .zh))
        #expect(chinese.hasPrefix("上升点 2°12′ 狮子座；天顶 17°57′ 白羊座；太阳 24°29′ 金牛座，第10宫；"), "\(chinese)")
        #expect(chinese.hasSuffix("。") && !chinese.contains(". "), "\(chinese)")
    }

    /// Every language reads every body in its own words; none but English reads the English description.
    @Test(arguments: Language.allCases)
    func everyLanguageNamesTheBodiesInItsWords(_ language: Language) {
        let desc = Self.element("desc", in: Self.svg(.wheel(Self.newYork), language))
        let terms = language.terms
        for body in Self.newYork.bodies {
            #expect(desc.contains(terms.name(of: body.id) + " "), "\(language): \(body.id)")
        }
        #expect(desc.contains(terms.ascendant) && desc.contains(terms.house(10)), "\(language)")
        let english = Self.element("desc", in: Self.svg(.wheel(Self.newYork), .en))
        #expect((desc == english) == (language == .en))
    }

    @Test func aBiWheelNamesItsOuterChartAndCrossAspects() {
        let french = Self.svg(.wheel(Self.newYork, outer: Self.sydney), .fr)
        #expect(Self.element("title", in: french) == "Thème double")
        let desc = Self.element("desc", in: french)
        #expect(desc.contains(". Thème extérieur\u{a0}: Soleil "), "\(desc)")
        // An outer body agrees with its gender: `Lune extérieure`, `Soleil extérieur`.
        #expect(desc.contains(". Aspects croisés\u{a0}: ") && desc.contains("Lune extérieure"), "\(desc)")
        #expect(Self.element("title", in: Self.svg(.wheel(Self.newYork, outer: Self.sydney), .es)) == "Carta doble")
    }

    /// The bi-wheel's `<desc>` reads the cross-aspects its centre draws, each once, in the wheel's words: by
    /// default the planets' major ones at close orbs, with `all_cross_aspects` every one the grid reads.
    @Test func aBiWheelsDescriptionReadsTheCrossAspectsItDraws() throws {
        let terms = Language.en.terms
        func read(_ aspects: [CrossAspect]) -> [String] {
            aspects.map { ChartDescription.words($0.inner, .inner, $0.kind, $0.outer, .outer, orb: $0.orb, terms) }
        }
        func clauses(_ svg: String) throws -> [String] {
            let desc = Self.element("desc", in: svg)
            let cross = try #require(desc.components(separatedBy: ". Cross-aspects: ").last)
            return String(cross.dropLast()).components(separatedBy: "; ")
        }
        let drawn = DrawnCharts(chart: Self.newYork, outer: Self.sydney, options: LayoutOptions())
        #expect(drawn.centreCrossAspects.count < drawn.crossAspects.count)
        #expect(try clauses(Self.svg(.wheel(Self.newYork, outer: Self.sydney), .en)) == read(drawn.centreCrossAspects))
        let all = try clauses(Self.svg(.wheel(Self.newYork, outer: Self.sydney), .en) { $0.allCrossAspects = true })
        #expect(all == read(drawn.crossAspects))
        let grid = Self.element("desc", in: Self.svg(.aspectGrid(Self.newYork, outer: Self.sydney), .en))
        #expect(read(drawn.crossAspects).allSatisfy { grid.contains($0) }, "the grid reads every one")
    }

    @Test func theLegendAndTheCornerSpeakTheLanguage() {
        let texts = Self.texts(in: Self.svg(.wheel(Self.newYork), .de) { options in
            options.legend = true
            options.houseSystem = "Whole Sign"
        })
        #expect(texts.contains("Ganzzeichen"), "\(texts)")
        #expect(texts.contains("Konjunktion") && texts.contains("Trigon") && texts.contains("Quadrat"), "\(texts)")
        var sidereal = Self.newYork
        sidereal.zodiac = "Sidereal, Lahiri"
        let hindi = Self.svg(.wheel(sidereal), .hi) { $0.houseSystem = "Equal" }
        #expect(Self.texts(in: hindi) == ["समान भाव · निरयण, Lahiri"], "\(Self.texts(in: hindi))")
        #expect(Self.element("desc", in: hindi).hasPrefix("राशिचक्र: निरयण, Lahiri। "), "\(Self.element("desc", in: hindi).prefix(80))")
    }

    /// Where the houses replaced the system asked for (Porphyry where Placidus is undefined, inside the polar
    /// circles), the corner and a sheet's header say both, in the language, asked or not; a label chart JSON gives
    /// its houses is shown as given.
    @Test func theCornerSaysWhichSystemTheHousesReplaced() {
        var polar = Self.newYork
        polar.houseSystem = "Porphyry"
        polar.houseSystemRequested = "Placidus"
        #expect(Self.texts(in: Self.svg(.wheel(polar), .en)) == ["Porphyry instead of Placidus"], "\(Self.texts(in: Self.svg(.wheel(polar), .en)))")
        #expect(Self.texts(in: Self.svg(.wheel(polar), .de)) == ["Porphyrius statt Placidus"])
        #expect(Self.texts(in: Self.svg(.wheel(polar), .ru)) == ["Порфирий вместо Плацидуса"])
        #expect(Self.texts(in: Self.svg(.wheel(polar), .hi)) == ["Placidus के स्थान पर Porphyry"])
        #expect(Self.texts(in: Self.svg(.wheel(polar, outer: Self.sydney), .fr)) == ["Porphyre au lieu de Placidus"])
        // As the command line asks for a birth's (the system used), or for the one the birth asked for.
        #expect(Self.texts(in: Self.svg(.wheel(polar), .de) { $0.houseSystem = "Porphyry" }) == ["Porphyrius statt Placidus"])
        #expect(Self.texts(in: Self.svg(.wheel(polar), .en) { $0.houseSystem = "placidus" }) == ["Porphyry instead of Placidus"])
        #expect(Self.texts(in: Self.svg(.wheel(polar), .en) { $0.houseSystem = "My houses" }) == ["My houses"])
        // Beside a sidereal zodiac; and nothing where the houses are what was asked for, unless asked.
        var sidereal = polar
        sidereal.zodiac = "Sidereal, Lahiri"
        #expect(Self.texts(in: Self.svg(.wheel(sidereal), .tr)) == ["Placidus yerine Porphyry · Yıldızsal, Lahiri"], "\(Self.texts(in: Self.svg(.wheel(sidereal), .tr)))")
        var asked = polar
        asked.houseSystemRequested = nil
        #expect(Self.texts(in: Self.svg(.wheel(asked), .en)).isEmpty)
        #expect(Self.texts(in: Self.svg(.wheel(asked), .en) { $0.houseSystem = "Porphyry" }) == ["Porphyry"])
        // The sheet's header; its wheel has no corner text.
        var options = LayoutOptions()
        options.language = .ru
        #expect(SheetLayout(chart: polar, outer: nil, options: options).headerLines.map(\.text) == ["Дома: Порфирий вместо Плацидуса"])
        let sheet = Self.texts(in: Self.svg(.sheet(polar), .en))
        #expect(sheet.contains("Houses: Porphyry instead of Placidus") && !sheet.contains("Porphyry instead of Placidus"), "\(sheet)")
    }

    @Test func theGridAndTheTableReadOutInTheLanguage() {
        let grid = Self.svg(.aspectGrid(Self.newYork, outer: Self.sydney), .hi)
        #expect(Self.element("title", in: grid) == "दृष्टि तालिका")
        #expect(Self.element("desc", in: grid).hasPrefix("भीतरी कुंडली: सूर्य, चंद्र, "), "\(Self.element("desc", in: grid).prefix(60))")

        let table = Self.svg(.elementTable(Self.newYork), .fr)
        #expect(Self.element("title", in: table) == "Éléments et modalités")
        let desc = Self.element("desc", in: table)
        #expect(desc.hasPrefix("Feu 1\u{a0}: Vénus\u{a0}; Terre 6\u{a0}: Soleil, Lune, "), "\(desc)")
        #expect(desc.hasSuffix("Planètes comptées\u{a0}: 10 (du Soleil à Pluton\u{a0}; les points ne comptent pas)."), "\(desc)")
        // French's headings are all in the stroke capitals' letters, so they are drawn in them, as English's: no
        // text. German's `KARDINAL` needs a K they lack: all its headings are text, in capitals; Turkish's by its rules.
        #expect(Self.texts(in: table).isEmpty && Self.texts(in: Self.svg(.elementTable(Self.newYork), .en)).isEmpty)
        // `VERÄNDERLICH` would be shrunk too far beside `FEUER`: the modalities take their short forms, the
        // description the whole words.
        let german = Self.svg(.elementTable(Self.newYork), .de)
        #expect(Self.texts(in: german) == ["KARD.", "FIX", "VERÄND.", "SUMME", "SUMME", "FEUER", "ERDE", "LUFT", "WASSER"], "\(Self.texts(in: german))")
        #expect(Self.element("desc", in: german).contains("Veränderlich 1: Mars"))
        #expect(Self.texts(in: Self.svg(.elementTable(Self.newYork), .tr)).contains("DEĞİŞKEN"))
    }

    /// The positions table's title, words and description in the language: names and headings as text in capitals
    /// (English alone has every letter in the stroke capitals), the description in the wheel's words.
    @Test func thePositionsTableSpeaksTheLanguage() {
        let russian = Self.svg(.positionsTable(Self.newYork), .ru)
        #expect(Self.element("title", in: russian) == "Положения и дома")
        #expect(Self.texts(in: russian).prefix(4) == ["ТЕЛА", "ДОМ", "СОЛНЦЕ", "ЛУНА"], "\(Self.texts(in: russian).prefix(4))")
        let desc = Self.element("desc", in: russian)
        #expect(desc.hasPrefix("Тела: Солнце 24°29′ Телец, 10-й дом; "), "\(desc)")
        #expect(desc.contains("Меркурий 8°00′ Телец, ретроградный, 10-й дом") && desc.contains(". Дома: Асцендент 2°12′ Лев; "), "\(desc)")

        let chinese = Self.svg(.positionsTable(Self.newYork, outer: Self.sydney), .zh)
        #expect(Self.texts(in: chinese).prefix(3) == ["内盘", "宫", "太阳"], "\(Self.texts(in: chinese).prefix(3))")
        #expect(Self.texts(in: chinese).contains("外盘") && Self.texts(in: chinese).contains("宫位"))
        #expect(Self.element("desc", in: chinese).contains("。宫位：上升点 2°12′ 狮子座；天顶 17°57′ 白羊座；第1宫：2°12′ 狮子座；"))
        #expect(Self.texts(in: Self.svg(.positionsTable(Self.newYork), .en)).isEmpty, "English: the stroke capitals")
        #expect(Self.texts(in: Self.svg(.positionsTable(Self.newYork), .tr)).contains("GÜNEŞ"), "Turkish capitals")
    }

    @Test func theSheetsHeaderWritesDatesAndPlacesAsTheLanguageDoes() {
        var chart = Self.newYork
        chart.birth = BirthDetails(date: "1990-05-15", time: "10:30", zone: "Europe/Berlin", place: "Ulm", latitude: 48.4, longitude: 9.99)
        func header(_ language: Language) -> [String] {
            var options = LayoutOptions()
            options.language = language
            return SheetLayout(chart: chart, outer: nil, options: options, houseSystem: "Whole Sign").headerLines.map(\.text)
        }
        #expect(header(.de) == ["15. Mai 1990 10:30 Europe/Berlin · Ulm (48°24′ N, 9°59′ O)", "Häuser: Ganzzeichen"], "\(header(.de))")
        #expect(header(.es).first?.hasPrefix("15 de mayo de 1990 10:30") == true, "\(header(.es))")
        #expect(header(.ru).first?.hasPrefix("15 мая 1990 г. 10:30") == true, "\(header(.ru))")
        #expect(header(.zh).first == "1990年5月15日 10:30 Europe/Berlin · Ulm (北纬48°24′，东经9°59′)", "\(header(.zh))")
        #expect(header(.en) == ["15 May 1990 10:30 Europe/Berlin · Ulm (48°24′ N, 9°59′ E)", "Houses: Whole Sign"], "\(header(.en))")
    }
}
