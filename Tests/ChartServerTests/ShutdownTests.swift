@testable import ChartServer
import ChartModel
import Foundation
import Hummingbird
import HummingbirdTesting
import ServiceLifecycle
import Support
import Testing

/// Graceful shutdown in-process: the group's shutdown (what SIGTERM triggers) closes the listener, `/readyz` turns
/// 503, and a request in flight still gets its whole answer, saying `Connection: close`, before the server returns.
@Suite(.hangGuard) struct ShutdownTests {
    @Test func aRequestInFlightFinishesAfterShutdownBeginsAndNewConnectionsAreRefused() async throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.shutdownGrace = 600
        // What ends the request must be its body, not a loaded machine's slowness: the deadline is on the test's
        // clock (never moved), and the idle timeout of its half-sent body far off.
        configuration.idleTimeout = 600
        let server = ChartServer(testing: configuration)
        let ports = AsyncStream.makeStream(of: Int.self)
        let started = TestServer.Flag()
        let group = server.serviceGroup(signals: [], router: TestServer.router(server, started: started), onServerRunning: { ports.continuation.yield($0) })
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.stream.makeAsyncIterator()
            let port = try #require(await iterator.next())

            let body = Array(#"{"in": "flight", "padding": "0123456789"}"#.utf8)
            let connection = try #require(try RawConnection.open(port: port))
            // The head and half the body: the handler is reading it when shutdown begins.
            #expect(connection.send("POST /test/slow-body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"))
            #expect(connection.send(Array(body[..<20])))
            #expect(await TestServer.until(started.changes) { started.isSet })
            #expect(!server.shutdown.hasBegun)

            await group.triggerGracefulShutdown()
            #expect(await TestServer.until(server.shutdown.changes) { server.shutdown.hasBegun })
            let refused = try await TestServer.untilRefused(port: port)
            #expect(refused, "new connections still accepted after shutdown began")
            #expect(!connection.hasInput, "answered before the body was whole")

            #expect(connection.send(Array(body[20...])))
            let response = try await TestServer.offThePool { connection.receiveResponse() }
            #expect(response?.status == 200)
            #expect(response?.body == body)
            // The connection's last answer says so: a balancer sends nothing more down it.
            #expect(response?.head.lowercased().contains("\r\nconnection: close") == true, "\(response?.head ?? "-")")
            try await tasks.next()  // the group returns once the connection is done
        }
    }

    @Test func aPortAlreadyTakenIsAFailureNotAShutdown() async throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        let first = ChartServer(testing: configuration)
        let ports = AsyncStream.makeStream(of: Int.self)
        let group = first.serviceGroup(signals: [], router: first.router(), onServerRunning: { ports.continuation.yield($0) })
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.stream.makeAsyncIterator()
            configuration.port = try #require(await iterator.next())
            let second = ChartServer(testing: configuration)
            await #expect(throws: (any Error).self) { try await second.run(signals: []) }
            #expect(!second.shutdown.hasBegun)
            await group.triggerGracefulShutdown()
            try await tasks.next()
        }
    }

    @Test func readinessIs503AndEveryAnswerClosesItsConnectionOnceShutdownHasBegun() async throws {
        let server = ChartServer(testing: ServerConfiguration())
        try await Application(router: server.router()).test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.connection] == nil, "kept alive while serving")
            }
            server.shutdown.begin()
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect((TestServer.problem(response.body)?["detail"] as? String)?.contains("shutting down") == true)
                #expect(response.headers[.connection] == "close", "a refusal too")
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.connection] == "close")
            }
        }
    }
}
