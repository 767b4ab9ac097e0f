import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
import WheelRender

/// Options under the services' own names, from an options file or from flag strings.
// Raw strings here use ##"…"## because colours put "# inside them.
@Suite struct RenderOptionsTests {
    private func options(_ json: String) throws(ChartError) -> RenderOptions {
        try RenderOptions.decode(json: Data(json.utf8))
    }

    private func colour(_ text: String) -> Colour { try! Colour(parsing: text, field: "test") }

    @Test func everyKeyFromJSON() throws {
        let decoded = try options(##"""
            {
              "chart_size": 800, "image_type": "PNG", "theme": "dark",
              "planet_icon_color": "#111", "inner_circle_background": "#222", "sign_icon_color": "#333",
              "sign_background": "#444", "chart_background_color": "#555",
              "aspect_line_colors": {"Trine": "#00f", "Semi-Sextile": "red"},
              "exclude_planets": ["Node", "pluto"], "allowed_aspects": ["Conjunction", "Trine", "Quintile"],
              "orb_values": {"Conjunction": 3, "Trine": 5.5}, "title": "  Ada Lovelace  "
            }
            """##)
        var expected = RenderOptions()
        expected.chartSize = 800
        expected.imageType = .png
        expected.theme = .dark
        expected.planetIconColor = colour("#111")
        expected.innerCircleBackground = colour("#222")
        expected.signIconColor = colour("#333")
        expected.signBackground = colour("#444")
        expected.chartBackgroundColor = colour("#555")
        expected.aspectLineColors = [.trine: colour("#00f"), .semiSextile: colour("red")]
        expected.excludePlanets = [.northNode, .pluto]
        expected.allowedAspects = [.conjunction, .trine, .quintile]
        expected.orbValues = [.conjunction: 3, .trine: 5.5]
        expected.title = "Ada Lovelace"
        #expect(decoded == expected)
    }

    @Test func wheelChartColorsSetTheMatchingOptions() throws {
        let decoded = try options(##"""
            {"wheel_chart_colors": {"zodiac_sign_background_color": "#010101", "chart_background_color": "#020202",
              "zodiac_signs_text_color": "#030303", "dotted_line_color": "#040404", "planets_icon_color": "#050505"}}
            """##)
        #expect(decoded.signBackground == colour("#010101"))
        #expect(decoded.chartBackgroundColor == colour("#020202"))
        #expect(decoded.signIconColor == colour("#030303"))
        #expect(decoded.cuspLineColor == colour("#040404"))
        #expect(decoded.planetIconColor == colour("#050505"))
    }

    @Test func emptyObjectGivesTheDefaults() throws {
        #expect(try options("{}") == RenderOptions())
    }

    @Test func unknownKeyIsAnErrorWithASuggestion() {
        expectError(at: "chart_sise", naming: #"unknown option (did you mean "chart_size"?)"#) { _ = try options(#"{"chart_sise": 600}"#) }
        expectError(at: "wheel_chart_colors.dotted_line_colour", naming: #"did you mean "dotted_line_color""#) {
            _ = try options(##"{"wheel_chart_colors": {"dotted_line_colour": "#fff"}}"##)
        }
        expectError(at: "stroke", naming: "unknown option") { _ = try options(#"{"stroke": 1}"#) }
    }

    @Test(arguments: [
        (#"{"allowed_aspects": ["Trien"]}"#, "allowed_aspects[0]", #"unknown aspect "Trien" (did you mean "Trine"?)"#),
        (#"{"orb_values": {"sextle": 4}}"#, "orb_values.sextle", #"unknown aspect "sextle" (did you mean "Sextile"?)"#),
        (##"{"aspect_line_colors": {"OPOSITION": "#000"}}"##, "aspect_line_colors.OPOSITION", #"(did you mean "Opposition"?)"#),
        (#"{"exclude_planets": ["Satrun"]}"#, "exclude_planets[0]", #"unknown body "Satrun" (did you mean "Saturn"?)"#),
        (#"{"exclude_planets": ["Nort Node"]}"#, "exclude_planets[0]", #"(did you mean "North Node"?)"#),
        (#"{"chart_szie": 600}"#, "chart_szie", #"unknown option (did you mean "chart_size"?)"#),
    ])
    func misspeltNamesGetTheNearestKnownName(json: String, path: String, message: String) {
        expectError(at: path, naming: message) { _ = try options(json) }
    }

    @Test func namesTooFarFromAnyKnownOneGetNoSuggestion() {
        for json in [#"{"exclude_planets": ["Hygiea"]}"#, #"{"allowed_aspects": ["Parallel"]}"#, #"{"orb_values": {"Tri": 2}}"#] {
            guard let error = chartError({ _ = try options(json) }) else { continue }
            #expect(!error.message.contains("did you mean"), "\(error)")
        }
    }

    @Test(arguments: [
        (#"{"chart_size": 50}"#, "chart_size", "50 is below 250, the smallest size at which the wheel stays readable (sizes 250...4000)"),
        (#"{"chart_size": 249}"#, "chart_size", "249 is below 250, the smallest size at which the wheel stays readable (sizes 250...4000)"),
        (#"{"chart_size": 4001}"#, "chart_size", "4001 is above 4000, the largest size drawn (sizes 250...4000)"),
        (#"{"chart_size": 600.5}"#, "chart_size", "expected a whole number, got 600.5"),
        (#"{"image_type": "gif"}"#, "image_type", #""gif" is not one of svg, png"#),
        (#"{"theme": "blue"}"#, "theme", #""blue" is not one of light, dark"#),
        (#"{"language": "xx"}"#, "language", #""xx" is not one of en, es, pt, fr, de, it, ru, tr, hi, zh"#),
        (#"{"language": "pt-BR"}"#, "language", #""pt-BR" is not one of en, es, pt, fr, de, it, ru, tr, hi, zh"#),
        (#"{"planet_icon_color": "red;stroke:x"}"#, "planet_icon_color", #""red;stroke:x" is not a colour"#),
        (#"{"sign_background": 255}"#, "sign_background", "expected a string, got 255"),
        (##"{"aspect_line_colors": {"Trine": "url(#x)"}}"##, "aspect_line_colors.Trine", ##""url(#x)" is not a colour"##),
        (##"{"aspect_line_colors": {"Trin": "#fff"}}"##, "aspect_line_colors.Trin", #"unknown aspect "Trin""#),
        (##"{"aspect_line_colors": ["#fff"]}"##, "aspect_line_colors", "expected an object, got an array"),
        (#"{"exclude_planets": ["Sun", "Eris"]}"#, "exclude_planets[1]", #"unknown body "Eris""#),
        (#"{"elevation": 9001}"#, "elevation", "9001 is outside -500...9000 metres"),
        (#"{"ayanamsa": ""}"#, "ayanamsa", "is empty; give tropical or an ayanamsa's name"),
        (#"{"topocentric": "yes"}"#, "topocentric", "expected true or false"),
        (#"{"exclude_planets": "Sun"}"#, "exclude_planets", #"expected a list, got "Sun""#),
        (#"{"allowed_aspects": ["Trine", "Parallel"]}"#, "allowed_aspects[1]", #"unknown aspect "Parallel""#),
        (#"{"orb_values": {"Trine": 0}}"#, "orb_values.Trine", "0 is outside 0 < orb <= 15"),
        (#"{"orb_values": {"Trine": 15.5}}"#, "orb_values.Trine", "15.5 is outside 0 < orb <= 15"),
        (#"{"orb_values": {"Trine": -2}}"#, "orb_values.Trine", "-2 is outside"),
        (#"{"orb_values": {"Tri": 2}}"#, "orb_values.Tri", #"unknown aspect "Tri""#),
        (#"{"title": "\#(String(repeating: "a", count: 201))"}"#, "title", "201 Unicode scalars long, at most 200"),
        (#"{"title": "a\u0007b"}"#, "title", "control character"),
        (#"{"wheel_chart_colors": {"planets_icon_color": "<b>"}}"#, "wheel_chart_colors.planets_icon_color", #""<b>""#),
        (#"{"background": "transparent"}"#, "background", #""transparent" is neither none nor a colour"#),
        (#"{"background": false}"#, "background", "expected a string, got false"),
        (#"{"legend": "yes"}"#, "legend", #"expected true or false, got "yes""#),
        (#"{"cusp_degrees": 2}"#, "cusp_degrees", "expected true or false, got 2"),
        (#"{"house_system": "\#(String(repeating: "a", count: 41))"}"#, "house_system", "41 Unicode scalars long, at most 40"),
        (#"{"house_system": "a\u0007b"}"#, "house_system", "control character"),
    ])
    func badValuesAreRefusedAtTheirKeyPath(json: String, path: String, message: String) {
        expectError(at: path, naming: message) { _ = try options(json) }
    }

    @Test func titleAtTheLimitIsAccepted() throws {
        let title = String(repeating: "é", count: 200)
        #expect(try options(#"{"title": "\#(title)"}"#).title == title)
    }

    @Test func notAnObjectOrNotJSON() {
        expectError(at: "", naming: "expected an object, got an array") { _ = try options("[]") }
        expectError(at: "", naming: "not JSON") { _ = try options("{chart_size: 600}") }
    }

    // MARK: Layering

    @Test func applyLayersAFileOverExistingValues() throws {
        var layered = try options(##"{"chart_size": 800, "aspect_line_colors": {"Trine": "#00f"}, "exclude_planets": ["Node"], "title": "x"}"##)
        try layered.apply(json: Data(##"{"aspect_line_colors": {"Square": "#f00"}, "exclude_planets": ["Pluto"], "title": null}"##.utf8))
        #expect(layered.chartSize == 800)  // untouched
        #expect(layered.aspectLineColors == [.trine: colour("#00f"), .square: colour("#f00")])  // maps merge
        #expect(layered.excludePlanets == [.pluto])  // lists replace
        #expect(layered.title == nil)  // null resets
    }

    @Test func aFailedApplyChangesNothing() throws {
        var layered = try options(#"{"chart_size": 800}"#)
        let before = layered
        #expect(throws: ChartError.self) { try layered.apply(json: Data(#"{"chart_size": 900, "theme": "neon"}"#.utf8)) }
        #expect(layered == before)
        #expect(throws: ChartError.self) { try layered.set("aspect_line_colors", "Trine=#00f,Square=nope") }
        #expect(layered == before)
    }

    @Test func backgroundIsNoneOrAColourAndTheLastSaidWins() throws {
        let none = try options(#"{"background": " none "}"#)
        #expect(none.transparentBackground && none.chartBackgroundColor == nil)
        let coloured = try options(##"{"background": "none", "chart_background_color": "#123"}"##)
        #expect(!coloured.transparentBackground && coloured.chartBackgroundColor == colour("#123"))
        let again = try options(##"{"chart_background_color": "#123", "background": "none"}"##)
        #expect(again.transparentBackground)
        let colourThroughBackground = try options(##"{"background": "navy"}"##)
        #expect(!colourThroughBackground.transparentBackground && colourThroughBackground.chartBackgroundColor == colour("navy"))
        var reset = none
        try reset.apply(json: Data(#"{"background": null}"#.utf8))
        #expect(reset == RenderOptions())
    }

    // MARK: The layout's part

    @Test func theLayoutsOptionsAreReadAndWrittenThroughLayout() {
        var options = RenderOptions()
        options.chartSize = 800
        options.title = "Ada"
        options.excludePlanets = [.chiron]
        options.allowedAspects = [.trine]
        options.orbValues = [.trine: 4]
        #expect(options.layout.chartSize == 800)
        #expect(options.layout.title == "Ada")
        #expect(options.layout.excludePlanets == [.chiron])
        #expect(options.layout.allowedAspects == [.trine])
        #expect(options.layout.orbValues == [.trine: 4])
        #expect(options.effectiveAspectKinds == [.trine])
        options.layout.chartSize = 900
        #expect(options.chartSize == 900)
    }

    // MARK: Flag strings

    /// A flag's text for each option beside the JSON value it stands for; every declared option has one.
    static let flagCases: [(key: String, flag: String, json: String)] = [
        ("chart_size", "800", "800"),
        ("image_type", "svg", #""svg""#),
        ("theme", "Dark", #""dark""#),
        ("language", "DE", #""de""#),
        ("planet_icon_color", "#123", ##""#123""##),
        ("inner_circle_background", "white", #""white""#),
        ("sign_icon_color", "navy", #""navy""#),
        ("sign_background", "#abcdef", ##""#abcdef""##),
        ("chart_background_color", "black", #""black""#),
        ("background", "None", #""none""#),
        ("legend", "true", "true"),
        ("cusp_degrees", "1", "true"),
        ("house_system", " Placidus ", #""Placidus""#),
        ("legend", "FALSE", "false"),
        ("background", "#102030", ##""#102030""##),
        ("aspect_line_colors", "Trine=#00f, Square = #f00", ##"{"Trine": "#00f", "Square": "#f00"}"##),
        ("exclude_planets", "Node, Chiron,Part of Fortune", #"["Node", "Chiron", "Part of Fortune"]"#),
        ("exclude_planets", "", "[]"),
        ("allowed_aspects", "Conjunction,Quintile", #"["Conjunction", "Quintile"]"#),
        ("orb_values", "Conjunction=3,Trine=5.5", #"{"Conjunction": 3, "Trine": 5.5}"#),
        ("title", "Smith, Jane", #""Smith, Jane""#),
        ("wheel_chart_colors", "dotted_line_color=#888,planets_icon_color=red", ##"{"dotted_line_color": "#888", "planets_icon_color": "red"}"##),
        ("cusp_line_color", "gray", #""gray""#),
        ("outer_planet_icon_color", "#00f", ##""#00f""##),
        ("outer_ring_background", "silver", #""silver""#),
        ("outer_orb_values", "Trine=3,Square=2", #"{"Trine": 3, "Square": 2}"#),
        ("inner_aspects", "true", "true"),
        ("all_cross_aspects", "True", "true"),
        ("id_prefix", "natal-1", #""natal-1""#),
        ("ayanamsa", " Lahiri ", #""Lahiri""#),
        ("topocentric", "1", "true"),
        ("elevation", "216.5", "216.5"),
        ("asteroids", "TRUE", "true"),
    ]

    /// Each flag string must mean exactly what the JSON value means: one reader serves both. And it must change
    /// something (over options where the default would not show), so an option read and dropped cannot pass.
    @Test(arguments: flagCases)
    func flagStringMatchesTheJSONValue(key: String, flag: String, json: String) throws {
        var fromFlag = RenderOptions()
        try fromFlag.set(key, flag)
        let fromJSON = try options(#"{"\#(key)": \#(json)}"#)
        #expect(fromFlag == fromJSON)
        let changed = try options(#"{"legend": true, "exclude_planets": ["Node"], "cusp_degrees": true}"#)
        var overChanged = changed
        try overChanged.set(key, flag)
        #expect(fromFlag != RenderOptions() || overChanged != changed, "\(key) \(flag): the value changed nothing")
    }

    @Test func everyDeclaredOptionHasAFlagCase() {
        let covered = Set(Self.flagCases.map(\.key))
        for option in RenderOption.all {
            #expect(covered.contains(option.name), "\(option.name) has no flag case")
        }
    }

    @Test func flagNamesMayUseDashesAndAddressOneMapEntry() throws {
        var set = RenderOptions()
        try set.set("chart-size", "1200")
        try set.set("aspect_line_colors.Trine", "#00f")
        try set.set("wheel-chart-colors.dotted_line_color", "#888")
        try set.set("aspect_line_colors.Semi-Sextile", "red")
        #expect(set.chartSize == 1200)
        #expect(set.aspectLineColors == [.trine: colour("#00f"), .semiSextile: colour("red")])
        #expect(set.cuspLineColor == colour("#888"))
    }

    @Test func flagErrorsNameTheKey() {
        var set = RenderOptions()
        expectError(at: "chart_size", naming: #"expected a number, got "big""#) { try set.set("chart_size", "big") }
        expectError(at: "aspect_line_colors", naming: #""Trine" is not name=value"#) { try set.set("aspect_line_colors", "Trine") }
        expectError(at: "orb_values.Trine", naming: "given twice") { try set.set("orb_values", "Trine=2,Trine=3") }
        expectError(at: "orb_values.Trine", naming: #""20" is outside"#) { try set.set("orb_values", "Trine=20") }
        expectError(at: "aspect_line_colors.Trine", naming: ##""#zzz" is not a colour"##) { try set.set("aspect_line_colors.Trine", "#zzz") }
        expectError(at: "titel", naming: #"did you mean "title""#) { try set.set("titel", "x") }
        expectError(at: "chart_size.width", naming: "chart_size has no entries") { try set.set("chart_size.width", "9") }
        expectError(at: "aspect_line_colors.Semi-Sextil", naming: #"unknown aspect "Semi-Sextil""#) {
            try set.set("aspect_line_colors.Semi-Sextil", "red")
        }
    }
}
