import ChartWalks
import Foundation
import Testing
import TestSupport
@testable import ChartModel

/// The parser's shortcuts (keys compared by a filter and their first eight bytes, strings and digits read
/// eight bytes at a time) must find every repeated key and every bad byte where a byte at a time would.
@Suite struct JSONTapeTests {
    /// The message for `json`, which must not parse.
    private func parseError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        chartError(sourceLocation: sourceLocation) { _ = try decode(json) }?.message
    }

    /// Column (from 1) of the `occurrence`-th (from 0) appearance of `text` in the one-line `json`.
    private func column(of text: String, occurrence: Int, in json: String) -> Int {
        var rest = json[...]
        var offset = 0
        for _ in 0...occurrence {
            let range = rest.range(of: text)!
            offset = json.distance(from: json.startIndex, to: range.lowerBound)
            rest = json[range.upperBound...]
        }
        return offset + 1
    }

    @Test(arguments: [2, 15, 16, 17, 40])
    func aRepeatedKeyIsFoundInObjectsOfAnySize(members: Int) {
        let keys = (0..<members).map { "key_number_\($0)" }  // alike in their first eight bytes
        for repeated in [0, members / 2, members - 1] {
            let json = "{" + (keys + [keys[repeated]]).map { #""\#($0)": 1"# }.joined(separator: ", ") + "}"
            let at = column(of: #""\#(keys[repeated])""#, occurrence: 1, in: json)
            #expect(parseError(json) == #"not JSON: key "\#(keys[repeated])" appears twice in one object at line 1, column \#(at)"#)
        }
        // And no key is taken for another: all different is a chart format problem, not a JSON one.
        let distinct = "{" + keys.map { #""\#($0)": 1"# }.joined(separator: ", ") + "}"
        #expect(parseError(distinct)?.hasPrefix("unrecognised chart format") == true)
    }

    @Test(arguments: [
        // Keys that differ only in length, only after eight bytes, or only in a byte the filter might merge.
        (#"{"abcdefgh": 1, "abcdefghi": 2, "abcdefgh_": 3, "abcdefg": 4, "": 5, " ": 6}"#, nil),
        (#"{"abcdefghij": 1, "abcdefghik": 2}"#, nil),
        (#"{"": 1, "": 2}"#, #""" appears twice"#),
        // The same key written with an escape, with a non-ASCII byte, or as a canonically equal character.
        (#"{"ab": 1, "a\u0062": 2}"#, #""ab" appears twice"#),
        (#"{"é": 1, "\u00e9": 2}"#, #""é" appears twice"#),
        ("{\"\u{212A}\": 1, \"K\": 2}", #""K" appears twice"#),
    ] as [(String, String?)])
    func keysAreEqualExactlyWhenTheirTextIs(json: String, repeated: String?) {
        let message = parseError(json) ?? ""
        if let repeated {
            #expect(message.hasPrefix("not JSON: key ") && message.contains(repeated), "\(message)")
        } else {
            #expect(message.hasPrefix("unrecognised chart format"), "\(message)")
        }
    }

    @Test func aBadByteIsFoundAtEveryPositionOfALongString() {
        for position in 0..<20 {
            let before = String(repeating: "a", count: position), after = String(repeating: "b", count: 20 - position)
            let prefix = #"{"name": ""#
            // A control character: reported where it is.
            #expect(parseError(prefix + before + "\u{01}" + after + #""}"#)
                == "not JSON: control character in a string at line 1, column \(prefix.count + position + 1)")
            // Invalid UTF-8: reported at the start of the run of bytes that holds it.
            var bytes = Array((prefix + before).utf8) + [0xC3, 0x28] + Array((after + #""}"#).utf8)
            #expect(chartError { _ = try ChartDecoder.decode(Data(bytes)) }?.message
                == "not JSON: invalid UTF-8 in a string at line 1, column \(prefix.count + 1)")
            // A string that never ends.
            bytes = Array((prefix + before).utf8)
            #expect(chartError { _ = try ChartDecoder.decode(Data(bytes)) }?.message
                == "not JSON: string never ends at line 1, column \(prefix.count)")
        }
    }

    @Test func namesWithEscapesAndNonASCIIAreReadAtEveryPosition() throws {
        for position in 0..<12 {
            let padding = String(repeating: " ", count: position)
            for (written, id) in [(#"S\u0075n"#, BodyID.sun), ("Mo\\u006fn", .moon), ("Mars\u{00A0}", .mars), (#"Hyg\"iea"#, nil)] {
                let planets = #"{"name": "\#(padding)\#(written)\#(padding)", "full_degree": 1}, {"name": "Pluto", "full_degree": 2}"#
                let decoded = try decode(astrologyChart(planets: planets))
                if let id {
                    #expect(decoded.chart.bodies.first?.id == id, "\(written) at \(position)")
                } else {
                    #expect(decoded.warnings == [#"planets[0].name: unknown body "\#(padding)Hyg\"iea\#(padding)", skipped"#])
                }
            }
        }
    }

    @Test func numbersAreCutWhereTheirDigitsEnd() throws {
        // Digits read eight at a time must stop at the first other byte, at any distance.
        for digits in 1...20 {
            let integer = "1" + String(repeating: "0", count: digits - 1)
            let fraction = String(repeating: "5", count: digits)
            for text in ["\(integer)", "0.\(fraction)", "1.\(fraction)e-\(digits)", "-0.\(fraction)E+1"] {
                let chart = try decode(#"{"bodies": [{"id": "sun", "longitude": 0, "speed": \#(text)}], "cusps": [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330]}"#).chart
                #expect(chart.bodies.first?.speed == Double(text), "\(text)")
            }
            #expect(parseError(#"{"a": \#(integer).}"#)?.hasPrefix("not JSON: a number needs digits after '.'") == true)
            #expect(parseError(#"{"a": \#(integer)x}"#)?.hasPrefix("not JSON: expected ',' or '}', found 'x'") == true)
        }
    }
}

/// A repeated key is found wherever it stands, in objects of every size across the key filter's and the key
/// set's thresholds: one pair of positions in ten of each size (Tests/ChartWalks/RepeatedKeyWalk.swift); the
/// release check, scripts/check-data-walks.sh, tries every pair.
@Suite struct RepeatedKeyTests {
    @Test func everyPairOfPositions() async throws {
        let report = try await RepeatedKeyWalk.run(.every(10, from: 3))
        report.recordFailures()
        print(report.summary)
    }
}
