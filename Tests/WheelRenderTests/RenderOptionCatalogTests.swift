import ChartModel
import Foundation
import Testing
import WheelRender

/// The one declaration of each option: names and flags unique and spelt alike, and what it says of itself true.
@Suite
struct RenderOptionCatalogTests {
    @Test func namesAndFlagsAreUniqueAndSpeltAlike() {
        let names = RenderOption.all.map(\.name)
        #expect(Set(names).count == names.count)
        let flags = RenderOption.all.flatMap(\.flags)
        let negated = RenderOption.all.filter { $0.value == .boolean }.compactMap(\.flag).map { "no-" + $0 }
        #expect(Set(flags + negated).count == flags.count + negated.count)
        for option in RenderOption.all {
            if let flag = option.flag { #expect(flag == option.name.replacingOccurrences(of: "_", with: "-")) }
            #expect(!option.figures.isEmpty && !option.help.isEmpty, "\(option.name)")
            #expect(RenderOption.named(option.name) == option)
        }
    }

    /// `movesLayout` is what the layout reads: an option that says it moves nothing leaves `layout` as it was, and
    /// one that says it does changes it (but the house system and the chart settings, which move the layout through
    /// the birth's computation).
    @Test(arguments: RenderOptionsTests.flagCases)
    func movesLayoutSaysWhetherTheLayoutReadsIt(key: String, flag: String, json _: String) throws {
        let option = try #require(RenderOption.named(key))
        var options = RenderOptions()
        try options.set(option, flag)
        if !option.movesLayout {
            #expect(options.layout == RenderOptions().layout, "\(key) changed the layout's options")
        } else if key != RenderOption.houseSystem.name && !option.isChartSetting && options != RenderOptions() {
            #expect(options.layout != RenderOptions().layout, "\(key) moves the layout but left its options alone")
        }
    }

    @Test func theDocumentationTableHasARowPerOption() {
        let table = RenderOption.markdownTable()
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == RenderOption.all.count)
        for (row, option) in zip(rows, RenderOption.all) { #expect(row.hasPrefix("| `\(option.name)` |")) }
    }

    @Test func theServicesNamesAreTheirs() {
        #expect(RenderOption.chartSize.astrologyAPIName == "chart_size")
        #expect(RenderOption.planetIconColor.freeAstrologyAPIName == "planets_icon_color")
        #expect(RenderOption.cuspLineColor.freeAstrologyAPIName == "dotted_line_color")
    }
}
