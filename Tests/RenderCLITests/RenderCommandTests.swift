import ChartModel
import Foundation
import Testing

/// `wheel render`, `layout` and `normalize` end to end: files, stdin and stdout, options, exit codes.
@Suite(.serialized, .hangGuard)
struct RenderCommandTests {
    @Test func rendersASampleToPNGOfTheAskedSize() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("wheel.png").path
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "-o", out, "--size", "480"])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try Data(contentsOf: URL(fileURLWithPath: out)).pngSize
        #expect(size?.0 == 480 && size?.1 == 480)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["wheel.png"], "no temporary file left behind")
    }

    @Test func readsStdinAndWritesSVGToStdout() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: WheelCommand.sample("freeastrologyapi")))
        let result = try WheelCommand.run(["render", "-", "--theme", "dark"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("<svg "))
        #expect(result.stdoutText.contains("fill=\"#15171c\""), "dark background")
    }

    @Test func threeFreeAstrologyAPIFilesMakeTheSameWheelAsTheBundle() throws {
        let dir = try WheelCommand.scratch()
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: WheelCommand.sample("freeastrologyapi")))) as! [String: Any]
        var paths: [String: String] = [:]
        for part in ["planets", "houses", "aspects"] {
            let url = dir.appendingPathComponent("\(part).json")
            try JSONSerialization.data(withJSONObject: bundle[part]!).write(to: url)
            paths[part] = url.path
        }
        let split = try WheelCommand.run(["render", "--planets", paths["planets"]!, "--houses", paths["houses"]!, "--aspects", paths["aspects"]!])
        let whole = try WheelCommand.run(["render", WheelCommand.sample("freeastrologyapi")])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stdout == whole.stdout)
    }

    @Test func anOptionsFileSetsSizeAndTypeAndFlagsOverrideIt() throws {
        let dir = try WheelCommand.scratch()
        let options = dir.appendingPathComponent("options.json")
        try Data(#"{"chart_size": 320, "image_type": "png", "theme": "dark"}"#.utf8).write(to: options)
        let png = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--options", options.path])
        #expect(png.stdout.pngSize?.0 == 320, "\(png.stderr)")
        let svg = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--options", options.path, "--image-type", "svg", "--size", "400"])
        #expect(svg.stdoutText.contains("viewBox=\"0 0 400 400\""))
    }

    @Test func layoutPrintsAnglesAndBoxes() throws {
        let result = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi")])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
        let bodies = json["bodies"] as! [[String: Any]]
        let sun = bodies.first { $0["name"] as? String == "Sun" }!
        let ascendant = json["ascendant"] as! Double
        #expect(abs((sun["trueAngle"] as! Double) - normalizedDegrees(180 + 285.0526236585592 - ascendant)) < 1e-9)
        #expect((sun["boxes"] as! [[String: Double]]).count >= 4)
        #expect((json["labels"] as! [[String: Any]]).contains { $0["kind"] as? String == "AC" })
        // What a checker needs to prove the placement: each angle's screen angle, the rings' radii, what was given up.
        let angles = json["angles"] as! [[String: Any]]
        #expect(angles.map { $0["kind"] as! String } == ["AC", "DC", "MC", "IC"])
        #expect(angles.first { $0["kind"] as? String == "AC" }?["angle"] as? Double == 180)
        let rings = json["rings"] as! [String: Double]
        #expect(Set(rings.keys) == ["outer", "zodiacInner", "markerInner", "connectorLane", "houseNumbers", "aspect"])
        #expect(rings["outer"]! > rings["zodiacInner"]! && rings["houseNumbers"]! > rings["aspect"]! && rings["aspect"]! > 0)
        let placement = json["placement"] as! [String: Any]
        #expect(placement["anglesHeld"] as? Bool == true && placement["overlapFree"] as? Bool == true, "\(placement)")
    }

    @Test func normalizeWritesTheOwnFormatThatRendersTheSameWheel() throws {
        let dir = try WheelCommand.scratch()
        let own = dir.appendingPathComponent("chart.json").path
        #expect(try WheelCommand.run(["normalize", WheelCommand.sample("astrologyapi"), "-o", own]).status == 0)
        let fromOwn = try WheelCommand.run(["render", own])
        let fromAPI = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi")])
        #expect(fromOwn.status == 0, "\(fromOwn.stderr)")
        #expect(fromOwn.stdout == fromAPI.stdout)
    }

    @Test func unknownBodiesAreSkippedWithAWarningOrRefusedWhenStrict() throws {
        let chart = #"{"planets": [{"name": "Sun", "full_degree": 10, "is_retro": "false"}, {"name": "Hygiea", "full_degree": 20, "is_retro": "false"}], "houses": \#(houses), "aspects": []}"#
        let lenient = try WheelCommand.run(["render", "-"], stdin: Data(chart.utf8))
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("Hygiea"))
        let strict = try WheelCommand.run(["render", "-", "--strict"], stdin: Data(chart.utf8))
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("planets[1].name"))
    }

    @Test func aMisspeltBodyInTheChartGetsASuggestionNamingTheInput() throws {
        let chart = #"{"planets": [{"name": "Sun", "full_degree": 10, "is_retro": "false"}, {"name": "Satrun", "full_degree": 20, "is_retro": "false"}], "houses": \#(houses), "aspects": []}"#
        let lenient = try WheelCommand.run(["render", "-"], stdin: Data(chart.utf8))
        #expect(lenient.status == 0)
        #expect(lenient.stderr == #"wheel: warning: stdin: planets[1].name: unknown body "Satrun" (did you mean "Saturn"?), skipped"# + "\n")
        let strict = try WheelCommand.run(["render", "-", "--strict"], stdin: Data(chart.utf8))
        #expect(strict.status == 65)
        #expect(strict.stderr == #"wheel: stdin: planets[1].name: unknown body "Satrun" (did you mean "Saturn"?)"# + "\n")
    }

    @Test func aMisspeltAspectOrBodyInTheOptionsGetsASuggestion() throws {
        let aspect = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--allowed-aspects", "Conjunction,Trien"])
        #expect(aspect.status == 64)
        #expect(aspect.stderr == #"wheel: allowed_aspects[1]: unknown aspect "Trien" (did you mean "Trine"?)"# + "\n")
        let body = try WheelCommand.run(["layout", WheelCommand.sample("astrologyapi"), "--exclude-planets", "Satrun"])
        #expect(body.status == 64)
        #expect(body.stderr.contains(#"(did you mean "Saturn"?)"#))
    }

    @Test func anOptionsFileErrorNamesTheFileAndAFlagErrorTheOption() throws {
        let options = try WheelCommand.scratch().appendingPathComponent("options.json")
        try Data(#"{"chart_sise": 800}"#.utf8).write(to: options)
        let fromFile = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--options", options.path])
        #expect(fromFile.status == 64)
        #expect(fromFile.stderr == #"wheel: \#(options.path): chart_sise: unknown option (did you mean "chart_size"?)"# + "\n")
        let fromFlag = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--size", "big"])
        #expect(fromFlag.status == 64)
        #expect(fromFlag.stderr == #"wheel: chart_size: expected a number, got "big""# + "\n")
    }

    @Test func aFaintAspectLineColourIsRenderedWithAWarning() throws {
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--aspect-line-colors", "Trine=#eeeeee"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains(##"stroke="#eeeeee""##))
        #expect(result.stderr == "wheel: warning: low contrast: Trine aspect lines #eeeeee on #f8f7f3 is 1.0:1, below 3:1 (WCAG's minimum for graphics such as lines)\n")
    }

    private var houses: String {
        "[" + (0..<12).map { #"{"house_id": \#($0 + 1), "sign": "Aries", "start_degree": \#(Double($0) * 30), "end_degree": \#(Double($0 + 1) * 30)}"# }.joined(separator: ",") + "]"
    }
}
