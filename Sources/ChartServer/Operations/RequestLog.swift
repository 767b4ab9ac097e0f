import ChartModel
import Foundation
import Hummingbird
import Logging
import Support

/// One log line per request, when it is answered: its method, its route (the pattern, `/v1/wheel`, never the path
/// with its values; `NotFound` for a path no route has), its status and its duration in milliseconds, with Hummingbird's request id (`hb.request.id`),
/// which every other line about the request carries too. No header, no body, no query string: those carry keys and
/// birth data. With `logBirthData` the path and query are added (`target`).
@available(macOS 14, iOS 17, tvOS 17, *)
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logBirthData: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context: context, status: response.status, since: start)
            return response
        } catch {
            log(request, context: context, status: (error as? any HTTPResponseError)?.status ?? .internalServerError, since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: HTTPResponse.Status, since start: ContinuousClock.Instant) {
        let milliseconds = (ContinuousClock.now - start).seconds * 1000
        var metadata: Logger.Metadata = [
            "method": "\(request.method)",
            "route": "\(context.endpointPath ?? "NotFound")",
            "status": "\(status.code)",
            "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
        ]
        if logBirthData { metadata["target"] = "\(request.uri.description)" }
        context.logger.info("request", metadata: metadata)
    }
}

/// swift-log's lines as JSON, one object a line: `time` (UTC, ISO 8601 with milliseconds), `level`, `message`,
/// then the metadata's keys (the request id as `hb.request.id`), written whole under a lock so that lines from
/// several threads never interleave.
public struct JSONLineLogHandler: LogHandler {
    /// Where lines go: stdout's descriptor by default.
    public let write: @Sendable (String) -> Void
    /// The logger's label, `label` in each line.
    public let label: String
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]

    /// A handler labelled `label` writing each line to `write` (stdout when nil).
    public init(label: String, write: (@Sendable (String) -> Void)? = nil) {
        self.label = label
        self.write = write ?? JSONLineLogHandler.standardOutput
    }

    /// Metadata by key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        var object: [String: JSONText] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }) {
            object[key] = Self.plain(value)
        }
        object["time"] = .string(Self.timestamp())
        object["level"] = .string(event.level.rawValue)
        object["message"] = .string(event.message.description)
        object["label"] = .string(label)
        write(String(decoding: JSONText.sorted(object).data, as: UTF8.self) + "\n")
    }

    private static func plain(_ value: Logger.Metadata.Value) -> JSONText {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(plain))
        case .dictionary(let values): .sorted(values.mapValues(plain))
        }
    }

    private static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var moment = tm()
        var seconds = time_t(time.tv_sec)
        gmtime_r(&seconds, &moment)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(moment.tm_year) + 1900, Int(moment.tm_mon) + 1, Int(moment.tm_mday),
                      Int(moment.tm_hour), Int(moment.tm_min), Int(moment.tm_sec), Int(time.tv_nsec / 1_000_000))
    }

    private static let outputLock = Locked(())

    /// Writes `line` to stdout whole, retrying interrupted or short writes.
    static let standardOutput: @Sendable (String) -> Void = { line in
        outputLock.withLock { _ in
            var bytes = Array(line.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
