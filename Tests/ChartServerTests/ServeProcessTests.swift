@testable import ChartServer
import Foundation
import Support
import TestSupport
import Testing

/// `wheel serve` as a process, as an operator runs it: it says its port, logs JSON lines on stdout, and on SIGTERM
/// stops taking connections, lets the request in flight finish and exits 0.
@Suite(.serialized, .hangGuard) struct ServeProcessTests {
    /// The built `wheel`.
    static let binary = BuiltProducts.wheel

    /// A running `wheel serve --port 0 …`, its port, and its two outputs as they come.
    final class Served: @unchecked Sendable {
        let process = Process()
        let stdout = Pipe(), stderr = Pipe()
        private let collected = NSLock()
        private var out = Data(), err = Data()
        private var errEnded = false, exited = false
        private var announcedPort = 0
        /// Told at each chunk of output, at the end of stderr and at the process's end.
        private let changes = ChangeSignal()
        var outText: String { collected.withLock { String(decoding: out, as: UTF8.self) } }
        var errText: String { collected.withLock { String(decoding: err, as: UTF8.self) } }
        /// The port the process announced (0 until it has).
        var port: Int { collected.withLock { announcedPort } }

        init(_ arguments: [String]) throws {
            process.executableURL = ServeProcessTests.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            process.standardOutput = stdout
            process.standardError = stderr
            process.terminationHandler = { [self] _ in
                collected.withLock { exited = true }
                changes.changed()
            }
            try process.run()
            for (pipe, isOut) in [(stdout, true), (stderr, false)] {
                Thread { [self] in
                    let descriptor = pipe.fileHandleForReading.fileDescriptor
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    while true {
                        let count = read(descriptor, &buffer, buffer.count)
                        if count < 0 && errno == EINTR { continue }
                        guard count > 0 else { break }
                        collected.withLock {
                            if isOut { out.append(contentsOf: buffer[..<count]) } else { err.append(contentsOf: buffer[..<count]) }
                            if !isOut, announcedPort == 0, let port = Self.port(in: String(decoding: err, as: UTF8.self)) { announcedPort = port }
                        }
                        changes.changed()
                    }
                    if !isOut { collected.withLock { errEnded = true } }
                    changes.changed()
                }.start()
            }
        }

        /// The port in the start-up line, if it has come.
        private static func port(in text: String) -> Int? {
            guard let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) else { return nil }
            return Int(text[range].split(separator: ":").last ?? "")
        }

        /// Waits for the start-up line: the port it names, or 0 when stderr ended without one (the process failed).
        func started() async -> Int {
            await changes.until { collected.withLock { announcedPort > 0 || errEnded } }
            return port
        }

        /// Waits for the process to end: its status. Only a test cancelled first (its hang guard) gets nil, and the
        /// process is then killed.
        func exit() async -> Int32? {
            await changes.until { collected.withLock { exited } }
            guard collected.withLock({ exited }) else {
                process.terminate()
                process.waitUntilExit()
                return nil
            }
            return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        }

