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
