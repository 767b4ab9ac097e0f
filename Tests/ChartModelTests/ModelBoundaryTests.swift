import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The model's initializers and decoders accept only what the wheel can draw, and say what and where when not.
@Suite struct ModelBoundaryTests {
    static let equalCusps = (0..<12).map { Double($0) * 30 }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 360, -1e-300, 1e300])
    func aBodyNeedsALongitudeInRange(longitude: Double) {
        expectError(at: "longitude", naming: "outside 0..<360") { _ = try Body(id: .sun, longitude: longitude) }
    }

    @Test func aBodysOtherFieldsAreChecked() {
        expectError(at: "latitude", naming: "91") { _ = try Body(id: .sun, longitude: 1, latitude: 91) }
        expectError(at: "speed", naming: "nan") { _ = try Body(id: .sun, longitude: 1, speed: .nan) }
        expectError(at: "house", naming: "13") { _ = try Body(id: .sun, longitude: 1, house: 13) }
    }

    @Test func anOrbIsWithinThirtyDegreesAndKeepsItsSign() throws {
        expectError(at: "orb", naming: "30000000 is outside -30...30") { _ = try Aspect(first: .sun, second: .moon, kind: .trine, orb: 3e7) }
        expectError(at: "orb", naming: "nan") { _ = try Aspect(first: .sun, second: .moon, kind: .trine, orb: .nan) }
        expectError(at: "second", naming: "Sun") { _ = try Aspect(first: .sun, second: .sun, kind: .trine) }
        #expect(try Aspect(first: .sun, second: .moon, kind: .trine, orb: -2.5).orb == -2.5)
        #expect(DegreesMinutes(-1.0 - 5.0 / 60).description == "−1°05′")
    }

    @Test func cuspsAreTwelveLongitudesInZodiacOrder() throws {
        let sun = try Body(id: .sun, longitude: 10)
        func chart(_ cusps: [Double]) throws { _ = try NatalChart(bodies: [sun], cusps: cusps) }
        expectError(at: "cusps", naming: "11 cusps, expected 12") { try chart(Array(Self.equalCusps.prefix(11))) }
        var swapped = Self.equalCusps
        swapped.swapAt(3, 4)
        expectError(at: "cusps", naming: "not in zodiac order") { try chart(swapped) }
        expectError(at: "cusps", naming: "not in zodiac order") { try chart(Self.equalCusps.reversed()) }
        var twice = Self.equalCusps
        twice[5] = twice[4]
        expectError(at: "cusps", naming: "houses 5 and 6 both begin at 120") { try chart(twice) }
        var nan = Self.equalCusps
        nan[2] = .nan
        expectError(at: "cusps", naming: "cusp 3: nan is outside 0..<360") { try chart(nan) }
        // In order across 0° Aries, and unequal, as quadrant systems make them: fine.
        try chart([350, 20, 45, 80, 120, 150, 170, 200, 225, 260, 300, 330])
    }

    @Test func theChartChecksItsBodiesAspectsAndAngles() throws {
        let sun = try Body(id: .sun, longitude: 10), moon = try Body(id: .moon, longitude: 100)
        var changed = sun
        changed.longitude = 400
        expectError(at: "bodies[1].longitude", naming: "400") { _ = try NatalChart(bodies: [moon, changed], cusps: Self.equalCusps) }
        expectError(at: "bodies[1].id", naming: "duplicate body") { _ = try NatalChart(bodies: [sun, sun], cusps: Self.equalCusps) }
        expectError(at: "ascendant", naming: "inf") { _ = try NatalChart(bodies: [sun], cusps: Self.equalCusps, ascendant: .infinity) }
        let trine = try Aspect(first: .sun, second: .mars, kind: .trine)
        expectError(at: "aspects[0].second", naming: "mars") { _ = try NatalChart(bodies: [sun, moon], cusps: Self.equalCusps, aspects: [trine]) }
        expectError(at: "house_system", naming: "U+FFFE") { _ = try NatalChart(bodies: [sun], cusps: Self.equalCusps, houseSystem: "P\u{FFFE}") }
        var big = try Aspect(first: .sun, second: .moon, kind: .trine)
        big.orb = 3e7
        expectError(at: "aspects[0].orb", naming: "30000000") { _ = try NatalChart(bodies: [sun, moon], cusps: Self.equalCusps, aspects: [big]) }
    }

    @Test func theCuspsDecideEachBodysHouse() throws {
        let chart = try NatalChart(bodies: [Body(id: .sun, longitude: 45, house: 9)], cusps: Self.equalCusps)
        #expect(chart.bodies[0].house == 2)
        let decoded = try decode(astrologyChart(planets: #"{"name": "Sun", "full_degree": 45, "house": 9}, {"name": "Moon", "full_degree": 100, "house": 4}"#))
        #expect(decoded.chart.bodies.map(\.house) == [2, 4])
        #expect(decoded.warnings == ["planets[0].house: 9 contradicts the cusps, which put Sun in house 2; house 2 used"])
    }

    @Test func theDecodersRefuseWhatTheModelRefuses() {
        let aspect = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Square", "orb": 30000000, "diff": 90}]"#
        expectError(at: "aspects[0].orb", naming: "30000000 is outside -30...30") { _ = try decode(astrologyChart(extra: aspect)) }
        let houses = astrologyHouses().replacingOccurrences(of: #""start_degree": 30.0"#, with: #""start_degree": 70.0"#)
        expectError(at: "houses", naming: "not in zodiac order") { _ = try decode(astrologyChart(houses: houses)) }
        let natal = #"{"bodies": [{"id": "sun", "longitude": 1, "retrograde": false}], "cusps": [0,30,60,90,120,150,180,210,240,270,300,330], "house_system": "P\#u{FFFF}"}"#
        expectError(at: "house_system", naming: "U+FFFF") { _ = try decode(natal) }
        // Foundation's decoder goes through the same initializers.
        let coded = #"{"bodies": [{"id": "sun", "longitude": 1e300, "retrograde": false}], "cusps": [0,30,60,90,120,150,180,210,240,270,300,330], "ascendant": 0, "midheaven": 270}"#
        #expect(throws: ChartError.self) { _ = try JSONDecoder().decode(NatalChart.self, from: Data(coded.utf8)) }
    }

    @Test func aNegativeOrbIsReadAndKept() throws {
        let aspect = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Square", "orb": -1.5, "diff": 90}]"#
        #expect(try decode(astrologyChart(extra: aspect)).chart.aspects?.first?.orb == -1.5)
    }

    /// Every place a degree is printed goes through `DegreesMinutes(withinSign:)`: just below a sign's end it reads
    /// 29°59′ of that sign, never 30°00′ (nor 0°00′ of the next).
    @Test func aLongitudeJustBelowASignsEndReadsTwentyNineFiftyNine() {
        for sign in ZodiacSign.allCases {
            let end = sign.startLongitude + 30
            for below in [end.nextDown, end - 1e-13, end - 1e-12, end - 1e-10, end - 1e-9, end - 1e-7, end - 1.0 / 120] where below < 360 {
                let place = DegreesMinutes(withinSign: below)
                #expect(place.description == "29°59′" && ZodiacSign(longitude: below) == sign, "\(below): \(place) \(ZodiacSign(longitude: below).name)")
            }
            #expect(DegreesMinutes(withinSign: sign.startLongitude).description == "0°00′")
        }
        #expect(DegreesMinutes(withinSign: 359.9999999999999).description == "29°59′")
        #expect(DegreesMinutes(withinSign: 15.05).description == "15°03′")  // 15.0499999… as a Double
    }

    /// A value that is not a number, or is absurdly large, is refused where it enters the model, naming the field;
    /// the text and sign made from one anyway (a caller's own arithmetic) read as documented, never "nan°".
    @Test func degreesMinutesAndSignsAreTotalAndTheModelRefusesWhatTheyWouldHide() throws {
        expectError(at: "orb", naming: "nan") { _ = try Aspect(first: .sun, second: .moon, kind: .trine, orb: .nan) }
        expectError(at: "orb", naming: "inf") { _ = try Aspect(first: .sun, second: .moon, kind: .trine, orb: -.infinity) }
        expectError(at: "longitude", naming: "nan is outside 0..<360") { _ = try Body(id: .sun, longitude: .nan) }
        let readings: [(Double, String)] = [(.nan, "0°00′"), (.infinity, "0°00′"), (-.infinity, "0°00′"), (.leastNonzeroMagnitude, "0°00′"),
                                            (1e300, "1000000000000°00′"), (-1e300, "−1000000000000°00′")]
        for (value, text) in readings {
            #expect(DegreesMinutes(value).description == text, "\(value)")
        }
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(DegreesMinutes(withinSign: value).description == "0°00′", "\(value)")
            #expect(ZodiacSign(longitude: value) == .aries, "\(value)")
        }
        for value in [1e300, -1e300] {
            let place = normalizedDegrees(value)
            let within = DegreesMinutes(withinSign: value)
            #expect((0..<30).contains(within.degrees) && (0..<60).contains(within.minutes) && !within.isNegative, "\(value): \(within)")
            #expect(within == DegreesMinutes(withinSign: place), "\(value): the place within its sign, as for \(place)")
            #expect(ZodiacSign(longitude: value) == ZodiacSign(longitude: place), "\(value)")
        }
    }

    @Test func aChangedChartIsRepairedForDrawing() throws {
        var chart = try NatalChart(bodies: [Body(id: .sun, longitude: 10), Body(id: .moon, longitude: 100)], cusps: Self.equalCusps,
                                   aspects: [Aspect(first: .sun, second: .moon, kind: .square, orb: 0)])
        #expect(chart.drawable() == chart)
        chart.bodies[0].longitude = .nan
        chart.bodies[1].longitude = 370
        chart.cusps = [1, 2, 3]
        chart.aspects?[0].orb = 3e7
        chart.houseSystem = "\u{FFFF}"
        let drawable = chart.drawable()
        #expect(drawable.bodies.map(\.id) == [.moon] && drawable.bodies[0].longitude == 10)
        #expect(drawable.cusps == Self.equalCusps)
        #expect(drawable.aspects == [] && drawable.houseSystem == nil)
        #expect(throws: Never.self) { try drawable.validate() }
        expectError(at: "cusps", naming: "3 cusps") { try chart.validate() }
    }
}

/// Skipped entries cost work in proportion to their count: each warning's path comes from the entry's place in its
/// list, not from a walk through the document (which made 100,000 unknown names take seconds).
@Suite struct WarningCostTests {
    /// Warnings and the tokens stepped over to name their paths, for `count` unknown bodies and as many aspects of them.
    private func warningsAndSteps(unknown count: Int) throws -> (warnings: Int, steps: Int) {
        let planets = (0..<count).map { #"{"name": "Asteroid \#($0)", "full_degree": 1}"# } + [#"{"name": "Sun", "full_degree": 10}"#]
        let aspects = (0..<count).map { #"{"aspecting_planet": "Sun", "aspected_planet": "Asteroid \#($0)", "type": "Trine", "orb": 1}"# }
        let json = astrologyChart(planets: planets.joined(separator: ", "), extra: #""aspects": [\#(aspects.joined(separator: ", "))]"#)
        return try JSONDocument.parse(Data(json.utf8)) { (root) throws(ChartError) in
            var reader = ChartAssembler(strict: false)
            _ = try reader.readAstrologyAPI(try root.object())
            return (reader.warnings.count, root.document.pathSteps.pointee)
        }
    }

    @Test func warningPathsCostLinearWork() throws {
        let small = try warningsAndSteps(unknown: 250), large = try warningsAndSteps(unknown: 1000)
        #expect(small.warnings == 500 && large.warnings == 2000)
        // Four times the warnings: at most four times the steps (a walk per warning made it sixteen).
        #expect(large.steps <= 4 * small.steps + 16, "\(small.steps) steps, then \(large.steps)")
    }

    @Test func warningPathsNameTheEntries() throws {
        let planets = #"{"name": "Sun", "full_degree": 10}, {"name": "Hygiea", "full_degree": 1}, {"name": "Moon", "full_degree": 2}"#
        let aspects = #""aspects": [{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Trine"}, {"aspecting_planet": "Hygiea", "aspected_planet": "Sun", "type": "Trine"}, {"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Trien"}]"#
        let warnings = try decode(astrologyChart(planets: planets, extra: aspects)).warnings
        #expect(warnings == [
            #"planets[1].name: unknown body "Hygiea", skipped"#,
            #"aspects[1].aspecting_planet: "Hygiea" is not a body in the chart, skipped"#,
            #"aspects[2].type: unknown aspect "Trien" (did you mean "Trine"?), skipped"#,
        ])
    }
}
