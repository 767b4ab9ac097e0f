@testable import ChartServer
import ChartModel
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// `/metrics` counts what the server did; the log says one line per request, with its id, and nothing a caller
/// would not want written down.
@Suite(.hangGuard) struct MetricsAndLogsTests {
    /// The value of the sample `name{labels}` in Prometheus text (0 when absent: a counter not yet made).
    static func sample(_ text: String, _ name: String, _ labels: String) -> Double {
        let prefix = "\(name){\(labels)} "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return 0 }
        return Double(line.dropFirst(prefix.count)) ?? .nan
    }

    @Test func metricsCountRequestsByRouteAndStatusAndRejectionsByReason() async throws {
        var configuration = ServerConfiguration()
        configuration.maximumBodyBytes = 1024
        let clock = ManualClock()
        let server = ChartServer(testing: configuration, rateLimiter: RateLimiter(ratePerSecond: 1, burst: 4, now: { clock.seconds }),
                                 metrics: TestServer.metrics)
        // Other tests' servers share the process's registry: routes of this test's own, and counts before and after.
        let router = TestServer.router(server)
        router.get("/test/counted") { _, _ in "counted" }
        router.post("/test/counted-body") { request, _ in server.jsonResponse(try await server.body(of: request)) }
        try await Application(router: router).test(.router) { client in
            let before = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            try await client.execute(uri: "/test/counted", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/test/counted-body", method: .post, body: ByteBuffer(repeating: 0x20, count: 2000)) { #expect($0.status == .contentTooLarge) }
            try await client.execute(uri: "/nowhere", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/test/counted", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/test/counted", method: .get) { #expect($0.status == .tooManyRequests) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let after = String(buffer: response.body)
                func grew(_ name: String, _ labels: String) -> Double { Self.sample(after, name, labels) - Self.sample(before, name, labels) }
                #expect(grew("hb_requests", #"http_route="/test/counted",http_request_method="GET",http_response_status_code="200""#) == 2)
                #expect(grew("hb_requests", #"http_route="/test/counted",http_request_method="GET",http_response_status_code="429""#) == 1)
                #expect(grew("hb_requests", #"http_route="/test/counted-body",http_request_method="POST",http_response_status_code="413""#) == 1)
                #expect(grew("wheel_rejections_total", #"reason="rate""#) >= 1)
                #expect(grew("wheel_rejections_total", #"reason="body_too_large""#) >= 1)
                #expect(after.contains(#"http_server_request_duration_bucket{http_route="/test/counted",http_request_method="GET",http_response_status_code="200",le="0.005"}"#))
                // Every answer timed once, refusals too; no second series for the thrown ones.
                #expect(grew("http_server_request_duration_count", #"http_route="/test/counted",http_request_method="GET",http_response_status_code="429""#) == 1)
                #expect(grew("http_server_request_duration_count", #"http_route="/test/counted-body",http_request_method="POST",http_response_status_code="413""#) == 1)
                #expect(grew("http_server_request_duration_count", #"http_route="NotFound",http_request_method="GET",http_response_status_code="404""#) >= 1)  // shared with other tests
                #expect(!after.contains("hb_request_errors"))
                #expect(after.contains("# TYPE wheel_renders_in_flight gauge"))
                #expect(after.contains("# TYPE http_server_request_duration histogram"))
            }
        }
    }

    @Test func eachRequestLogsOneLineWithItsIdAndNoSecretOrBirthData() async throws {
        let lines = TestServer.LogLines()
        var configuration = ServerConfiguration()
        configuration.apiKeys.v1 = ["secret-key-4242"]
        let server = ChartServer(testing: configuration, logger: TestServer.logger(into: lines))
        let birth = #"{"birth": {"date": "1987-03-14", "time": "06:45", "latitude": 19.0761, "longitude": 72.8775, "place": "Mumbai"}}"#
        try await server.application(router: TestServer.router(server)).test(.live) { client in
            try await client.execute(uri: "/test/echo", method: .post, headers: [.authorization: "Bearer secret-key-4242"],
                                     body: ByteBuffer(string: birth)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/test/ok?at=1987-03-14T06:45&lat=19.0761&lon=72.8775", method: .get,
                                     headers: [HTTPField.Name("x-api-key")!: "secret-key-4242"]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/nowhere?q=Mumbai", method: .get) { #expect($0.status == .notFound) }
        }
        let requests = lines.objects.filter { $0["message"] as? String == "request" }
        #expect(requests.count == 3, "\(lines.all)")
        #expect(Set(requests.compactMap { $0["hb.request.id"] as? String }).count == 3)
        #expect(requests.map { "\($0["method"] ?? "") \($0["route"] ?? "") \($0["status"] ?? "")" }
                == ["POST /test/echo 200", "GET /test/ok 200", "GET NotFound 404"])
        #expect(requests.allSatisfy { Double($0["duration_ms"] as? String ?? "") != nil })
        for line in lines.all {
            for secret in ["secret-key-4242", "1987-03-14", "19.0761", "72.8775", "Mumbai"] {
                #expect(!line.contains(secret), "\(secret) in \(line)")
            }
        }
    }

    @Test func birthDataIsLoggedOnlyWhenAsked() async throws {
        let lines = TestServer.LogLines()
        var configuration = ServerConfiguration()
        configuration.logBirthData = true
        let server = ChartServer(testing: configuration, logger: TestServer.logger(into: lines))
        try await server.application(router: TestServer.router(server)).test(.live) { client in
            try await client.execute(uri: "/test/ok?at=1987-03-14T06:45&lat=19.0761", method: .get,
                                     headers: [HTTPField.Name("x-api-key")!: "secret-key-4242"]) { #expect($0.status == .ok) }
        }
        let request = lines.objects.first { $0["message"] as? String == "request" }
        #expect(request?["target"] as? String == "/test/ok?at=1987-03-14T06:45&lat=19.0761")
        #expect(!lines.all.contains { $0.contains("secret-key-4242") })
    }
}
