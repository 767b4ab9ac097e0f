import Foundation
import ChartModel
import Testing
import TestSupport
@testable import WheelRender

/// Contrast and colour-blind safety of the default colours, and warnings for user colours that fall short.
@Suite
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
        try options.set("inner_circle_background", "#202020")  // the light theme's conjunction grey
        try options.set("aspect_line_colors", "Quintile=#202020")
        let warnings = WheelRenderer.warnings(for: options)
        #expect(warnings.contains { $0.contains("Conjunction aspect lines #202020 on #202020 is 1.0:1") }, "\(warnings)")
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

    static let majorAspects: [AspectKind] = [.conjunction, .opposition, .square, .trine, .sextile, .quincunx]

    /// The six major aspects are told apart at a glance: by colour for normal vision and for the three kinds of
    /// dichromacy, and by line (conjunctions are arcs; the other five have five different dash patterns).
    @Test(arguments: RenderOptions.Theme.allCases)
    func theMajorAspectsDifferInColourForEveryVisionAndInLine(theme: RenderOptions.Theme) {
        var options = RenderOptions()
        options.theme = theme
        let palette = Palette(options: options)
        for vision in Vision.allCases {
            for (i, first) in Self.majorAspects.enumerated() {
                for second in Self.majorAspects[(i + 1)...] {
                    let distance = labDistance(vision.lab(palette.aspect[first]!), vision.lab(palette.aspect[second]!))
                    #expect(distance >= 15, "\(theme) \(vision): \(first) and \(second) are \(distance) apart in CIELAB")
                }
            }
        }
        let chords = Self.majorAspects.dropFirst().map(AspectStyle.dashes)
        #expect(Set(chords).count == chords.count, "the five chords' dash patterns differ")
    }
}

/// Colour as seen with normal vision or simulated dichromacy (Machado, Oliveira and Fernandes 2009, severity 1),
/// in CIELAB (D65), where a distance of about 10 is a difference seen at a glance.
enum Vision: CaseIterable {
    case normal, protanopia, deuteranopia, tritanopia

    private var matrix: [[Double]] {
        switch self {
        case .normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        case .protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
    }

    func lab(_ colour: Colour) -> (l: Double, a: Double, b: Double) {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let rgb = [linear(colour.red), linear(colour.green), linear(colour.blue)]
        let seen = matrix.map { row in min(1, max(0, zip(row, rgb).map(*).reduce(0, +))) }
        let x = 0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]
        let y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
        let z = 0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}

private func labDistance(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
    ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b)).squareRoot()
}
