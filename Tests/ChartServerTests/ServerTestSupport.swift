import BlockingWork
import ChartModel
@testable import ChartServer
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOPosix
import Prometheus
import Support
import TestSupport
import WheelRaster
#if canImport(Glibc)
import Glibc
#endif

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// A server for a test: its request deadline runs and its renders are measured on `clock`, a test's clock that
    /// moves only when the test moves it (by default one that never does), so that no request is cut short by a
    /// busy machine's slowness; a request that hangs is named by the suite's hang guard instead.
    init(testing configuration: ServerConfiguration, logger: Logger? = nil, rateLimiter: RateLimiter? = nil,
         metrics: PrometheusCollectorRegistry? = nil, renderPool: BlockingPool = .shared, fonts: FontCoverage = .system,
         fontWarnings: FontWarnings = .process, clock: ManualClock = ManualClock()) {
        self.init(configuration: configuration, logger: logger, rateLimiter: rateLimiter, metrics: metrics, renderPool: renderPool,
                  fonts: fonts, fontWarnings: fontWarnings, clock: clock)
    }
}

/// What the tests share: a server with routes of their own, the log it writes, a clock they turn, and a bare
/// socket client for what an HTTP client library does not do (trickling a body, huge heads, refused connections).
@available(macOS 14, iOS 17, tvOS 17, *)
enum TestServer {
    /// The registry behind the process's metrics, bootstrapped once for the tests that read `/metrics`, as
    /// `wheel serve` bootstraps its own (the metrics system takes one bootstrap a process).
    static let metrics: PrometheusCollectorRegistry = {
        let factory = PrometheusMetricsFactory()
        MetricsSystem.bootstrap(factory)
        return factory.registry
    }()

    /// Lines logged, as written.
    final class LogLines: Sendable {
        private let lines = Locked([String]())
        var all: [String] { lines.withLock { $0 } }
        var objects: [[String: Any]] { all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// A logger writing JSON lines to `lines`.
    static func logger(into lines: LogLines, level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "wheel-serve-test") { label in JSONLineLogHandler(label: label, write: { lines.append($0) }) }
        logger.logLevel = level
        return logger
    }

    /// A render the test lets end: it blocks a pool thread until `release`.
    final class Hold: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let started = Locked(0)
        /// Told each time a render starts.
        let changes = ChangeSignal()
        var startedCount: Int { started.withLock { $0 } }
        func wait() {
            started.withLock { $0 += 1 }
            changes.changed()
            semaphore.wait()
        }
        func release(_ count: Int) { for _ in 0..<count { semaphore.signal() } }
    }

    /// A moment a route notes (its handler has started), which a test can wait for.
    final class Flag: Sendable {
        private let value = Locked(false)
        let changes: ChangeSignal
        /// A flag telling `changes` when it is set (its own signal, or one a test already waits on).
        init(telling changes: ChangeSignal = ChangeSignal()) { self.changes = changes }
        var isSet: Bool { value.withLock { $0 } }
        func set() {
            value.withLock { $0 = true }
            changes.changed()
        }
    }

    /// `body` with a render pool of its own: renders a test holds must not take the threads of the process's
    /// shared pool, which the other tests' renders need.
    static func withRenderPool<T>(_ body: (BlockingPool) async throws -> T) async throws -> T {
        try await body(renderPool)
    }

    /// The render tests' own pool: its threads live as long as the process, as the shared pool's do.
    private static let renderPool = BlockingPool(maximumThreads: 4, name: "test renders")

