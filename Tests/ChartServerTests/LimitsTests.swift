@testable import ChartServer
import ChartModel
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// The limits a replica keeps: the body's size, renders at once, a rate per caller, a deadline per request, and
/// the connection's own (a head too large, a sender too slow).
@Suite(.hangGuard) struct LimitsTests {
    @Test func aBodyOverTheCapIs413ProblemJSON() async throws {
        var configuration = ServerConfiguration()
        configuration.maximumBodyBytes = 1024
        let server = ChartServer(configuration: configuration)
        try await Application(router: TestServer.router(server)).test(.router) { client in
            try await client.execute(uri: "/test/echo", method: .post, body: ByteBuffer(repeating: UInt8(ascii: "x"), count: 1024)) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/test/echo", method: .post, body: ByteBuffer(repeating: UInt8(ascii: "x"), count: 1025)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("1024 bytes") == true)
            }
        }
    }

    /// A body far over the cap, sent whole over a real connection, gets its 413 read by the client every time:
    /// the server reads and drops the rest before it answers, rather than close on a client still sending.
    @Test func aClientSendingABodyFarOverTheCapReadsIts413EveryTime() async throws {
        var configuration = ServerConfiguration()
        configuration.maximumBodyBytes = 1024
        let server = ChartServer(configuration: configuration)
        try await server.application(router: TestServer.router(server)).test(.live) { client in
            for _ in 0..<20 {
                try await client.execute(uri: "/test/echo", method: .post, body: ByteBuffer(repeating: UInt8(ascii: "x"), count: 3_000_000)) { response in
                    #expect(response.status == .contentTooLarge)
                    #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("1024 bytes") == true)
                }
            }
        }
    }

    @Test func rendersBeyondTheLimitWithNoQueueAre503WithRetryAfter() async throws {
        var configuration = ServerConfiguration()
        configuration.rendersAtOnce = 2
        configuration.longestQueueWait = 0
        configuration.requestTimeout = 600  // the held renders must outlast a loaded machine's delays, not the deadline
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(configuration: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<2 {
                    group.addTask { try await client.execute(uri: "/test/render", method: .post).status }
                }
                // Both places taken (the renders are blocked on `hold`), so the third is refused at once.
                #expect(await TestServer.until { server.renders.inFlight == 2 })
                try await client.execute(uri: "/test/render", method: .post) { response in
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.headers[.retryAfter] == "1")
                    #expect(response.headers[.contentType] == "application/problem+json")
                    #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("2 renders are running") == true)
                }
                try await client.execute(uri: "/readyz", method: .get) { response in
                    #expect(response.status == .serviceUnavailable)
                }
                hold.release(2)
                for try await status in group { #expect(status == .ok) }
            }
            #expect(server.renders.inFlight == 0)
            try await client.execute(uri: "/readyz", method: .get) { response in #expect(response.status == .ok) }
        }
        }
    }

    @Test func aWheelWhileEveryRenderPlaceIsTakenAndNoQueueIs503AndAWheelAfterwardsIsDrawn() async throws {
        var configuration = ServerConfiguration()
        configuration.rendersAtOnce = 1
        configuration.longestQueueWait = 0
        configuration.requestTimeout = 600  // the held render must outlast a loaded machine's delays, not the deadline
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(configuration: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        let body = #"{"birth":{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}}"#
        try await Application(router: server.router()).test(.router) { client in
            let held = Task { try await server.renders.render { hold.wait() } }
            #expect(await TestServer.until { hold.startedCount == 1 })
            try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
            }
            hold.release(1)
            try await held.value
            try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
            }
        }
        }
    }

    /// A server of `configuration` whose one render place `first` holds (a render waiting for `hold`), for `body`.
    static func withOneRenderHeld(_ configuration: ServerConfiguration,
                                  _ body: @escaping @Sendable (ChartServer, TestServer.Hold, any TestClientProtocol, Task<HTTPResponse.Status, any Error>) async throws -> Void) async throws {
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(configuration: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            let first = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until { hold.startedCount == 1 })
            try await body(server, hold, client, first)
        }
        }
    }

    /// A render beyond the places waits its turn while its estimated wait fits `queue-wait`, and is drawn when a
    /// place comes free; one that gives up in the queue leaves it; past the estimate, 503 with `Retry-After`.
    @Test func aRenderBeyondThePlacesWaitsItsTurnWhileItsWaitFits() async throws {
        var configuration = ServerConfiguration()
        configuration.rendersAtOnce = 1
        configuration.requestTimeout = 600  // the held render must outlast a loaded machine's delays, not the deadline
        configuration.longestQueueWait = 600
        try await Self.withOneRenderHeld(configuration) { server, hold, client, first in
            let second = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until { server.renders.waiting == 1 })
            let third = Task { try await server.renders.render { 3 } }
            #expect(await TestServer.until { server.renders.waiting == 2 })
            third.cancel()
            #expect(await TestServer.until { server.renders.waiting == 1 })
            #expect(await (try? third.value) == nil)
            #expect(server.renders.inFlight == 1 && hold.startedCount == 1)
            try await client.execute(uri: "/readyz", method: .get) { response in #expect(response.status == .ok) }
            hold.release(2)
            #expect(try await first.value == .ok)
            #expect(try await second.value == .ok)
            #expect(hold.startedCount == 2)
            #expect(await TestServer.until { server.renders.inFlight == 0 && server.renders.waiting == 0 })
        }
        // A wait estimated past `queue-wait` (one render ahead, 50 ms a render before any is measured) is refused.
        configuration.longestQueueWait = 0.001
        try await Self.withOneRenderHeld(configuration) { _, hold, client, first in
            try await client.execute(uri: "/test/render", method: .post) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("1 renders are running and 0 waiting") == true)
            }
            hold.release(1)
            #expect(try await first.value == .ok)
        }
    }

    @Test func aCallerPastItsBurstIs429WithRetryAfterUntilTheBucketRefills() async throws {
        var configuration = ServerConfiguration()
        configuration.apiKeys.v1 = ["key-one", "key-two"]
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: 0.5, burst: 3, now: { clock.seconds })
        let server = ChartServer(configuration: configuration, rateLimiter: limiter)
        try await Application(router: TestServer.router(server)).test(.router) { client in
            let one: HTTPFields = [.authorization: "Bearer key-one"]
            for _ in 0..<3 {
                try await client.execute(uri: "/test/ok", method: .get, headers: one) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/test/ok", method: .get, headers: one) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "2")  // a token every 2 s
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            // Another key has its own bucket; the operations routes take no token.
            try await client.execute(uri: "/test/ok", method: .get, headers: [.authorization: "bearer key-two"]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/healthz", method: .get, headers: one) { #expect($0.status == .ok) }
            clock.advance(by: .seconds(1))
            try await client.execute(uri: "/test/ok", method: .get, headers: one) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "1")
            }
            clock.advance(by: .seconds(1))
            try await client.execute(uri: "/test/ok", method: .get, headers: one) { #expect($0.status == .ok) }
        }
    }

    @Test func madeUpKeysShareTheirAddressBucket() async throws {
        var configuration = ServerConfiguration()
        configuration.apiKeys.v1 = ["real-key"]
        let clock = ManualClock()
        let server = ChartServer(configuration: configuration, rateLimiter: RateLimiter(ratePerSecond: 1, burst: 2, now: { clock.seconds }))
        try await Application(router: TestServer.router(server)).test(.router) { client in
            for fake in ["fake-1", "fake-2"] {
                try await client.execute(uri: "/test/ok", method: .get, headers: [.authorization: "Bearer \(fake)"]) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/test/ok", method: .get, headers: [HTTPField.Name("x-api-key")!: "fake-3"]) { response in
                #expect(response.status == .tooManyRequests)
            }
        }
    }

    @Test func keylessCallersAreCountedByTheirConnectionsAddressWhichAHeaderCannotForge() async throws {
        var configuration = ServerConfiguration()
        configuration.ratePerSecond = 0.001
        configuration.rateBurst = 2
        let server = ChartServer(configuration: configuration)
        try await server.application(router: TestServer.router(server)).test(.live) { client in
            for forged in ["10.0.0.1", "10.0.0.2"] {
                try await client.execute(uri: "/test/ok", method: .get, headers: [ClientAddress.header: forged, ClientAddress.forwardedFor: forged]) {
                    #expect($0.status == .ok)
                }
            }
            try await client.execute(uri: "/test/ok", method: .get, headers: [ClientAddress.header: "10.0.0.3", ClientAddress.forwardedFor: "10.0.0.3"]) { response in
                #expect(response.status == .tooManyRequests)
                #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
            }
        }
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnBucket() async throws {
        var configuration = ServerConfiguration()
        configuration.ratePerSecond = 0.001
        configuration.rateBurst = 1
        configuration.trustedProxies = ["127.0.0.1"]
        let server = ChartServer(configuration: configuration)
        try await server.application(router: TestServer.router(server)).test(.live) { client in
            // What nginx sends: the client's own header, then the address it saw appended.
            for (forwarded, status) in [("203.0.113.9, 10.0.0.1", HTTPResponse.Status.ok), ("10.0.0.2", .ok), ("10.0.0.1", .tooManyRequests), ("", .ok), ("", .tooManyRequests)] {
                let headers: HTTPFields = forwarded.isEmpty ? [:] : [ClientAddress.forwardedFor: forwarded]
                try await client.execute(uri: "/test/ok", method: .get, headers: headers) { #expect($0.status == status, "\(forwarded)") }
            }
        }
    }

    @Test func theBucketTableStaysBounded() {
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: 10, burst: 5, capacity: 100, now: { clock.seconds })
        for index in 0..<1000 {
            #expect(limiter.take(for: RateKey("address", "10.0.\(index / 256).\(index % 256)")) == nil)
            clock.advance(by: .seconds(0.001))
        }
        #expect(limiter.count <= 100)
        // A full table of buckets that have refilled is emptied for the next caller.
        clock.advance(by: .seconds(1))
        #expect(limiter.take(for: RateKey("address", "192.168.0.1")) == nil)
        #expect(limiter.count == 1)
    }

    @Test func aRequestPastItsDeadlineIs503AndItsRenderKeepsItsPlaceUntilItEnds() async throws {
        var configuration = ServerConfiguration()
        configuration.requestTimeout = 1
        configuration.rendersAtOnce = 1
        configuration.longestQueueWait = 0
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(configuration: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            try await client.execute(uri: "/test/sleep", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("longer than 1 s") == true)
            }
            try await client.execute(uri: "/test/render", method: .post) { response in
                #expect(response.status == .serviceUnavailable)
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("longer than") == true)
            }
            // The abandoned render still holds the one place: the next is refused, not run beside it.
            #expect(server.renders.inFlight == 1)
            try await client.execute(uri: "/test/render", method: .post) { response in
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("renders are running") == true)
            }
            hold.release(1)
            #expect(await TestServer.until { server.renders.inFlight == 0 })
            #expect(hold.startedCount == 1)
        }
        }
    }

    @Test func aHeadLargerThanTheLimitIsRefusedAndTheServerGoesOn() async throws {
        var configuration = ServerConfiguration()
        configuration.maximumHeaderBytes = 4096
        let server = ChartServer(configuration: configuration)
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await TestServer.offThePool { () -> (Int, Bool)? in
                guard let connection = try RawConnection.open(port: port) else { return nil }
                _ = connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 8192))\r\n\r\n")
                let (bytes, closed) = connection.receiveUntilClosed(seconds: 300)
                let status = Int(String(decoding: bytes, as: UTF8.self).split(separator: " ").dropFirst().first ?? "") ?? 0
                return (status, closed)
            }
            #expect(answer?.0 == 400)
            #expect(answer?.1 == true)
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aHeadTricklingInIsCutAtTheIdleTimeout() async throws {
        var configuration = ServerConfiguration()
        configuration.idleTimeout = 1
        let server = ChartServer(configuration: configuration)
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            let closed = try await TestServer.offThePool { () -> Bool in
                guard let connection = try RawConnection.open(port: port) else { return false }
                // Part of a head, then a byte every 0.3 s: never quiet for a second, never a whole head.
                _ = connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
                for _ in 0..<200 {
                    guard connection.send("X") else { return true }
                    if connection.receiveUntilClosed(seconds: 0.3).closed { return true }
                }
                return false
            }
            #expect(closed, "the connection was still open after 60 s of a trickling head")
            // The test client's own connection has been idle too: a new one shows the server goes on.
            let status = try await TestServer.offThePool { () -> Int? in
                guard let connection = try RawConnection.open(port: port) else { return nil }
                _ = connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                return connection.receiveResponse(seconds: 300)?.status
            }
            #expect(status == 200)
        }
    }
}