        /// One GET on a connection of its own.
        func get(_ path: String, headers: String = "") -> (status: Int, head: String, body: [UInt8])? {
            guard let connection = try? RawConnection.open(port: port) else { return nil }
            _ = connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n")
            return connection.receiveResponse()
        }
    }

    @Test func sigtermStopsTheListenerLetsTheRequestInFlightFinishAndExitsZero() async throws {
        // A deadline and an idle timeout far off: what ends the request must be its body, not the time a loaded
        // machine takes (a half-sent body idle past the timeout is closed, and the process then exits at once).
        let served = try Served(["--shutdown-grace", "600", "--request-timeout", "600", "--idle-timeout", "600"])
        #expect(await served.started() > 0, "no port announced: \(served.errText)")
        guard served.port > 0 else { return }
        #expect(served.get("/healthz")?.status == 200)
        // A POST whose body is half sent: the server is reading it (in flight) when SIGTERM comes.
        let body = Array(#"{"birth": {"date": "2000-01-01", "time": "12:00", "latitude": 19.07, "longitude": 72.88, "zone": "Asia/Kolkata"}}"#.utf8)
        let connection = try #require(try RawConnection.open(port: served.port))
        #expect(connection.send("POST /v1/chart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"))
        #expect(connection.send(Array(body[..<30])))
        // In flight: Hummingbird's gauge of active requests counts it once its handler runs.
        let inFlight = try await TestServer.askingUntil {
            served.get("/metrics").map { String(decoding: $0.body, as: UTF8.self).contains(#"http_server_active_requests{http_request_method="POST"} 1.0"#) }
        }
        #expect(inFlight, "the POST never reached its handler")
        kill(served.process.processIdentifier, SIGTERM)
        let refused = try await TestServer.untilRefused(port: served.port)
        #expect(refused, "new connections still accepted after SIGTERM")
        #expect(served.process.isRunning, "exited with a request in flight")
        #expect(!connection.hasInput, "answered before the body was whole: the route does not read the body")
        #expect(connection.send(Array(body[30...])))
        let response = try await TestServer.offThePool { connection.receiveResponse() }
        #expect(response != nil, "no whole answer to the request in flight")
        #expect(await served.exit() == 0, "\(served.errText)")
        // Its log: JSON lines, the request lines with their ids, the key's value nowhere.
        let lines = served.outText.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(!lines.isEmpty && lines.count == served.outText.split(separator: "\n").count, "\(served.outText)")
        let requests = lines.filter { $0["message"] as? String == "request" }
        #expect(requests.contains { $0["method"] as? String == "POST" && $0["route"] as? String == "/v1/chart" }, "\(served.outText)")
        #expect(requests.contains { $0["route"] as? String == "/healthz" && $0["status"] as? String == "200" }, "\(served.outText)")
        #expect(requests.allSatisfy { ($0["hb.request.id"] as? String)?.isEmpty == false })
        #expect(!served.outText.contains("19.07") && !served.outText.contains("2000-01-01"))
    }

    @Test func aRequestStillRunningAtTheEndOfTheGraceIsCutAndTheProcessExitsZero() async throws {
        let served = try Served(["--shutdown-grace", "1", "--request-timeout", "600", "--idle-timeout", "600"])
        #expect(await served.started() > 0, "no port announced: \(served.errText)")
        guard served.port > 0 else { return }
        // A body that never comes whole: only the grace can end this request.
        let connection = try #require(try RawConnection.open(port: served.port))
        #expect(connection.send("POST /v1/chart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"birth\":"))
        let inFlight = try await TestServer.askingUntil {
            served.get("/metrics").map { String(decoding: $0.body, as: UTF8.self).contains(#"http_server_active_requests{http_request_method="POST"} 1.0"#) }
        }
        #expect(inFlight, "the POST never reached its handler")
        kill(served.process.processIdentifier, SIGTERM)
        #expect(await served.exit() == 0, "\(served.errText)")
        let cut = served.outText.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["message"] as? String == "request" && $0["route"] as? String == "/v1/chart" }
        #expect(cut?["status"] as? String == "503", "\(served.outText)")
    }

    @Test func sigintWithNothingInFlightExitsZeroAtOnceAndMetricsWereServed() async throws {
        let served = try Served(["--shutdown-grace", "30"])
        #expect(await served.started() > 0, "no port announced: \(served.errText)")
        guard served.port > 0 else { return }
        #expect(served.get("/healthz", headers: "x-api-key: process-secret-77\r\n")?.status == 200)
        // Hummingbird counts a request once its answer is written, just after the client has it: ask again.
        let counted = try await TestServer.askingUntil {
            guard let metrics = served.get("/metrics") else { return nil }
            return metrics.status == 200
                && String(decoding: metrics.body, as: UTF8.self).contains(#"hb_requests{http_route="/healthz",http_request_method="GET",http_response_status_code="200"} 1"#)
        }
        #expect(counted, "/metrics never counted the /healthz request")
        kill(served.process.processIdentifier, SIGINT)
        #expect(await served.exit() == 0, "\(served.errText)")
        #expect(!served.outText.contains("process-secret-77"))
    }

    /// `wheel` run to its end (a few kilobytes of output at most, which the pipes hold): its status and outputs.
    static func finished(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process(), out = Pipe(), err = Pipe()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let text = { (pipe: Pipe) in String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        return (process.terminationStatus, text(out), text(err))
    }

    /// The flags ArgumentParser parses are the settings' own, each once: every setting's flag (with its value form)
    /// and variable in `--help`, and no other flag but `--config`, `--help` and `wheel`'s `--version`.
    @Test func theHelpListsEverySettingAndNothingElse() throws {
        let help = try Self.finished(["serve", "--help"])
        #expect(help.status == 0, "\(help.err)")
        for setting in ServerSetting.all {
            if let flag = setting.flag { #expect(help.out.contains("\(flag) <\(setting.valueForm)>"), "\(flag)") }
            if let variable = setting.environmentVariable { #expect(help.out.contains(variable), "\(variable)") }
        }
        let listed = Set(help.out.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard line.hasPrefix("  -"), let flag = words.first(where: { $0.hasPrefix("--") }) else { return nil }
            return String(flag.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        })
        #expect(listed == Set(ServerSetting.all.compactMap(\.flag) + ["--config", "--help", "--version"]), "\(listed)")
    }

    /// A bad value is 78 naming the flag, as from the environment or the file; an unknown flag or one without its
    /// value is a usage error, 64, as for every command.
    @Test func aBadValueIsExit78AndAnUnknownFlagExit64() throws {
        let bad = try Self.finished(["serve", "--port", "80x"])
        #expect(bad.status == 78 && bad.err.contains(#"--port: "80x" is not a whole number from 0 to 65535"#), "\(bad.err)")
        let unknown = try Self.finished(["serve", "--colour", "red"])
        #expect(unknown.status == 64 && unknown.err.contains("--colour"), "\(unknown.err)")
        let missing = try Self.finished(["serve", "--port"])
        #expect(missing.status == 64 && missing.err.contains("--port"), "\(missing.err)")
    }
}
