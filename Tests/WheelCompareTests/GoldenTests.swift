import ChartModel
import Ephemeris
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelCompare
import WheelRaster
import WheelRender

/// Every case of GoldenImages/manifest.json renders to its golden SVG (exactly) and PNG (within a tight
/// tolerance). `WHEEL_RECORD_GOLDENS=1 swift test` rewrites the goldens instead.
@Suite
struct GoldenTests {
    static let folder = SampleCharts.packageRoot.appendingPathComponent("GoldenImages")
    static let manifest = try! GoldenManifest(contentsOf: folder.appendingPathComponent("manifest.json"))

    static func render(_ golden: GoldenManifest.Case) throws -> (svg: String, png: Data) {
        func chart(_ path: String) throws -> NatalChart {
            let data = try Data(contentsOf: SampleCharts.packageRoot.appendingPathComponent(path))
            guard BirthRequest.shape(of: data) != nil else { return try ChartDecoder.decode(data).chart }
            // A birth, computed as `wheel render --birth` computes it; its `place` is the name the gazetteer would
            // give (the coordinates and zone are the file's), shown in a sheet's header.
            var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let place = object.removeValue(forKey: "place") as? String
            let request = try BirthRequest.decode(try JSONSerialization.data(withJSONObject: object))
            var computed = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem ?? .placidus,
                                                      settings: request.settings).chart
            computed.birth?.place = place
            return computed
        }
        let inner = try chart(golden.input), options = golden.options
        let outer = try golden.outer.map { OuterChart(chart: try chart($0), kind: .synastry) }
            ?? golden.transits.map { try ChartCalculator.transits(at: $0, place: nil, showing: inner) }
        let figure = golden.figure(of: inner, outer: outer)
        return (String(decoding: WheelRenderer.svg(figure, options: options), as: UTF8.self), try WheelRenderer.png(figure, options: options))
    }

    @Test(arguments: manifest.cases)
    func renderMatchesItsGolden(_ golden: GoldenManifest.Case) throws {
        let (svg, png) = try Self.render(golden)
        let check = GoldenCheck.fromEnvironment(goldens: Self.folder, packageRoot: SampleCharts.packageRoot)
        if let failure = check.verify(name: golden.name, svg: svg, png: png) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    /// The PNG is painted by cairo from the drawing, not by librsvg from the SVG: the two must not drift apart.
    @Test(arguments: manifest.cases)
    func librsvgDrawsTheSVGAsThePainterDrawsThePNG(_ golden: GoldenManifest.Case) throws {
        let (svg, png) = try Self.render(golden)
        let painted = try Rasterizer.decodePNG(png)
        #expect(painted.width == (golden.figure == .sheet ? golden.pageWidth ?? SheetLayout.defaultWidth : golden.options.chartSize), "as wide as asked")
        let fromSVG = try Rasterizer.image(svg: Data(svg.utf8), width: painted.width, height: painted.height)
        // Equal but for rounding: the two split an arc into Béziers at the same places, and a conjunction's short
        // arc at 1200 px still left two pixels a 500th apart in colour.
        let difference = ImageComparison(threshold: 0.005).compare(expected: fromSVG, actual: painted)
        #expect(difference.differentPixels == 0, "\(difference.summary)")
    }

    @Test func theManifestCoversEverySampleInBothThemesAndTheCrowdedCharts() {
        let names = Set(Self.manifest.cases.map(\.name))
        for id in SampleCharts.ids {
            #expect(names.contains("\(id)-light") && names.contains("\(id)-dark"), "\(id)")
        }
        for stress in ["ten_inside_10deg", "stellium_across_aries", "one_longitude"] {
            #expect(names.contains("\(stress)-light"), "\(stress)")
        }
        // A title is drawn with a font: goldens leave it out so they hold on any machine. The sheet's header is too:
        // only the sheets of a birth have one, and their PNGs hold where the sans-serif font is DejaVu Sans.
        #expect(Self.manifest.cases.allSatisfy { $0.options.title == nil })
        #expect(Self.manifest.cases.allSatisfy { $0.options.houseSystem == nil })
    }

    /// The aspect grid in both themes and of two charts, and the element table.
    @Test func theManifestCoversTheGridAndTheTable() throws {
        let grids = Self.manifest.cases.filter { $0.figure == .grid }
        #expect(Set(grids.filter { $0.outer == nil }.map(\.options.theme)) == Set(RenderOptions.Theme.allCases))
        #expect(grids.contains { $0.input.hasSuffix("b_1990_newyork.json") && $0.outer?.hasSuffix("h_1994_sydney.json") == true })
        #expect(Self.manifest.cases.contains { $0.figure == .table && $0.input.hasSuffix("b_1990_newyork.json") })
    }

    /// The positions table in both themes, in a script of its own (Hindi, in a font) and of two charts.
    @Test func theManifestCoversThePositionsTable() throws {
        let tables = Self.manifest.cases.filter { $0.figure == .positions }
        let english = tables.filter { $0.outer == nil && $0.options.language == .en }
        #expect(Set(english.map(\.options.theme)) == Set(RenderOptions.Theme.allCases))
        #expect(tables.contains { $0.options.language == .hi })
        #expect(tables.contains { $0.input.hasSuffix("b_1990_newyork.json") && $0.outer?.hasSuffix("h_1994_sydney.json") == true })
    }

    /// The issue's bi-wheels: a synastry of two samples in both themes and at 1200 px, a transit chart, a
    /// crowded outer ring, and the printable sheet.
    @Test func theManifestCoversTheBiWheelsAndTheSheet() throws {
        let wheels = Self.manifest.cases.filter { $0.figure == .wheel }
        let synastry = wheels.filter { $0.input.hasSuffix("b_1990_newyork.json") && $0.outer?.hasSuffix("h_1994_sydney.json") == true }
        #expect(Set(synastry.map(\.options.theme)) == Set(RenderOptions.Theme.allCases))
        #expect(Set(synastry.map(\.options.chartSize)).isSuperset(of: [600, 1200]))
        #expect(wheels.contains { $0.transits != nil })
        #expect(wheels.contains { $0.outer?.hasSuffix("ten_inside_10deg.json") == true })
        // The centre as it draws by default and with every cross-aspect.
        #expect(wheels.contains { $0.outer != nil && $0.options.allCrossAspects })
        #expect(Self.manifest.cases.contains { $0.figure == .sheet && $0.outer != nil })
        // The sheet's header: a birth with its place, alone in the light theme and with transits in the dark.
        let births = Self.manifest.cases.filter { $0.figure == .sheet && $0.input.contains("samples/births/") }
        #expect(Set(births.map(\.options.theme)) == Set(RenderOptions.Theme.allCases) && births.contains { $0.transits != nil })
    }

    /// The services' charts: every body on a crowded wheel (light), a Lahiri wheel (dark), and a bi-wheel with the
    /// asteroids on both rings.
    @Test func theManifestCoversEveryBodyAndASiderealZodiac() throws {
        func settings(_ path: String) throws -> ChartSettings {
            try BirthRequest.decode(Data(contentsOf: SampleCharts.packageRoot.appendingPathComponent(path))).settings
        }
        let births = Self.manifest.cases.filter { $0.figure == .wheel && BirthRequest.shape(of: (try? Data(contentsOf: SampleCharts.packageRoot.appendingPathComponent($0.input))) ?? Data()) != nil }
        #expect(try births.contains { try settings($0.input).asteroids && $0.outer == nil && $0.options.theme == .light })
        #expect(try births.contains { try settings($0.input).zodiac == .sidereal(.lahiri) && $0.options.theme == .dark })
        #expect(try births.contains { try settings($0.input).asteroids && $0.outer.map(settings)?.asteroids == true })
    }

    @Test func aCaseNamesItsFigureAndItsOuterChartOrIsRefused() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(#"{"cases": [{"name": "a", "input": "x.json"}, {"name": "b", "input": "x.json", "figure": "grid", "outer": "y.json"}]}"#.utf8).write(to: scratch)
        let read = try GoldenManifest(contentsOf: scratch)
        #expect(read.cases.map(\.figure) == [.wheel, .grid])
        #expect(read.cases.map(\.outer) == [nil, "y.json"])
        for (bad, path) in [(#""figure": "poster""#, "cases[0].figure"), (#""figure": "table", "outer": "y.json""#, "cases[0].outer"),
                            (#""transits": "tomorrow""#, "cases[0].transits"), (#""outer": "y.json", "transits": "2026-11-22T12:00:00Z""#, "cases[0].transits"),
                            (#""page_width": 1000"#, "cases[0].page_width")] {
            try Data(#"{"cases": [{"name": "a", "input": "x.json", \#(bad)}]}"#.utf8).write(to: scratch)
            #expect { try GoldenManifest(contentsOf: scratch) } throws: { ($0 as? ChartError)?.path == path }
        }
    }

    /// A golden that no longer matches the render must fail, name the case and the pixel figures, and leave the
    /// actual image and a diff picture where the message says.
    @Test func aChangedGoldenFailsAndLeavesEvidence() throws {
        let golden = Self.manifest.cases.first { $0.name == "a_2000_mumbai-light" }!
        let (svg, png) = try Self.render(golden)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        let goldens = scratch.appendingPathComponent("goldens"), artifacts = scratch.appendingPathComponent("artifacts")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        // The golden as it would be had the trine colour been different when it was recorded.
        let changedSVG = svg.replacingOccurrences(of: Palette.light.aspect[.trine]!.hex, with: "#e0a000")
        try Data(changedSVG.utf8).write(to: goldens.appendingPathComponent("case.svg"))
        try Rasterizer.png(svg: changedSVG, width: 600, height: 600).write(to: goldens.appendingPathComponent("case.png"))

        let check = GoldenCheck(goldens: goldens, artifacts: artifacts)
        let failure = try #require(check.verify(name: "case", svg: svg, png: png))
        #expect(failure.contains("golden case"))
        #expect(failure.contains("SVG differs from line"))
        #expect(failure.contains("pixels differ"))
        let diff = artifacts.appendingPathComponent("case.diff.png")
        #expect(failure.contains(diff.path))
        let picture = try Rasterizer.decodePNG(Data(contentsOf: diff))
        #expect(picture.width == 600 * 3 + 8 && picture.height == 600, "expected | differences | actual")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("case.actual.png").path))

        // Recording makes it pass again.
        #expect(GoldenCheck(goldens: goldens, artifacts: artifacts, record: true).verify(name: "case", svg: svg, png: png) == nil)
        #expect(check.verify(name: "case", svg: svg, png: png) == nil)
    }

    @Test func aMissingGoldenFails() throws {
        let check = GoldenCheck(goldens: URL(fileURLWithPath: "/nonexistent"), artifacts: FileManager.default.temporaryDirectory)
        let failure = check.verify(name: "nothing", svg: "<svg/>", png: Data())
        #expect(failure?.contains("WHEEL_RECORD_GOLDENS=1") == true)
    }
}
