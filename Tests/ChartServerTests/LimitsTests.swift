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
        let server = ChartServer(testing: configuration)
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
        let server = ChartServer(testing: configuration)
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
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(testing: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<2 {
                    group.addTask { try await client.execute(uri: "/test/render", method: .post).status }
                }
                // Both places taken (the renders are blocked on `hold`), so the third is refused at once.
                #expect(await TestServer.until(server.renders.changes) { server.renders.inFlight == 2 })
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
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(testing: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        let body = #"{"birth":{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}}"#
        try await Application(router: server.router()).test(.router) { client in
            let held = Task { try await server.renders.render { hold.wait() } }
            #expect(await TestServer.until(hold.changes) { hold.startedCount == 1 })
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
        let server = ChartServer(testing: configuration, logger: nil, rateLimiter: nil, renderPool: pool)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            let first = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until(hold.changes) { hold.startedCount == 1 })
            try await body(server, hold, client, first)
        }
        }
    }

    /// A render beyond the places waits its turn while its estimated wait fits `queue-wait`, and is drawn when a
    /// place comes free; one that gives up in the queue leaves it; past the estimate, 503 with `Retry-After`.
    @Test func aRenderBeyondThePlacesWaitsItsTurnWhileItsWaitFits() async throws {
        var configuration = ServerConfiguration()
        configuration.rendersAtOnce = 1
        configuration.requestTimeout = 600  // the queue's longest wait is at most the deadline
        configuration.longestQueueWait = 600
        try await Self.withOneRenderHeld(configuration) { server, hold, client, first in
            let second = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until(server.renders.changes) { server.renders.waiting == 1 })
            let third = Task { try await server.renders.render { 3 } }
            #expect(await TestServer.until(server.renders.changes) { server.renders.waiting == 2 })
            third.cancel()
            #expect(await TestServer.until(server.renders.changes) { server.renders.waiting == 1 })
            #expect(await (try? third.value) == nil)
            #expect(server.renders.inFlight == 1 && hold.startedCount == 1)
            try await client.execute(uri: "/readyz", method: .get) { response in #expect(response.status == .ok) }
            hold.release(2)
            #expect(try await first.value == .ok)
            #expect(try await second.value == .ok)
            #expect(hold.startedCount == 2)
            #expect(await TestServer.until(server.renders.changes) { server.renders.inFlight == 0 && server.renders.waiting == 0 })
        }
        // A wait estimated past `queue-wait` is refused. The estimate is the renders' measured time, on the server's
        // clock: one render of 10 s moves any first guess a fifth of the way there, to 2 s at least, past 1 s.
        configuration.longestQueueWait = 1
        let clock = ManualClock()
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(testing: configuration, logger: nil, rateLimiter: nil, renderPool: pool, clock: clock)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            let measured = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until(hold.changes) { hold.startedCount == 1 })
            clock.advance(by: .seconds(10))
            hold.release(1)
            #expect(try await measured.value == .ok)
            // The measure is taken as the place is given back, just after the answer.
            #expect(await TestServer.until(server.renders.changes) { server.renders.inFlight == 0 })
            let first = Task { try await client.execute(uri: "/test/render", method: .post).status }
            #expect(await TestServer.until(hold.changes) { hold.startedCount == 2 })
            // Refused at once, or (were the estimate low) queued: the gate tells which.
            let answered = TestServer.Flag(telling: server.renders.changes)
            let beyond = Task {
                defer { answered.set() }
                return try await client.execute(uri: "/test/render", method: .post)
            }
            #expect(await TestServer.until(server.renders.changes) { answered.isSet || server.renders.waiting > 0 })
            #expect(server.renders.waiting == 0, "queued: the wait was estimated within queue-wait")
            hold.release(2)
            let response = try await beyond.value
            #expect(response.status == .serviceUnavailable)
            #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 2, "the estimate in whole seconds, rounded up")
            #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("1 renders are running and 0 waiting") == true)
            #expect(try await first.value == .ok)
        }
        }
    }

    @Test func aCallerPastItsBurstIs429WithRetryAfterUntilTheBucketRefills() async throws {
        var configuration = ServerConfiguration()
        configuration.apiKeys.v1 = ["key-one", "key-two"]
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: 0.5, burst: 3, now: { clock.seconds })
        let server = ChartServer(testing: configuration, rateLimiter: limiter)
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
        let server = ChartServer(testing: configuration, rateLimiter: RateLimiter(ratePerSecond: 1, burst: 2, now: { clock.seconds }))
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
        // The buckets refill on the test's clock, which does not move: no token comes back however slow the test.
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: configuration.ratePerSecond, burst: configuration.rateBurst, now: { clock.seconds })
        let server = ChartServer(testing: configuration, rateLimiter: limiter)
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
        let clock = ManualClock()  // never moved: no token comes back during the test
        let limiter = RateLimiter(ratePerSecond: configuration.ratePerSecond, burst: configuration.rateBurst, now: { clock.seconds })
        let server = ChartServer(testing: configuration, rateLimiter: limiter)
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
        // The deadline runs on the test's clock: it passes when the test moves the clock, once the request is waiting.
        let clock = ManualClock()
        try await TestServer.withRenderPool { pool in
        let server = ChartServer(testing: configuration, logger: nil, rateLimiter: nil, renderPool: pool, clock: clock)
        let hold = TestServer.Hold()
        try await Application(router: TestServer.router(server, hold: hold)).test(.router) { client in
            let sleeping = Task { try await client.execute(uri: "/test/sleep", method: .get) }
            #expect(await clock.nextWake(within: .seconds(1)) == .seconds(1))
            clock.advance(by: .milliseconds(999))
            #expect(clock.pendingWakes == [.milliseconds(1)], "the request is still waiting a millisecond before its deadline")
            clock.advance(by: .milliseconds(1))
            let overran = try await sleeping.value
            #expect(overran.status == .serviceUnavailable)
            #expect(overran.headers[.retryAfter] == "1")
            #expect((TestServer.problem(overran.body)?["detail"] as? String)?.contains("longer than 1 s") == true)

            let rendering = Task { try await client.execute(uri: "/test/render", method: .post) }
            #expect(await TestServer.until(hold.changes) { hold.startedCount == 1 })
            #expect(await clock.nextWake(within: .seconds(1)) == .seconds(1))
            clock.advance(by: .seconds(1))
            let cut = try await rendering.value
            #expect(cut.status == .serviceUnavailable)
            #expect((TestServer.problem(cut.body)?["detail"] as? String)?.contains("longer than") == true)
            // The abandoned render still holds the one place: the next is refused, not run beside it.
            #expect(server.renders.inFlight == 1)
            try await client.execute(uri: "/test/render", method: .post) { response in
                #expect(response.status == .serviceUnavailable)
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("renders are running") == true)
            }
            hold.release(1)
            #expect(await TestServer.until(server.renders.changes) { server.renders.inFlight == 0 })
            #expect(hold.startedCount == 1)
        }
        }
    }

    @Test func aHeadLargerThanTheLimitIsRefusedAndTheServerGoesOn() async throws {
        var configuration = ServerConfiguration()
        configuration.maximumHeaderBytes = 4096
        let server = ChartServer(testing: configuration)
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await TestServer.offThePool { () -> (Int, Bool)? in
                guard let connection = try RawConnection.open(port: port) else { return nil }
                _ = connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 8192))\r\n\r\n")
                let (bytes, closed) = connection.receiveUntilClosed()
                let status = Int(String(decoding: bytes, as: UTF8.self).split(separator: " ").dropFirst().first ?? "") ?? 0
                return (status, closed)
            }
            #expect(answer?.0 == 400)
            #expect(answer?.1 == true)
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A head trickling in counts as quiet: its connection is cut at the idle timeout, though its bytes never stop.
    /// The trickle is paced by the server's own answers on other connections, never by a clock; were the trickle
    /// to count as traffic, it would go on until the head's size limit refused it with a 400 instead.
    @Test func aHeadTricklingInIsCutAtTheIdleTimeout() async throws {
        var configuration = ServerConfiguration()
        configuration.idleTimeout = 0.25
        configuration.maximumHeaderBytes = 16 * 1024  // some 60 times what a quarter second of round trips sends here
        let server = ChartServer(testing: configuration)
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            let cut = try await TestServer.offThePool { () -> (bytes: [UInt8], sent: Int)? in
                guard let trickle = try RawConnection.open(port: port) else { return nil }
                _ = trickle.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Trickle: ")
                var sent = 0
                while !trickle.hasInput, trickle.send("X") {
                    sent += 1
                    // One whole request on a connection of its own: its answer (or its close) is the pace.
                    if let pacer = try RawConnection.open(port: port), pacer.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") {
                        _ = pacer.receiveUntilClosed()
                    }
                }
                return (trickle.receiveUntilClosed().bytes, sent)
            }
            let answer = cut.map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(answer == "", "answered rather than cut quiet, after \(cut?.sent ?? 0) bytes of head")
            // The test client's own connection has been idle too: a new one shows the server goes on.
            let status = try await TestServer.offThePool { () -> Int? in
                guard let connection = try RawConnection.open(port: port) else { return nil }
                _ = connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                return connection.receiveResponse()?.status
            }
            #expect(status == 200)
        }
    }
}
