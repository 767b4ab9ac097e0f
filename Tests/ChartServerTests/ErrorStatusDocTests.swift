import ChartServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// docs/Server.md's table of our own API's refusals is what the server answers: each kind of bad request, sent to
/// every `POST /v1/…` route, gets the status the table gives it.
@Suite(.hangGuard) struct ErrorStatusDocTests {
    static let routes = ["/v1/chart", "/v1/wheel", "/v1/grid", "/v1/table", "/v1/positions", "/v1/sheet"]
    static let birth = #"{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}"#

    /// A request the test can send, to one route.
    struct Sent {
        var uri: String
        var method: HTTPRequest.Method = .post
        var headers: HTTPFields = [:]
        var body: String
    }

    /// Each kind the table names, as requests: the table's first column, word for word.
    static let kinds: [String: [Sent]] = [
        "a body that is not JSON": routes.map { Sent(uri: $0, body: #"{"birth": {"date": "1990-05-15""#) },
        "a body that is JSON but not an object": routes.map { Sent(uri: $0, body: "[1, 2]") },
        "a language not among the ten (`options.language`)": routes.dropFirst().map { Sent(uri: $0, body: #"{"birth": \#(birth), "options": {"language": "xx"}}"#) },
        "an unknown field": [Sent(uri: "/v1/chart", body: birth.replacingOccurrences(of: "{", with: #"{"colour":"red","#))]
            + routes.dropFirst().map { Sent(uri: $0, body: #"{"birth": \#(birth), "colour": "red"}"#) },
        "a field's value refused": [Sent(uri: "/v1/chart", body: birth.replacingOccurrences(of: "40.7128", with: "91"))]
            + routes.dropFirst().map { Sent(uri: $0, body: #"{"birth": \#(birth), "format": "gif"}"#) },
        "a place name that matches no place, or a zone name the time-zone database does not hold":
            [Sent(uri: "/v1/chart", body: #"{"date":"1990-05-15","time":"10:30","place":"Xqzzyv"}"#),
             Sent(uri: "/v1/chart", body: birth.replacingOccurrences(of: "America/New_York", with: "Europe/Berln"))]
            + routes.dropFirst().map { Sent(uri: $0, body: #"{"birth": {"date":"1990-05-15","time":"10:30","place":"  "}}"#) },
        "fields valid alone but not together: an elevation without a topocentric chart, a strict house system inside the polar circle, a sheet with text too wide for a PNG":
            [Sent(uri: "/v1/chart?strict=true", body: birth.replacingOccurrences(of: "40.7128", with: "80"))]
            + routes.dropFirst().map { Sent(uri: $0, body: #"{"birth": \#(birth), "options": {"elevation": 100}}"#) }
            + [Sent(uri: "/v1/sheet", body: #"{"birth": \#(birth), "page_width": 3445, "format": "png"}"#)],
        "an unknown route": [Sent(uri: "/v1/nowhere", body: birth), Sent(uri: "/v1/nowhere", method: .get, body: "")],
        "a route's path by a method it does not take": routes.flatMap { [Sent(uri: $0, method: .get, body: ""), Sent(uri: $0, method: .trace, body: "")] },
        "no key, or one the server does not know, when `v1` has keys":
            routes.flatMap { [Sent(uri: $0, body: birth), Sent(uri: $0, headers: [.authorization: "Bearer made-up"], body: birth)] },
        "a body over `max-body`": routes.map { Sent(uri: $0, body: #"{"birth": \#(birth), "title": "\#(String(repeating: "x", count: 300_000))"}"#) },
    ]

    /// The table under "### Errors" of "## Our own API", as (kind, status). A table that is gone, or whose heading
    /// or rows changed shape, fails here rather than leaving nothing to check.
    static func documented() throws -> [(kind: String, status: Int)] {
        let manual = try String(contentsOf: SampleCharts.packageRoot.appendingPathComponent("docs/Server.md"), encoding: .utf8)
        let lines = manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let api = try #require(lines.firstIndex(of: "## Our own API"), "docs/Server.md: no \"## Our own API\"")
        let errors = try #require(lines[api...].firstIndex(of: "### Errors"), "docs/Server.md: no \"### Errors\" under our own API")
        let header = try #require(lines[errors...].firstIndex(of: "| a request to our own API | status |"),
                                  "docs/Server.md: no table of statuses under our own API's errors")
        try #require(lines[header + 1].hasPrefix("|---"), "docs/Server.md: the statuses' table has no rule under its head")
        return try lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let status = try #require(cells.count == 2 ? Int(cells[1]) : nil, "docs/Server.md: a row that is not a kind and a status: \(row)")
            return (cells[0], status)
        }
    }

    @Test func eachKindOfBadRequestGetsTheStatusTheManualGives() async throws {
        let table = try Self.documented()
        #expect(table.count >= 5, "the table's rows were found: \(table)")
        let unknown = Set(table.map(\.kind)).subtracting(Self.kinds.keys)
        #expect(unknown.isEmpty, "docs/Server.md names kinds this test does not send: \(unknown.sorted()); teach it to send them")
        let untold = Set(Self.kinds.keys).subtracting(table.map(\.kind))
        #expect(untold.isEmpty, "docs/Server.md no longer gives the status of \(untold.sorted())")
        for (kind, status) in table {
            var configuration = ServerConfiguration()
            if kind.contains("key") { configuration.apiKeys.v1 = ["v1-key-0123456789"] }
            let requests = Self.kinds[kind] ?? []
            try await Application(router: ChartServer(testing: configuration).router()).test(.router) { client in
                for sent in requests {
                    try await client.execute(uri: sent.uri, method: sent.method, headers: sent.headers, body: ByteBuffer(string: sent.body)) { response in
                        let answered = Int(response.status.code)
                        #expect(answered == status, "\(kind): \(sent.method) \(sent.uri) answered \(answered), docs/Server.md says \(status)")
                        #expect(response.headers[.contentType] == "application/problem+json", "\(kind): \(sent.uri)")
                    }
                }
            }
        }
    }
}
