@testable import ChartServer
import ChartModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Bodies meant to hurt, against every POST route the server has: none crashes it or hangs it; each is answered
/// 4xx in the route's error shape (problem+json; a drop-in's service's own), well within the deadline (a request
/// overrunning it would be 503), and the server goes on.
@Suite(.hangGuard) struct HostileBodiesTests {
    static let deep = String(repeating: "[", count: 100_000)
    static let hostile: [(name: String, contentType: String, body: [UInt8])] = [
        ("100,000 [", "application/json", Array(deep.utf8)),
        ("100,000 [ in a field", "application/json", Array((#"{"birth": "# + deep).utf8)),
        ("1e400", "application/json", Array(#"{"birth": {"date": 1e400, "latitude": 1e400, "longitude": -1e400}, "chart_size": 1e400}"#.utf8)),
        ("400 digits", "application/json",
         Array(#"{"day": \#(String(repeating: "9", count: 400)), "month": 1, "year": \#(String(repeating: "1", count: 400)), "hour": 1, "min": 1, "lat": 1, "lon": 1, "tzone": 1}"#.utf8)),
        ("bad UTF-8", "application/json", [0x7B, 0x22, 0x62, 0xFF, 0xFE, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x22, 0x7D]),
        ("NUL bytes", "application/json", Array(#"{"birth\#0": {"date": "2000-01-01\#0", "place": "\#0\#0"}}"#.utf8) + [0, 0, 0]),
        ("escaped NUL", "application/json", Array(#"{"birth": {"date": "2000\u0000-01-01", "time": "\u0000"}, "chart": "\u0000"}"#.utf8)),
        ("a lone surrogate", "application/json", Array(#"{"birth": {"place": "\ud800"}}"#.utf8)),
        ("empty", "application/json", []),
        ("XML", "application/xml", Array(#"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbbbbbb">]><a>&b;&b;&b;</a>"#.utf8)),
        ("form", "application/x-www-form-urlencoded", Array("day=1&month=1&year=2000&lat=abc".utf8)),
        ("binary as JSON", "application/json", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }),
        ("a number", "text/plain", Array("42".utf8)),
    ]

    /// The POST routes, with any path parameter filled with `x`.
    static func postRoutes(of server: ChartServer) -> [String] {
        server.router().routes.filter { $0.method == .post }.map { route in
            "/" + route.path.description.split(separator: "/").map { $0.hasPrefix("{") || $0.hasPrefix(":") ? "x" : String($0) }.joined(separator: "/")
        }
    }

    /// An error in the route's own shape, with its words: problem+json with a `detail`, or for the drop-ins their
    /// service's (AstrologyAPI `{"status": false, "msg": …}`, FreeAstrologyAPI `{"message": …}`).
    static func saysWhatIsWrong(_ response: TestResponse) -> Bool {
        let object = TestServer.problem(response.body)
        switch response.headers[.contentType] {
        case "application/problem+json": return object?["detail"] is String
        case "application/json": return (object?["status"] as? Bool == false && object?["msg"] is String) || object?["message"] is String
        default: return false
        }
    }

    @Test func everyPostRouteAnswersHostileBodies4xxInItsErrorShape() async throws {
        var configuration = ServerConfiguration()
        configuration.ratePerSecond = 100_000
        configuration.rateBurst = 1_000_000
        let server = ChartServer(testing: configuration)
        let routes = Self.postRoutes(of: server)
        #expect(!routes.isEmpty, "no POST route to try")
        try await Application(router: server.router()).test(.router) { client in
            for route in routes {
                for (name, contentType, body) in Self.hostile {
                    try await client.execute(uri: route, method: .post, headers: [.contentType: contentType], body: ByteBuffer(bytes: body)) { response in
                        #expect((400..<500).contains(response.status.code), "\(route), \(name): \(response.status)")
                        #expect(Self.saysWhatIsWrong(response), "\(route), \(name): \(String(buffer: response.body).prefix(200))")
                    }
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aTenMegabyteBodyIs413OnTheWire() async throws {
        let server = ChartServer(testing: ServerConfiguration())
        let route = try #require(Self.postRoutes(of: server).first)
        try await server.application().test(.live) { client in
            let body = ByteBuffer(repeating: UInt8(ascii: "["), count: 10 * 1024 * 1024)
            try await client.execute(uri: route, method: .post, headers: [.contentType: "application/json"], body: body) { response in
                #expect(response.status == .contentTooLarge, "\(route): \(response.status)")
                #expect(Self.saysWhatIsWrong(response), "\(route)")
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }
}
