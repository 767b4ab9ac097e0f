import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The services are sloppy in harmless ways; those inputs are read as meant.
@Suite struct ToleranceTests {
    @Test(arguments: [
        (#""true""#, true), (#""True""#, true), (#""TRUE""#, true), ("true", true), ("1", true), (#""1""#, true),
        (#""false""#, false), (#""False""#, false), ("false", false), ("0", false), (#""0""#, false),
    ])
    func retrogradeSpellings(value: String, retrograde: Bool) throws {
        let chart = try decode(astrologyChart(planets: #"{"name": "Saturn", "full_degree": 40, "is_retro": \#(value)}"#)).chart
        #expect(chart.bodies.first?.retrograde == retrograde)
    }

    @Test func everyBodyAndAspectIsKnownByItsOwnNames() {
        for id in BodyID.allCases {
            #expect(BodyID(serviceName: id.rawValue) == id && BodyID(serviceName: id.displayName) == id, "\(id)")
        }
        for kind in AspectKind.allCases {
            #expect(AspectKind(serviceName: kind.rawValue) == kind && AspectKind(serviceName: kind.displayName) == kind, "\(kind)")
        }
        // The names shown and written are the words: the raw value capitalised, or the few written apart.
        let bodyWords: [BodyID: String] = [.northNode: "North Node", .meanNode: "Mean Node", .southNode: "South Node", .partOfFortune: "Part of Fortune"]
        for id in BodyID.allCases { #expect(id.displayName == bodyWords[id] ?? id.rawValue.prefix(1).uppercased() + id.rawValue.dropFirst()) }
        let aspectWords: [AspectKind: String] = [.semiSextile: "Semi-Sextile", .semiSquare: "Semi-Square"]
        for kind in AspectKind.allCases { #expect(kind.displayName == aspectWords[kind] ?? kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()) }
        // A name pasted from a web page may carry a no-break space; only letters count.
        #expect(BodyID(serviceName: "North\u{00A0}Node") == .northNode)
        #expect(BodyID(serviceName: "Cérès") == nil && BodyID(serviceName: "") == nil && AspectKind(serviceName: "-") == nil)
    }

    @Test func retrogradeFromSpeedWhenNoFlagIsGiven() throws {
        let planets = #"{"name": "Saturn", "full_degree": 40, "speed": -0.01}, {"name": "Sun", "full_degree": 1, "speed": 1}"#
        let chart = try decode(astrologyChart(planets: planets)).chart
        #expect(chart.body(.saturn)?.retrograde == true)
        #expect(chart.body(.sun)?.retrograde == false)
    }

    @Test(arguments: [
        ("SUN", BodyID.sun), ("moon", .moon), ("Node", .northNode), ("True Node", .northNode), ("north node", .northNode),
        ("North_Node", .northNode), ("Mean Node", .meanNode), ("South Node", .southNode), ("Lilith", .lilith),
        ("Black Moon Lilith", .lilith), ("Part of Fortune", .partOfFortune), ("part-of-fortune", .partOfFortune),
        ("Chiron", .chiron),
    ])
    func bodyNameSpellings(name: String, id: BodyID) throws {
        let chart = try decode(astrologyChart(planets: #"{"name": "\#(name)", "full_degree": 12}"#)).chart
        #expect(chart.bodies.map(\.id) == [id])
    }

    @Test func numbersGivenAsStrings() throws {
        let planets = #"{"name": "Sun", "full_degree": "285.05", "speed": " 1.02 ", "house": "12"}"#
        let houses = astrologyHouses().replacingOccurrences(of: #""house_id": 2, "start_degree": 30.0"#, with: #""house_id": "2", "start_degree": "30.5""#)
        let chart = try decode(astrologyChart(planets: planets, houses: houses, extra: #""ascendant": "0.25""#)).chart
        #expect(chart.bodies == [try! Body(id: .sun, longitude: 285.05, speed: 1.02, retrograde: false, house: 10)])
        #expect(chart.cusps[1] == 30.5)
        #expect(chart.ascendant == 0.25)
    }

    @Test func nullOptionalFieldsCountAsAbsent() throws {
        let planets = #"{"name": "Sun", "full_degree": 10, "speed": null, "house": null, "is_retro": null}"#
        let chart = try decode(astrologyChart(planets: planets, extra: #""ascendant": null"#)).chart
        #expect(chart.bodies == [try! Body(id: .sun, longitude: 10, house: 1)])
        #expect(chart.ascendant == 0)
    }

    // MARK: Angles

    @Test func anglesFromTheirOwnFieldsElseFromCuspsOneAndTen() throws {
        let given = try decode(astrologyChart(houses: astrologyHouses(first: 5), extra: #""ascendant": 7.5, "midheaven": 275"#)).chart
        #expect(given.ascendant == 7.5 && given.midheaven == 275)
        let fromCusps = try decode(astrologyChart(houses: astrologyHouses(first: 5))).chart
        #expect(fromCusps.ascendant == 5 && fromCusps.midheaven == 275)
    }

    @Test func freeAstrologyAnglesInThePlanetListAreNeverBodies() throws {
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Ascendant", "full_degree": 3.5}, {"name": "MC", "full_degree": 271.5}"#
        let bundle = #"{"planets": \#(freeResponse("planets", planets)), "houses": \#(freeResponse("houses", freeHouses))}"#
        let decoded = try decode(bundle)
        #expect(decoded.chart.bodies.map(\.id) == [.sun])
        #expect(decoded.chart.ascendant == 3.5 && decoded.chart.midheaven == 271.5)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func descendantAndICStandForTheOppositeAngles() throws {
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Descendant", "full_degree": 183.5}, {"name": "IC", "full_degree": 91.5}"#
        let bundle = #"{"planets": \#(freeResponse("planets", planets)), "houses": \#(freeResponse("houses", freeHouses))}"#
        let chart = try decode(bundle).chart
        #expect(chart.bodies.map(\.id) == [.sun])
        #expect(chart.ascendant == 3.5 && chart.midheaven == 271.5)
    }

    // MARK: Unknown names

    @Test func unknownBodyIsSkippedWithAWarningOrRefusedWhenStrict() throws {
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Hygiea", "full_degree": 2}"#
        let decoded = try decode(astrologyChart(planets: planets))
        #expect(decoded.chart.bodies.map(\.id) == [.sun])
        #expect(decoded.warnings == [#"planets[1].name: unknown body "Hygiea", skipped"#])
        expectError(at: "planets[1].name", naming: #"unknown body "Hygiea""#) { _ = try decode(astrologyChart(planets: planets), strict: true) }
    }

    @Test func aMisspeltBodyGetsTheNearestNameInTheWarningAndTheStrictError() throws {
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Satrun", "full_degree": 2}, {"name": "Eris", "full_degree": 3}"#
        let decoded = try decode(astrologyChart(planets: planets))
        #expect(decoded.warnings == [
            #"planets[1].name: unknown body "Satrun" (did you mean "Saturn"?), skipped"#,
            // Eris is a real dwarf planet, two edits from "Ceres": too far in a name that short to be a typo of it.
            #"planets[2].name: unknown body "Eris", skipped"#,
        ])
        expectError(at: "planets[1].name", naming: #"unknown body "Satrun" (did you mean "Saturn"?)"#) {
            _ = try decode(astrologyChart(planets: planets), strict: true)
        }
    }

    @Test func aMisspeltAspectTypeGetsTheNearestName() throws {
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Sqaure"}]"#
        #expect(try decode(astrologyChart(extra: aspects)).warnings == [#"aspects[0].type: unknown aspect "Sqaure" (did you mean "Square"?), skipped"#])
    }

    @Test func unknownAspectTypeIsSkippedWithAWarningOrRefusedWhenStrict() throws {
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Parallel"}, {"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "square", "orb": 0.5}]"#
        let decoded = try decode(astrologyChart(extra: aspects))
        #expect(decoded.chart.aspects == [try! Aspect(first: .sun, second: .moon, kind: .square, orb: 0.5)])
        #expect(decoded.warnings == [#"aspects[0].type: unknown aspect "Parallel", skipped"#])
        expectError(at: "aspects[0].type", naming: #""Parallel""#) { _ = try decode(astrologyChart(extra: aspects), strict: true) }
    }

    @Test func aspectWithABodyNotInTheChartIsSkipped() throws {
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Chiron", "type": "Trine"}]"#
        for strict in [false, true] {
            let decoded = try decode(astrologyChart(extra: aspects), strict: strict)
            #expect(decoded.chart.aspects == [])
            #expect(decoded.warnings == [#"aspects[0].aspected_planet: "Chiron" is not a body in the chart, skipped"#])
        }
    }

    @Test func minorAspectNamesFromFreeAstrology() throws {
        let names = ["Semi-Sextile", "Quintile", "Septile", "Octile", "Novile", "Sesquiquadrate"]
        let list = names.map { #"{"planet1_name": "Sun", "planet2_name": "Moon", "aspect_name": "\#($0)"}"# }.joined(separator: ", ")
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Moon", "full_degree": 2}"#
        let bundle = #"{"planets": \#(freeResponse("planets", planets)), "houses": \#(freeResponse("houses", freeHouses)), "aspects": \#(freeResponse("aspects", list))}"#
        let kinds = try decode(bundle).chart.aspects?.map(\.kind)
        #expect(kinds == [.semiSextile, .quintile, .septile, .semiSquare, .novile, .sesquiquadrate])
    }

    @Test func absentAspectsAreNilAndAnEmptyListIsKept() throws {
        #expect(try decode(astrologyChart()).chart.aspects == nil)
        #expect(try decode(astrologyChart(extra: #""aspects": []"#)).chart.aspects == [])
        let bundle = #"{"planets": \#(freeResponse("planets", #"{"name": "Sun", "full_degree": 1}"#)), "houses": \#(freeResponse("houses", freeHouses))}"#
        #expect(try decode(bundle).chart.aspects == nil)
    }

    // MARK: Three files

    @Test(arguments: SampleCharts.ids)
    func threeFilesGiveTheSameChartAsTheBundle(id: String) throws {
        let bundle = try #require(try JSONSerialization.jsonObject(with: try Samples.data("freeastrologyapi", id)) as? [String: Any])
        func part(_ key: String) throws -> Data { try JSONSerialization.data(withJSONObject: try #require(bundle[key])) }
        let fromFiles = try ChartDecoder.decode(planets: try part("planets"), houses: try part("houses"), aspects: try part("aspects"))
        #expect(fromFiles.format == .freeAstrologyAPI)
        #expect(fromFiles.chart == (try Samples.chart("freeastrologyapi", id)).chart)
    }

    @Test func threeFilesWithoutAspects() throws {
        let decoded = try ChartDecoder.decode(
            planets: Data(freeResponse("planets", #"{"name": "Sun", "full_degree": 1}, {"name": "Hygiea", "full_degree": 2}"#).utf8),
            houses: Data(freeResponse("houses", freeHouses).utf8), aspects: nil)
        #expect(decoded.chart.aspects == nil)
        #expect(decoded.warnings == [#"planets: data.planets[1].name: unknown body "Hygiea", skipped"#])
    }

    @Test func byteOrderMarkAndUnicodeEscapesAreRead() throws {
        let text = "\u{FEFF}" + astrologyChart(planets: #"{"name": "\u0053un", "full_degree": 1}"#)
        #expect(try decode(text).chart.bodies.map(\.id) == [.sun])
    }
}
