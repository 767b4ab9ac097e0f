import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// Random and extreme values through the public API, seeded so that a failure repeats: every call ends in an
/// error (one line, with a path) or a drawing (well-formed SVG and a layout), never in a trap.
@Suite struct HostileValuesPropertyTests {
    static let extremes: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300, 1e-300, -1e-300,
        .leastNonzeroMagnitude, 0, -0.0, 29.999999999, 30, 359.9999999999999, 360, 360.0000001, -1, 3e7, -3e7, 15, 15.0000001, 30.5,
    ]
    static let texts: [String] = [
        "", " ", "Ada Lovelace", String(repeating: "x", count: 5000), "a" + String(repeating: "\u{0301}", count: 3000),
        "<script>alert(1)</script> & \"'", "🜁🜂🜃🜄", "\u{FFFE}", "\u{FFFF}x", "\u{1}\u{1B}[31m", "\u{202E}right-to-left",
        String(Unicode.Scalar(0xFDD0)!), String(Unicode.Scalar(0x10FFFF)!), "\r\n", "Placidus",
    ]

    struct Draw {
        var rng: SplitMix64
        /// Tame: numbers within their ranges, so that whole charts pass the checks and get drawn. Wild: a fifth of
        /// them anything, an extreme, a huge number, or beside a sign's boundary.
        var wild = true

        mutating func number(_ range: ClosedRange<Double> = 0...359.999) -> Double {
            switch wild ? Int.random(in: 0..<15, using: &rng) : 3 {
            case 0: Self.pick(HostileValuesPropertyTests.extremes, &rng)
            case 1: Double.random(in: -1e6...1e6, using: &rng)
            case 2: Double(Int.random(in: -2...14, using: &rng)) * 30 + Double.random(in: -1e-9...1e-9, using: &rng)
            default: Double.random(in: range, using: &rng)
            }
        }
        mutating func text() -> String {
            Int.random(in: 0..<3, using: &rng) == 0 ? "Placidus" : Bool.random(using: &rng) ? Self.pick(HostileValuesPropertyTests.texts, &rng)
                : String(String.UnicodeScalarView((0..<Int.random(in: 0...300, using: &rng)).compactMap { _ in
                    Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &rng)) }))
        }
        mutating func cusps() -> [Double] {
            let start = Double.random(in: 0..<360, using: &rng)
            var cusps = (0..<12).map { normalizedDegrees(start + Double($0) * 30) }
            switch wild ? Int.random(in: 0..<8, using: &rng) : 7 {
            case 0: cusps.shuffle(using: &rng)
            case 1: cusps[Int.random(in: 0..<12, using: &rng)] = number()
            case 2: cusps = Array(cusps.prefix(Int.random(in: 0...13, using: &rng)))
            case 3: cusps.swapAt(Int.random(in: 0..<12, using: &rng), Int.random(in: 0..<12, using: &rng))
            default: break
            }
            return cusps
        }
        mutating func id() -> BodyID { Self.pick(BodyID.allCases, &rng) }
        static func pick<T>(_ list: [T], _ rng: inout SplitMix64) -> T { list[Int.random(in: 0..<list.count, using: &rng)] }
    }

    /// An error from the public API: a `ChartError` of one line.
    private func expectOneLine(_ error: any Error, _ seed: UInt64) {
        guard let error = error as? ChartError else {
            Issue.record("seed \(seed): \(error) is not a ChartError")
            return
        }
        #expect(!error.message.isEmpty && !error.description.contains("\n"), "seed \(seed): \(error)")
    }

    /// A drawing: the wheel's, the aspect grid's and the two tables' SVG parse as XML (checked for every
    /// fourth, the parser being slow in debug builds) and the layout writes.
    private func render(_ chart: NatalChart, _ options: RenderOptions, _ seed: UInt64) {
        let svg = WheelRenderer.svgText(.wheel(chart), options: options)
        let figures = [WheelRenderer.svg(.aspectGrid(chart), options: options), WheelRenderer.svg(.elementTable(chart), options: options),
                       WheelRenderer.svg(.positionsTable(chart), options: options)]
        if seed % 4 == 0 {
            #expect((try? XMLElementTree(svg)) != nil, "seed \(seed): SVG not well-formed")
            for figure in figures {
                #expect((try? XMLElementTree(String(decoding: figure, as: UTF8.self))) != nil, "seed \(seed): a figure's SVG not well-formed")
            }
        }
        _ = WheelLayout(chart: chart, options: options.layout).jsonData()
    }

    @Test func throughTheInitializersAndOptionSetters() {
        var drawn = 0
        for seed in 0..<300 as Range<UInt64> {
            var draw = Draw(rng: SplitMix64(seed: seed), wild: seed % 2 == 0)
            do {
                var bodies: [Body] = []
                for id in BodyID.allCases.shuffled(using: &draw.rng).prefix(Int.random(in: 0...8, using: &draw.rng)) {
                    bodies.append(try Body(id: draw.wild ? draw.id() : id, longitude: draw.number(), latitude: Bool.random(using: &draw.rng) ? draw.number(-90...90) : nil,
                                           speed: Bool.random(using: &draw.rng) ? draw.number() : nil, retrograde: Bool.random(using: &draw.rng)))
                }
                var aspects: [Aspect] = []
                for _ in 0..<Int.random(in: 0...4, using: &draw.rng) {
                    // Mostly between bodies of the chart.
                    let ids = bodies.count < 2 || draw.wild ? BodyID.allCases : bodies.map(\.id)
                    let first = Draw.pick(ids, &draw.rng), second = Draw.pick(ids.filter { $0 != first || draw.wild }, &draw.rng)
                    aspects.append(try Aspect(first: first, second: second, kind: Draw.pick(AspectKind.allCases, &draw.rng), orb: draw.number(-31...31)))
                }
                let chart = try NatalChart(bodies: bodies, cusps: draw.cusps(), ascendant: Bool.random(using: &draw.rng) ? draw.number() : nil,
                                           aspects: Bool.random(using: &draw.rng) ? aspects : nil,
                                           houseSystem: Bool.random(using: &draw.rng) ? draw.text() : nil)
                var options = RenderOptions()
                try options.set("chart_size", Bool.random(using: &draw.rng) ? "\(Int.random(in: 200...4100, using: &draw.rng))" : "\(draw.number())")
                try options.set("title", draw.text())
                try options.set("orb_values", "Trine=\(draw.number(0...16)),Square=\(draw.number(0...16))")
                render(chart, options, seed)
                drawn += 1
            } catch {
                expectOneLine(error, seed)
            }
        }
        #expect(drawn >= 20, "only \(drawn) of 300 drawn: the values are too wild to test the drawing")
    }

    @Test func throughTheVarsAfterTheChecks() throws {
        let base = try NatalChart(bodies: BodyID.allCases.enumerated().map { try Body(id: $1, longitude: Double($0) * 17) },
                                  cusps: (0..<12).map { Double($0) * 30 }, aspects: [Aspect(first: .sun, second: .moon, kind: .trine, orb: 1)])
        for seed in 0..<120 as Range<UInt64> {
            var draw = Draw(rng: SplitMix64(seed: seed))
            var chart = base
            for index in chart.bodies.indices where Bool.random(using: &draw.rng) {
                chart.bodies[index].longitude = draw.number()
                chart.bodies[index].latitude = draw.number()
                chart.bodies[index].speed = draw.number()
                chart.bodies[index].house = Int.random(in: -5...20, using: &draw.rng)
                if Bool.random(using: &draw.rng) { chart.bodies[index].id = draw.id() }
            }
            chart.cusps = draw.cusps()
            chart.ascendant = draw.number()
            chart.midheaven = draw.number()
            if let aspect = try? Aspect(first: draw.id(), second: draw.id(), kind: .square) { chart.aspects?.append(aspect) }
            chart.aspects?[0].orb = draw.number()
            chart.houseSystem = draw.text()
            var options = RenderOptions()
            options.chartSize = Bool.random(using: &draw.rng) ? Int.random(in: Int.min...Int.max, using: &draw.rng) : Int.random(in: -10...1000, using: &draw.rng)
            options.title = draw.text()
            options.houseSystem = draw.text()
            options.orbValues = [.trine: draw.number(), .conjunction: draw.number()]
            do { try chart.validate() } catch { expectOneLine(error, seed) }
            do { try options.validate() } catch { expectOneLine(error, seed) }
            render(chart, options, seed)
        }
    }

    @Test func throughTheDecoder() {
        var drawn = 0
        for seed in 0..<300 as Range<UInt64> {
            var draw = Draw(rng: SplitMix64(seed: seed))
            func json(_ value: Double) -> String { value.isFinite ? "\(value)" : "\"\(value)\"" }
            let planets = (0..<Int.random(in: 0...6, using: &draw.rng)).map { _ in
                #"{"name": "\#(draw.id().displayName)", "full_degree": \#(json(draw.number())), "house": \#(Int.random(in: 1...12, using: &draw.rng))}"#
            }
            let houses = draw.cusps().enumerated().map { #"{"house_id": \#($0 + 1), "start_degree": \#(json($1))}"# }
            let aspects = #"[{"aspecting_planet": "Sun", "aspected_planet": "Moon", "type": "Trine", "orb": \#(json(draw.number(-31...31)))}]"#
            let document = #"{"planets": [\#(planets.joined(separator: ","))], "houses": [\#(houses.joined(separator: ","))], "aspects": \#(aspects)}"#
            do {
                render(try ChartDecoder.decode(Data(document.utf8)).chart, RenderOptions(), seed)
                drawn += 1
            } catch {
                expectOneLine(error, seed)
            }
        }
        #expect(drawn >= 20, "only \(drawn) of 300 drawn")
    }
}
