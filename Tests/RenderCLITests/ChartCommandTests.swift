import ChartModel
import Foundation
import Testing
import TestSupport

/// `wheel chart`, and `render`/`layout` from a birth: offline, one birth or many, errors by field.
@Suite(.serialized, .hangGuard)
struct ChartCommandTests {
    static let newDelhi = ["--date", "1962-02-05", "--time", "00:00", "--zone", "Asia/Kolkata", "--lat", "28.6139", "--lon", "77.2090"]

    /// The reference's numbers for a body, by its name there.
    static func reference(_ id: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try SampleCharts.data(id, shape: "reference")) as! [String: Any]
    }

    @Test func aBirthGivesItsChartAsNatalChartJSON() throws {
        let result = try WheelCommand.run(["chart"] + Self.newDelhi)
        #expect(result.status == 0, "\(result.stderr)")
        let chart = try ChartDecoder.decode(result.stdout).chart
        #expect(chart.houseSystem == "Placidus")
        #expect(chart.bodies.count == 16)  // the Sun to Pluto, three nodes, Chiron, Lilith, the Part of Fortune
        let reference = try Self.reference("d_1962_newdelhi")
        let bodies = reference["bodies"] as! [String: Any]  // Chiron is null: the reference has none
        // Without --delta-t the model's ΔT (0.003 s from the reference's) moves the Moon by a few thousandths of a second.
        for (id, name, limit) in [(BodyID.sun, "Sun", 1.0), (.moon, "Moon", 3.0), (.pluto, "Pluto", 1.0)] {
            let longitude = try #require(chart.body(id)?.longitude)
            let expected = try #require((bodies[name] as? [String: Any])?["longitude"] as? Double)
            #expect(abs(normalizedDegrees(longitude - expected + 180) - 180) * 3600 < limit, "\(name)")
        }
        let cusps = ((reference["houses"] as! [String: Any])["Placidus"] as! [String: Any])["cusps"] as! [Double]
        for (a, b) in zip(chart.cusps, cusps) { #expect(abs(normalizedDegrees(a - b + 180) - 180) * 3600 < 1) }
    }

    @Test func theNewDelhiWheelIsDrawnFromTheBirthAlone() throws {
        let dir = try WheelCommand.scratch()
        let png = dir.appendingPathComponent("wheel.png")
        let render = try WheelCommand.run(["render"] + Self.newDelhi + ["-o", png.path])
        #expect(render.status == 0, "\(render.stderr)")
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The layout puts each body at its computed longitude: the sample's Sun, within an arc-second.
        let layout = try WheelCommand.run(["layout"] + Self.newDelhi)
        #expect(layout.status == 0, "\(layout.stderr)")
        let json = try JSONSerialization.jsonObject(with: layout.stdout) as! [String: Any]
        let bodies = json["bodies"] as! [[String: Any]]
        let sun = try #require(bodies.first { ($0["id"] as? String) == "sun" || ($0["name"] as? String) == "Sun" })
        let sample = try SampleCharts.chart("d_1962_newdelhi").body(.sun)!.longitude
        #expect(abs(((sun["longitude"] as? Double) ?? .nan) - sample) * 3600 < 1, "\(sun)")
    }

    @Test func theHouseSystemFlagPicksTheSystemAndNamesIt() throws {
        let result = try WheelCommand.run(["chart"] + Self.newDelhi + ["--house-system", "whole-sign"])
        #expect(result.status == 0, "\(result.stderr)")
        let chart = try ChartDecoder.decode(result.stdout).chart
        #expect(chart.houseSystem == "Whole Sign")
        #expect(chart.cusps.allSatisfy { $0.truncatingRemainder(dividingBy: 30) == 0 })
        let svg = try WheelCommand.run(["render"] + Self.newDelhi + ["--house-system", "koch"])
        #expect(svg.stdoutText.contains("Koch"))
    }

    @Test func aPolarBirthFallsBackToPorphyryWithAWarningAndStrictRefuses() throws {
        let tromso = ["--date", "1985-07-01", "--time", "12:00", "--zone", "Europe/Oslo", "--lat", "69.6492", "--lon", "18.9553"]
        let result = try WheelCommand.run(["chart"] + tromso)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning") && result.stderr.contains("Placidus") && result.stderr.contains("Porphyry"))
        let chart = try ChartDecoder.decode(result.stdout).chart
        #expect(chart.houseSystem == "Porphyry" && chart.houseSystemRequested == "Placidus")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains(#""house_system_requested" : "Placidus""#))
        // Read back, the chart's wheel says which system its houses replaced, unasked.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tromso-\(UUID().uuidString).json")
        try result.stdout.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try WheelCommand.run(["render", file.path]).stdoutText.contains(">Porphyry instead of Placidus</text>"))
        let layout = try #require(try JSONSerialization.jsonObject(with: try WheelCommand.run(["layout"] + tromso).stdout) as? [String: Any])
        #expect(layout["houseSystem"] as? String == "Porphyry" && layout["houseSystemRequested"] as? String == "Placidus")
        let koch = try WheelCommand.run(["render"] + tromso + ["--house-system", "koch", "--language", "de"])
        #expect(koch.stdoutText.contains(">Porphyrius statt Koch</text>"), "\(koch.stderr)")
        let strict = try WheelCommand.run(["chart"] + tromso + ["--strict"])
        #expect(strict.status == 65)
        #expect(strict.stdout.isEmpty)
    }

    @Test(arguments: [
        (["--date", "1990-02-30"], "date: \"1990-02-30\""),
        (["--time", "24:00"], "time: \"24:00\""),
        (["--lat", "91"], "latitude: 91"),
        (["--lon", "-181"], "longitude: -181"),
        (["--zone", "Europe/Berln"], "did you mean \"Europe/Berlin\""),
        (["--house-system", "placidos"], "unknown house system \"placidos\""),
        (["--date", "1700-01-01"], "1800…2100"),
        (["--date", "2021-03-14", "--time", "02:30", "--zone", "America/New_York"], "nearest valid times are 01:59:59 and 03:00"),
    ])
    func badBirthsExit65NamingTheFieldAndWriteNothing(change: [String], message: String) throws {
        var arguments = ["--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York", "--lat", "40.7", "--lon", "-74"]
        for pair in stride(from: 0, to: change.count, by: 2) {
            if let index = arguments.firstIndex(of: change[pair]) { arguments[index + 1] = change[pair + 1] } else { arguments += [change[pair], change[pair + 1]] }
        }
        let out = try WheelCommand.scratch().appendingPathComponent("chart.json")
        let result = try WheelCommand.run(["chart"] + arguments + ["-o", out.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anAmbiguousTimeWarnsAndFoldLaterTakesTheSecond() throws {
        let birth = ["--date", "2021-11-07", "--time", "01:30", "--zone", "America/New_York", "--lat", "40.7", "--lon", "-74"]
        let first = try WheelCommand.run(["chart"] + birth)
        let second = try WheelCommand.run(["chart"] + birth + ["--fold", "later"])
        #expect(first.stderr.contains("occurred twice"))
        #expect(second.stderr.isEmpty)
        let moonFirst = try ChartDecoder.decode(first.stdout).chart.body(.moon)!.longitude
        let moonSecond = try ChartDecoder.decode(second.stdout).chart.body(.moon)!.longitude
        // An hour later the Moon is about half a degree further on.
        #expect((0.3...0.7).contains(moonSecond - moonFirst))
    }

    @Test func manyBirthsGiveOneChartALineInOrderAndBadLinesSayWhy() throws {
        let lines = [
            #"{"date": "1990-05-15", "time": "10:30", "zone": "America/New_York", "latitude": 40.7128, "longitude": -74.006}"#,
            #"{"date": "1990-05-15", "time": "10:30", "zone": "America/New_York", "latitude": 91, "longitude": -74.006}"#,
            #"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.132, "lon": 72.342, "tzone": 5.5}"#,
            "not json",
            #"{"year": 1962, "month": 2, "date": 5, "hours": 0, "minutes": 0, "seconds": 0, "latitude": 28.6139, "longitude": 77.209, "timezone": 5.5, "config": {"house_system": "Koch"}}"#,
        ]
        let dir = try WheelCommand.scratch()
        let input = dir.appendingPathComponent("births.jsonl"), output = dir.appendingPathComponent("charts.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        let result = try WheelCommand.run(["chart", "--births", input.path, "-o", output.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("2 of 5 births failed"))
        let out = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(out.count == 5)
        #expect(try ChartDecoder.decode(Data(out[0].utf8)).chart.houseSystem == "Placidus")
        #expect(out[1] == #"{"error":"latitude: 91 is outside -90…90","line":2}"#)
        #expect(try ChartDecoder.decode(Data(out[2].utf8)).chart.body(.sun) != nil)
        #expect(out[3].hasPrefix(#"{"error":"#) && out[3].hasSuffix(#""line":4}"#))
        #expect(try ChartDecoder.decode(Data(out[4].utf8)).chart.houseSystem == "Koch")
        // The same births one at a time give the same charts.
        let single = try WheelCommand.run(["chart", "--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York", "--lat", "40.7128", "--lon", "-74.006"])
        #expect(try ChartDecoder.decode(single.stdout).chart == ChartDecoder.decode(Data(out[0].utf8)).chart)
    }

    @Test func negativeValuesAreValuesNotFlags() throws {
        let result = try WheelCommand.run(["chart", "--date", "1994-01-10", "--time", "04:05", "--zone", "+11", "--lat", "-33.8688", "--lon", "151.2093", "--delta-t", "-0"])
        #expect(result.status == 0, "\(result.stderr)")
        let west = try WheelCommand.run(["chart", "--date", "1990-05-15", "--time", "10:30", "--zone", "-4", "--lat", "40.7128", "--lon", "-74.006"])
        #expect(west.status == 0, "\(west.stderr)")
        let sydney = try WheelCommand.run(["chart", "--date", "1994-01-10", "--time", "04:05", "--zone", "Australia/Sydney", "--lat", "-33.8688", "--lon", "151.2093"])
        // ΔT moves the bodies, not the houses (the sidereal time is UT's): the same cusps within a micro-degree.
        for (a, b) in zip(try ChartDecoder.decode(result.stdout).chart.cusps, try ChartDecoder.decode(sydney.stdout).chart.cusps) {
            #expect(abs(a - b) < 1e-6)
        }
    }

    @Test func aBirthFileTakesEitherServicesRequestBody() throws {
        let dir = try WheelCommand.scratch()
        let file = dir.appendingPathComponent("request.json")
        try Data(#"{"day": 6, "month": 1, "year": 2000, "hour": 7, "min": 45, "lat": 19.132, "lon": 72.342, "tzone": 5.5, "house_type": "koch"}"#.utf8).write(to: file)
        let result = try WheelCommand.run(["chart", "--birth", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ChartDecoder.decode(result.stdout).chart.houseSystem == "Koch")
    }

    @Test(arguments: [
        ["chart"],
        ["chart", "--date", "1990-05-15"],
        ["render", WheelCommand.sample("astrologyapi"), "--date", "1990-05-15", "--time", "10:30", "--zone", "UTC", "--lat", "0", "--lon", "0"],
    ])
    func incompleteOrMixedInputIsAUsageError(arguments: [String]) throws {
        let result = try WheelCommand.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}