    /// `server`'s router with the tests' routes: `/test/ok`, `/test/echo` (the body, read through `body(of:)`),
    /// `/test/render` (a render through the gate that waits for `hold`), `/test/sleep` (never answers by itself)
    /// and `/test/slow-body` (notes that it started, then reads the body).
    static func router(_ server: ChartServer, hold: Hold = Hold(), started: Flag = Flag()) -> Router<BasicRequestContext> {
        let router = server.router()
        router.get("/test/ok") { _, _ in "ok" }
        router.post("/test/echo") { request, _ in
            let data = try await server.body(of: request)
            return server.jsonResponse(data)
        }
        router.post("/test/render") { _, _ -> String in
            let value = try await server.renders.render { hold.wait(); return 1 }
            return "rendered \(value)"
        }
        router.get("/test/sleep") { _, _ -> String in
            // Never answers by itself: a sleep on a clock that never moves, which only cancellation (the deadline,
            // the test's end) ends.
            try await ManualClock().sleep(for: .seconds(1))
            return "woke"
        }
        router.post("/test/slow-body") { request, _ -> Response in
            started.set()
            let data = try await server.body(of: request)
            return server.jsonResponse(data)
        }
        return router
    }

    /// The problem+json body of a response, as an object.
    static func problem(_ body: ByteBuffer) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
    }

    /// Waits until `condition` holds, looking at it again each time `changes` says its state changed: no polling
    /// and no clock (a condition that never comes is a hang, which the suite's hang guard names). False only when
    /// the test was cancelled first.
    static func until(_ changes: ChangeSignal, _ condition: () -> Bool) async -> Bool {
        await changes.until(condition)
        return condition()
    }

    /// Asks again until `answer` is yes, each question once the last was answered, on a thread of its own: for a
    /// state that sends no signal (another process's metrics), the pace is the server's answers, not a clock. False
    /// when a question got no answer (nil: the server is gone).
    static func askingUntil(_ answer: @escaping @Sendable () -> Bool?) async throws -> Bool {
        try await offThePool {
            while true {
                guard let yes = answer() else { return false }
                if yes { return true }
            }
        }
    }

    /// Waits until the server on `port` refuses new connections (it has stopped listening): a connection it still
    /// takes is read until the server closes it, as a stopping server closes every connection without a request,
    /// and then the next is tried.
    static func untilRefused(port: Int) async throws -> Bool {
        try await offThePool {
            while let connection = try RawConnection.open(port: port) {
                guard connection.receiveUntilClosed().bytes.isEmpty else { return false }
            }
            return true
        }
    }

    /// `body` on a thread of its own, so that blocking socket calls leave Swift's few cooperative threads to the
    /// server.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// A TCP connection to 127.0.0.1 through bare sockets.
final class RawConnection: @unchecked Sendable {
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connection to `port`, or nil when it is refused.
    static func open(port: Int) throws -> RawConnection? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let error = errno
            close(descriptor)
            if error == ECONNREFUSED { return nil }
            throw Failure(description: "connect: errno \(error)")
        }
        return RawConnection(descriptor: descriptor)
    }

    /// Sends all of `bytes`; false when the server closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Whether bytes (or the end) are waiting to be read now.
    var hasInput: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Everything until the server closes the connection.
    func receiveUntilClosed() -> (bytes: [UInt8], closed: Bool) {
        receive { _ in false }
    }

    /// One whole HTTP/1.1 response (head and a `Content-Length` body), or nil when the server closed the connection
    /// before it came whole.
    func receiveResponse() -> (status: Int, head: String, body: [UInt8])? {
        var response: (status: Int, head: String, body: [UInt8])?
        _ = receive { bytes in
            guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
            let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self)
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            guard bytes.count - split.upperBound >= length else { return false }
            let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            response = (status, head, Array(bytes[split.upperBound..<(split.upperBound + length)]))
            return true
        }
        return response
    }

    /// Reads until `done` says the bytes so far are enough or the server closes the connection (`closed`). It waits
    /// on the socket alone, with no clock: a server that never answers is a hang, which the suite's guard names.
    private func receive(until done: ([UInt8]) -> Bool) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(bytes) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (bytes, true) }
            bytes += buffer[..<count]
        }
        return (bytes, false)
    }

    deinit { close(descriptor) }
}
