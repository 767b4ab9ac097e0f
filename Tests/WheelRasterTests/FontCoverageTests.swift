import ChartModel
import Foundation
import Support
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// A PNG's text and the machine's fonts: the warning that names the missing font's package, on a machine made to
/// lack it, none on a machine that has them, and this machine (CI installs the packages) covering every language.
@Suite
struct FontCoverageTests {
    static let hindi = "सूर्य वृषभ में", chinese = "宫位制：等宫制", russian = "Солнце трин Сатурн", turkish = "Güneş Boğa'da, İkizler'de"

    static func isDevanagari(_ scalar: Unicode.Scalar) -> Bool { (0x0900...0x097F).contains(scalar.value) }
    static func isChinese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x303F).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// A machine with DejaVu alone, as a bare Debian with fonts-dejavu-core.
    static let dejaVuOnly = FontCoverage { !isDevanagari($0) && !isChinese($0) }

    @Test func aMachineWithoutAScriptsFontIsToldItsPackage() {
        let missing = Self.dejaVuOnly.missingFonts(in: ["Houses: Placidus", Self.chinese, Self.russian, Self.hindi, "太阳在金牛座"])
        #expect(missing == [MissingFont(script: "Chinese", package: "fonts-wqy-microhei"),
                            MissingFont(script: "Devanagari", package: "fonts-gargi")], "in the order first needed, each once")
        #expect(missing.map(\.warning) == [
            "the PNG's text needs a font for Chinese, which this machine lacks; install fonts-wqy-microhei (apt-get install fonts-wqy-microhei)",
            "the PNG's text needs a font for Devanagari, which this machine lacks; install fonts-gargi (apt-get install fonts-gargi)",
        ])
        // Full-width punctuation alone needs the Chinese font too.
        #expect(Self.dejaVuOnly.missingFonts(in: ["宫位制：", "："]).map(\.package) == ["fonts-wqy-microhei"])
    }

    @Test func aMachineWithoutAnyFontIsToldDejaVuForTheOtherLanguagesAndNoPackageForOtherScripts() {
        let none = FontCoverage { _ in false }
        let missing = none.missingFonts(in: [Self.turkish, Self.russian, "Ελληνικά", "สวัสดี", "한국어"])
        #expect(missing.map(\.warning) == [
            "the PNG's text needs a font for Latin, Greek and Cyrillic, which this machine lacks; install fonts-dejavu-core (apt-get install fonts-dejavu-core)",
            // Thai: no package of the three has it, so none is named (one such character said, the first).
            "the PNG's text needs a font for the character U+0E2A, which this machine lacks",
        ])
    }

    @Test func aCoveredMachineIsToldNothing() {
        let all = FontCoverage { _ in true }
        #expect(all.missingFonts(in: [Self.hindi, Self.chinese, Self.russian, Self.turkish]).isEmpty)
        #expect(Self.dejaVuOnly.missingFonts(in: ["Houses: Placidus", Self.russian, Self.turkish, "15°03′ ℞ — «Maisons : Placidus»"]).isEmpty)
        #expect(Self.dejaVuOnly.missingFonts(in: [String]()).isEmpty)
    }

    /// Spaces (French's narrow no-break space before a colon), joiners and variation selectors draw no glyph of
    /// their own: a font without them lacks nothing.
    @Test func charactersWithoutAGlyphAreNotAskedAbout() {
        let asked = Locked(Set<UInt32>())
        let coverage = FontCoverage { scalar in
            asked.withLock { _ = $0.insert(scalar.value) }
            return true
        }
        #expect(coverage.missingFonts(in: ["Maisons\u{202F}: A\u{00A0}B", "क्\u{200D}ष", "☿\u{FE0E}\t\n"]).isEmpty)
        let seen = asked.withLock { $0 }
        #expect(seen.isDisjoint(with: [0x20, 0x202F, 0x00A0, 0x200D, 0xFE0E, 0x09, 0x0A]))
        #expect(seen.isSuperset(of: [0x4D, 0x3A, 0x0915, 0x094D, 0x0937, 0x263F]))
    }

    /// This machine, set up as the README and CI set it up (fonts-dejavu-core, fonts-gargi,
    /// fonts-wqy-microhei), has a font for every word of every language's table, as fontconfig finds them.
    @Test func thisMachineHasAFontForEveryLanguage() {
        #expect(FontCoverage.system.missingFonts(in: [Self.chinese, Self.hindi, Self.russian, Self.turkish]).isEmpty)
        for language in Language.allCases {
            let terms = language.terms
            var words = [language.nativeName, terms.total, terms.housesHeading, terms.zodiacHeading, terms.tropical, terms.sidereal,
                         terms.natalWheelTitle, terms.biWheelTitle, terms.aspectGridTitle, terms.elementTableTitle,
                         terms.positionsTableTitle, terms.houseCuspsHeading, terms.houseColumnHeading, terms.bodiesHeading,
                         terms.innerChartHeading, terms.outerChartHeading,
                         terms.outerRingSynastry, terms.outerRingTransits, terms.date(iso: "1990-05-15") ?? "",
                         terms.coordinate("9°59′", .east), terms.coordinate("48°24′", .north)]
            words += BodyID.allCases.map { terms.name(of: $0) } + ZodiacSign.allCases.map { terms.placement(.sun, in: $0) }
            words += AspectKind.allCases.map { terms.name(of: $0) } + Terms.houseSystemEnglishNames.map { terms.houseSystem($0) }
            let missing = FontCoverage.system.missingFonts(in: words)
            #expect(missing.isEmpty, "\(language): \(missing.map(\.warning))")
        }
        // Asked again, from the cache, the same.
        #expect(FontCoverage.system.covers("क") && FontCoverage.system.covers("宫") && FontCoverage.system.covers("ğ"))
    }

    /// Only a PNG's text is checked, before it is painted: an SVG lacks nothing, a figure without text asks nothing.
    @Test func renderingAPNGWithTextSaysWhatItLacks() throws {
        let chart = try SampleCharts.chart("b_1990_newyork")
        var options = RenderOptions()
        options.chartSize = 300
        options.title = Self.hindi
        let png = try WheelRenderer.render(.wheel(chart), as: .png, options: options, fonts: Self.dejaVuOnly)
        #expect(png.missingFonts == [MissingFont(script: "Devanagari", package: "fonts-gargi")])
        #expect(png.data == (try WheelRenderer.png(.wheel(chart), options: options)), "the same PNG as without the check")
        let svg = try WheelRenderer.render(.wheel(chart), as: .svg, options: options, fonts: Self.dejaVuOnly)
        #expect(svg.missingFonts.isEmpty && svg.data == WheelRenderer.svg(.wheel(chart), options: options))
        #expect(try WheelRenderer.render(.wheel(chart), as: .png, options: options, fonts: .system).missingFonts.isEmpty)

        let asked = Locked(0)
        let counting = FontCoverage { _ in asked.withLock { $0 += 1 }; return false }
        options.title = nil
        #expect(try WheelRenderer.render(.wheel(chart), as: .png, options: options, fonts: counting).missingFonts.isEmpty)
        #expect(asked.withLock { $0 } == 0, "no text, no question")
    }

    @Test func eachPackageIsWarnedOfOnce() {
        let warnings = FontWarnings()
        let deva = MissingFont(script: "Devanagari", package: "fonts-gargi"), cjk = MissingFont(script: "Chinese", package: "fonts-wqy-microhei")
        #expect(warnings.unsaid([deva]) == [deva])
        #expect(warnings.unsaid([deva, cjk]) == [cjk])
        #expect(warnings.unsaid([cjk, deva]).isEmpty)
        #expect(FontWarnings().unsaid([cjk]) == [cjk], "another count starts afresh")
    }
}
