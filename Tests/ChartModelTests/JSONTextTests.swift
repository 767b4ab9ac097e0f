@testable import ChartModel
import Foundation
import Testing

/// The edges' JSON writer: strings escaped as JSON asks (quotes, backslashes, control characters), the rest of
/// UTF-8 as it is, and every document reads back to what was written.
@Suite
struct JSONTextTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("Zürich, 東京, 🜨", #""Zürich, 東京, 🜨""#),
        ("say \"hi\" \\ there", #""say \"hi\" \\ there""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("bell \u{7}, unit \u{1f}, nul \u{0}", #""bell \u0007, unit \u001f, nul \u0000""#),
    ])
    func stringsAreEscapedAsJSONAsks(text: String, written: String) throws {
        let data = JSONText.string(text).data
        #expect(String(decoding: data, as: UTF8.self) == written)
        #expect(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? String == text)
    }

    @Test func aDocumentReadsBackAsWritten() throws {
        let document: JSONText = ["name": "Sun", "full_degree": 54.49652012, "house": 10, "is_retro": false, "notes": .null,
                                  "list": [1, 2.5, "x\"y"], "nested": ["deep": ["a\u{1}b"]]]
        let text = String(decoding: document.data, as: UTF8.self)
        #expect(text == #"{"name":"Sun","full_degree":54.49652012,"house":10,"is_retro":false,"notes":null,"list":[1,2.5,"x\"y"],"nested":{"deep":["a\u0001b"]}}"#)
        let read = try #require(try JSONSerialization.jsonObject(with: document.data) as? [String: Any])
        #expect(read["full_degree"] as? Double == 54.49652012)
        #expect(((read["nested"] as? [String: Any])?["deep"] as? [String])?.first == "a\u{1}b")
    }
}
