import ChartModel
import Support
import Testing
import TestSupport
import WheelRender

/// Colours reach SVG attributes, so only plain colour notations get through, always written as `#rrggbb`.
@Suite struct ColourTests {
    @Test(arguments: [
        ("#abc", "#aabbcc"), ("#ABC", "#aabbcc"), ("#1A2b3C", "#1a2b3c"), ("  #fff\n", "#ffffff"), ("#000", "#000000"),
        ("red", "#ff0000"), ("Navy", "#000080"), ("GREY", "#808080"), ("gray", "#808080"), ("gold", "#ffd700"),
        ("orange", "#ffa500"), ("aqua", "#00ffff"), ("fuchsia", "#ff00ff"), ("pink", "#ffc0cb"), ("brown", "#a52a2a"),
    ])
    func acceptedForms(text: String, hex: String) throws {
        #expect(try Colour(parsing: text, field: "sign_background").hex == hex)
    }

    @Test func everyNameHasItsOwnHexExceptTheGreySpellings() {
        #expect(Colour.names.count == 21)
        #expect(Set(Colour.names.map(\.colour)).count == 20)
    }

    @Test(arguments: [
        "red;stroke:x", #""red""#, "'red'", "<script>", "#fff\"/><script>", "url(#a)", "var(--x)", "transparent",
        "#abcd", "#ggg", "#12345", "# fff", "fff", "", "rgb(0,0,0)", "cyan", "#ｆｆｆ",
    ])
    func rejected(text: String) {
        guard let error = chartError({ _ = try Colour(parsing: text, field: "planet_icon_color") }) else { return }
        #expect(error.path == "planet_icon_color")
        #expect(error.message.contains("is not a colour (use #rgb, #rrggbb or a name"))
        #expect(error.message.hasPrefix(quote(text)), "\(error)")
    }

    @Test func errorLineReadsAsDocumented() {
        let error = chartError { _ = try Colour(parsing: "red;stroke:x", field: "planet_icon_color") }
        #expect(error?.description == #"planet_icon_color: "red;stroke:x" is not a colour (use #rgb, #rrggbb or a name: black, white, …)"#)
    }

    @Test func hexPadsSmallChannels() {
        #expect(Colour(red: 1, green: 0x0a, blue: 0xff).hex == "#010aff")
    }

    @Test func luminanceAndContrastFollowWCAG() throws {
        let black = Colour(red: 0, green: 0, blue: 0), white = Colour(red: 255, green: 255, blue: 255)
        #expect(black.relativeLuminance == 0)
        #expect(abs(white.relativeLuminance - 1) < 1e-12)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(white.contrastRatio(with: black) == black.contrastRatio(with: white))
        #expect(white.contrastRatio(with: white) == 1)
        // #777 on white is the textbook near miss of AA: 4.48:1.
        let grey = try Colour(parsing: "#777", field: "x")
        #expect(abs(grey.contrastRatio(with: white) - 4.478) < 0.001)
        // Pure red: luminance is the red coefficient.
        #expect(abs(try Colour(parsing: "red", field: "x").relativeLuminance - 0.2126) < 1e-12)
    }
}
