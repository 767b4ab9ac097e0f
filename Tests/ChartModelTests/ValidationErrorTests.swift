import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// Data that would draw a wrong chart is refused, with the path of the field and the bad value in the message.
@Suite struct ValidationErrorTests {
    // MARK: Longitudes

    @Test(arguments: ["400", "360", "-1", "-0.5"])
    func longitudeOutsideTheCircle(value: String) {
        let planets = #"{"name": "Sun", "full_degree": 10}, {"name": "Moon", "full_degree": \#(value)}"#
        expectError(at: "planets[1].full_degree", naming: "\(value) is outside 0..<360") {
            _ = try decode(astrologyChart(planets: planets))
        }
    }

    @Test func longitudeTooLargeToBeFinite() {
        expectError(at: "planets[0].full_degree", naming: "1e999 is not a finite number") {
            _ = try decode(astrologyChart(planets: #"{"name": "Sun", "full_degree": 1e999}"#))
        }
    }

    @Test(arguments: [#""abc""#, #""NaN""#, #""inf""#, "true", "[1]", "null"])
    func longitudeThatIsNotANumber(value: String) {
        let expected = value == "[1]" ? "an array" : value
        expectError(at: "planets[0].full_degree", naming: "expected a number, got \(expected)") {
            _ = try decode(astrologyChart(planets: #"{"name": "Sun", "full_degree": \#(value)}"#))
        }
    }

    @Test func ascendantAndMidheavenOutOfRange() {
        expectError(at: "ascendant", naming: "361") { _ = try decode(astrologyChart(extra: #""ascendant": 361"#)) }
        expectError(at: "midheaven", naming: "-5") { _ = try decode(astrologyChart(extra: #""midheaven": -5"#)) }
    }

    @Test func cuspOutOfRange() {
        let houses = astrologyHouses().replacingOccurrences(of: #""start_degree": 90.0"#, with: #""start_degree": 720"#)
        expectError(at: "houses[3].start_degree", naming: "720") { _ = try decode(astrologyChart(houses: houses)) }
    }

    // MARK: Bodies

    @Test func duplicateBody() {
        let planets = #"{"name": "Sun", "full_degree": 10}, {"name": "Moon", "full_degree": 20}, {"name": "sun", "full_degree": 30}"#
        expectError(at: "planets[2].name", naming: #"duplicate body "sun""#) { _ = try decode(astrologyChart(planets: planets)) }
    }

    @Test func nodeAndTrueNodeAreTheSameBody() {
        let planets = #"{"name": "Node", "full_degree": 10}, {"name": "True Node", "full_degree": 11}"#
        guard let error = chartError({ _ = try decode(astrologyChart(planets: planets)) }) else { return }
        #expect(error.path == "planets[1].name")
        // Both spellings and the body they mean, so the user sees why two different names clash.
        #expect(error.message.contains(#""True Node""#) && error.message.contains(#""Node""#))
        #expect(error.message.contains("North Node"))
    }

    @Test func bodyHouseOutsideOneToTwelve() {
        expectError(at: "planets[0].house", naming: "13 is outside 1...12") {
            _ = try decode(astrologyChart(planets: #"{"name": "Sun", "full_degree": 10, "house": 13}"#))
        }
    }

    @Test func missingRequiredField() {
        let planets = #"{"name": "Sun", "full_degree": 10}, {"name": "Moon", "full_degree": 20}, {"name": "Mars", "speed": 1}"#
        expectError(at: "planets[2]", naming: #"missing "full_degree""#) { _ = try decode(astrologyChart(planets: planets)) }
        expectError(at: "planets[0]", naming: #"missing "name""#) {
            _ = try decode(astrologyChart(planets: #"{"full_degree": 10}"#))
        }
    }

    @Test func nameThatIsNotAString() {
        expectError(at: "planets[0].name", naming: "expected a string, got 7") {
            _ = try decode(astrologyChart(planets: #"{"name": 7, "full_degree": 10}"#))
        }
    }

    @Test func retrogradeThatIsNotAFlag() {
        expectError(at: "planets[0].is_retro", naming: #"expected true or false, got "maybe""#) {
            _ = try decode(astrologyChart(planets: #"{"name": "Sun", "full_degree": 10, "is_retro": "maybe"}"#))
        }
    }

    @Test func noBodies() {
        expectError(at: "planets", naming: "no bodies") { _ = try decode(astrologyChart(planets: "")) }
        // Only unknown points left: nothing to draw either.
        expectError(at: "planets", naming: "no known bodies") {
            _ = try decode(astrologyChart(planets: #"{"name": "Vertex", "full_degree": 10}"#))
        }
    }

    // MARK: Houses

    @Test func houseNumberOutsideOneToTwelve() {
        let houses = astrologyHouses(count: 11) + #", {"house_id": 13, "start_degree": 330}"#
        expectError(at: "houses[11].house_id", naming: "13 is outside 1...12") { _ = try decode(astrologyChart(houses: houses)) }
    }

    @Test func houseGivenTwice() {
        let houses = astrologyHouses(count: 11) + #", {"house_id": 3, "start_degree": 330}"#
        expectError(at: "houses[11].house_id", naming: "house 3 given twice") { _ = try decode(astrologyChart(houses: houses)) }
    }

    @Test(arguments: [0, 11])
    func cuspCountOtherThanTwelve(count: Int) {
        expectError(at: "houses", naming: "\(count) cusps, expected 12") {
            _ = try decode(astrologyChart(houses: astrologyHouses(count: count)))
        }
    }

    @Test func thirteenCuspsInTheOwnFormat() {
        // A thirteenth house entry would be refused for its number first; a plain cusp list can hold 13.
        let cusps = (0..<13).map { String($0 * 27) }.joined(separator: ", ")
        expectError(at: "cusps", naming: "13 cusps, expected 12") {
            _ = try decode(#"{"bodies": [{"id": "sun", "longitude": 1}], "cusps": [\#(cusps)]}"#)
        }
    }

    @Test func missingHouses() {
        expectError(at: "", naming: #"missing "houses""#) { _ = try decode(#"{"planets": [{"name": "Sun", "full_degree": 1}]}"#) }
    }

    // MARK: Aspects

    @Test func aspectOfABodyWithItself() {
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "sun", "type": "Conjunction"}]"#
        expectError(at: "aspects[0].aspected_planet", naming: #""sun""#) { _ = try decode(astrologyChart(extra: aspects)) }
    }

    @Test func aspectOrbThatIsNotANumber() {
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Square", "orb": "wide"}]"#
        expectError(at: "aspects[0].orb", naming: #""wide""#) { _ = try decode(astrologyChart(extra: aspects)) }
    }

    // MARK: The document

    @Test(arguments: ["", "   \n\t "])
    func emptyInput(text: String) {
        expectError(at: "", naming: "empty input") { _ = try decode(text) }
    }

    @Test(arguments: [
        ("{\"planets\": [1,}", "line 1, column 16"),
        ("{\n  \"planets\": [\n    {\"name\" \"Sun\"}\n  ]\n}", "line 3, column 13"),
        ("{\"a\": 1} x", "after the document"),
        ("{'a': 1}", "'''"),
        ("{\"a\": tru}", "line 1, column 7"),
        ("{\"a\": 1, \"a\": 2}", #"key "a" appears twice"#),
        ("[" + String(repeating: "[", count: 300), "nested deeper"),
    ])
    func notJSON(text: String, detail: String) {
        guard let error = chartError({ _ = try decode(text) }) else { return }
        #expect(error.path == "")
        #expect(error.message.hasPrefix("not JSON: "), "\(error)")
        #expect(error.message.contains(detail), "\(error)")
    }

    @Test(arguments: [#"{"foo": 1}"#, "[1, 2]", #""planets""#, #"{"planets": "Sun"}"#])
    func unrecognisedShape(text: String) {
        guard let error = chartError({ _ = try decode(text) }) else { return }
        #expect(error.path == "")
        #expect(error.message.hasPrefix("unrecognised chart format: expected"))
        // Names what each format needs, so the user can see which one they were close to.
        for needed in ["AstrologyAPI", "FreeAstrologyAPI", "NatalChart", #""planets""#, #""houses""#, #""bodies""#, #""data""#] {
            #expect(error.message.contains(needed), "\(needed)")
        }
    }

    @Test func aSingleFreeAstrologyResponseIsRecognisedAsSuch() {
        guard let error = chartError({ _ = try decode(freeResponse("planets", "")) }) else { return }
        #expect(error.message.contains("single FreeAstrologyAPI response"))
    }

    // MARK: Paths in the other formats

    @Test func freeAstrologyPathsAreInItsOwnTerms() {
        let planets = #"{"name": "Sun", "full_degree": 1}, {"name": "Moon", "full_degree": 2}, {"name": "Mars", "full_degree": 3}, {"name": "Venus", "full_degree": 400}"#
        let bundle = #"{"planets": \#(freeResponse("planets", planets)), "houses": \#(freeResponse("houses", freeHouses))}"#
        expectError(at: "planets.data.planets[3].full_degree", naming: "400") { _ = try decode(bundle) }

        let ascendant = #"{"name": "Sun", "full_degree": 1}, {"name": "Ascendant", "full_degree": "x"}"#
        let badAngle = #"{"planets": \#(freeResponse("planets", ascendant)), "houses": \#(freeResponse("houses", freeHouses))}"#
        expectError(at: "planets.data.planets[1].full_degree", naming: #""x""#) { _ = try decode(badAngle) }
    }

    @Test func freeAstrologyFailedResponseShowsItsStatus() {
        let failed = #"{"status": "error", "message": "Invalid API key"}"#
        let bundle = #"{"planets": \#(freeResponse("planets", #"{"name": "Sun", "full_degree": 1}"#)), "houses": \#(failed)}"#
        expectError(at: "houses", naming: #"missing "data" (the response's status is "error": "Invalid API key")"#) {
            _ = try decode(bundle)
        }
    }

    @Test func threeFilePathsStartWithTheFileRole() {
        let badHouses = freeHouses.replacingOccurrences(of: #""degree": 90.0"#, with: #""degree": 390"#)
        guard let error = chartError({
            _ = try ChartDecoder.decode(
                planets: Data(freeResponse("planets", #"{"name": "Sun", "full_degree": 1}"#).utf8),
                houses: Data(freeResponse("houses", badHouses).utf8), aspects: nil)
        }) else { return }
        #expect(error.path == "houses: data.houses[3].degree")
        #expect(error.description == "houses: data.houses[3].degree: 390 is outside 0..<360")
    }

    @Test func threeFileNotJSONNamesTheFile() {
        expectError(at: "aspects", naming: "not JSON") {
            _ = try ChartDecoder.decode(
                planets: Data(freeResponse("planets", #"{"name": "Sun", "full_degree": 1}"#).utf8),
                houses: Data(freeResponse("houses", freeHouses).utf8), aspects: Data("{oops".utf8))
        }
    }

    @Test func ownFormatIsValidatedToo() {
        let bodies = #"{"id": "sun", "longitude": 1}, {"id": "moon", "longitude": 2}, {"id": "mars", "longitude": 361}"#
        let cusps = (0..<12).map { String($0 * 30) }.joined(separator: ", ")
        expectError(at: "bodies[2].longitude", naming: "361") { _ = try decode(#"{"bodies": [\#(bodies)], "cusps": [\#(cusps)]}"#) }

        let badCusp = #"{"bodies": [{"id": "sun", "longitude": 1}], "cusps": [0, 30, 60, 90, 120, "x", 180, 210, 240, 270, 300, 330]}"#
        expectError(at: "cusps[5]", naming: #""x""#) { _ = try decode(badCusp) }

        let badKind = #"{"bodies": [{"id": "sun", "longitude": 1}, {"id": "moon", "longitude": 2}], "cusps": [\#(cusps)], "aspects": [{"first": "sun", "second": "moon", "kind": 3}]}"#
        expectError(at: "aspects[0].kind", naming: "got 3") { _ = try decode(badKind) }
    }
}
