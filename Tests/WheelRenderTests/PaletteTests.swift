import ChartModel
import Testing
import TestSupport
@testable import WheelRender

/// Contrast and colour-blind safety of the default colours, and warnings for user colours that fall short.
struct PaletteTests {
    @Test(arguments: RenderOptions.Theme.allCases)
    func defaultColoursReachWCAGAA(theme: RenderOptions.Theme) {
        var options = RenderOptions()
        options.theme = theme
        #expect(WheelRenderer.warnings(for: options).isEmpty, "\(WheelRenderer.warnings(for: options))")
        let palette = Palette(options: options)
        for kind in AspectKind.allCases {
            // Lines are not text: WCAG asks 3:1 for graphics.
            #expect(palette.aspect[kind]!.contrastRatio(with: palette.innerBackground) >= 3, "\(kind) on the inner circle")
        }
    }

    @Test func aLowContrastUserColourIsAcceptedWithAWarning() {
        var options = RenderOptions()
        options.planetIconColor = Colour(red: 0xee, green: 0xee, blue: 0xee)
        let warnings = WheelRenderer.warnings(for: options)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("planet icons #eeeeee on #ffffff") == true)
    }

    @Test func anAspectLineColourBelow3To1OnTheInnerCircleIsWarnedAbout() throws {
        var options = RenderOptions()
        try options.set("aspect_line_colors", "Trine=#eeeeee,Square=#888888")
        let warnings = WheelRenderer.warnings(for: options)
        // #888888 on the light inner circle is 3.3:1: enough for a line, though not for text.
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.contains("Trine aspect lines #eeeeee on #f8f7f3"))
        #expect(warning.contains("below 3:1"))
        #expect(warning.contains("graphics"), "says why lines need 3:1 and not 4.5:1")
    }

    @Test func aspectLinesAreCheckedAgainstTheUsersInnerCircleAndOnlyWhenDrawn() throws {
        var options = RenderOptions()
        try options.set("inner_circle_background", "#5c5c5c")  // the light theme's conjunction grey
        try options.set("aspect_line_colors", "Quintile=#5c5c5c")
        let warnings = WheelRenderer.warnings(for: options)
        #expect(warnings.contains { $0.contains("Conjunction aspect lines #5c5c5c on #5c5c5c is 1.0:1") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("Quintile") }, "quintiles are not drawn by default")
        try options.set("allowed_aspects", "Quintile")
        #expect(WheelRenderer.warnings(for: options).contains { $0.contains("Quintile aspect lines") })
    }

    @Test func everyAspectHasItsOwnColourAndItsOwnDashPattern() {
        let kinds = AspectKind.allCases
        #expect(Set(kinds.map { AspectStyle.dashes($0) }).count == kinds.count - 1, "conjunction arcs and oppositions are the solid ones")
        for theme in RenderOptions.Theme.allCases {
            var options = RenderOptions()
            options.theme = theme
            #expect(Set(kinds.map { Palette(options: options).aspect[$0]! }).count == kinds.count)
        }
    }
}
