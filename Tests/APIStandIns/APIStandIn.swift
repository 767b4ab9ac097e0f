import ChartModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Support
import TestSupport

/// A loopback stand-in for AstrologyAPI or FreeAstrologyAPI, on 127.0.0.1, started by a test and stopped by it.
///
/// Faithful to what the client relies on: the services' paths and methods, their authentication (HTTP Basic
/// or `x-astrologyapi-key`; `x-api-key`), the fields their bodies require, their answers (a sample chart in
/// the service's own shape, the wheel endpoint's JSON with an image URL it also serves) and their error bodies
/// (`{"status": false, "msg": …}`; `{"message": …}`). Like the services it enforces its rate limit, counting
/// requests as they arrive and answering 429 with `Retry-After` beyond it: a test asserts it never had to.
/// A test scripts faults per path: a status, a body, an answer held until the test releases it (never a delay of
/// real time, whose outcome would depend on the machine's speed).
public final class APIStandIn: Sendable {
    public enum Service: Sendable { case astrologyAPI, freeAstrologyAPI }

    /// What one request to a path gets instead of the faithful answer.
    public enum Fault: Sendable {
        case status(Int, body: String = "", headers: [(String, String)] = [])
        /// 200 with this body.
        case body(String)
        /// The faithful answer, once the test opens `release`: a request the test sees out before it ends.
        case held(Release)
    }

    /// Holds the answers of `Fault.held` until the test opens it; those that come after go at once.
    public final class Release: Sendable {
        private let state = Locked((opened: false, waiting: [@Sendable () -> Void]()))

        public init() {}

        public func open() {
            let waiting = state.withLock { state in
                state.opened = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for send in waiting { send() }
        }

        fileprivate func whenOpen(_ send: @escaping @Sendable () -> Void) {
            let now = state.withLock { state in
                if !state.opened { state.waiting.append(send) }
                return state.opened
            }
            if now { send() }
        }
    }

    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [(String, String)]
        public var body: Data
        /// When it arrived, on the stand-in's clock (seconds since 1970).
        public var arrival: Double

        public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    public let service: Service
    public let port: Int
    /// The sample chart every data request is answered with.
    public let chartID: String
    private let credentials: Credentials
    private let limit: (requests: Int, window: Double)
    /// The wall clock arrivals are counted on: the tests' manual clock when the service's waits run on it.
    private let now: @Sendable () -> Date
    private let faults: Locked<[String: @Sendable (Int) -> Fault?]>
    private let log = Locked([Request]())
    /// Told as each request arrives, for the tests waiting on them (`until`).
    private let arrivals = ChangeSignal()
    private let group: MultiThreadedEventLoopGroup
    private let channel: Channel

    public struct Credentials: Sendable {
        public var userID = "user-4711"
        public var apiKey = "ak-secret-0123456789"
        public var accessToken = "at-secret-9876543210"
        public init() {}
    }

    public init(_ service: Service, chartID: String = "b_1990_newyork", credentials: Credentials = Credentials(),
                limit: (requests: Int, window: Double) = (5, 60), now: @escaping @Sendable () -> Date = { Date() }) async throws {
        self.service = service
        self.now = now
        self.chartID = chartID
        self.credentials = credentials
        self.limit = limit
        faults = Locked([:])
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let box = Locked<APIStandIn?>(nil)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(standIn: { box.withLock { $0! } }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.channel = channel
        port = channel.localAddress!.port!
        box.withLock { $0 = self }
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The paths of the service's own endpoints on this stand-in.
    public var dataPaths: [String] {
        switch service {
        case .astrologyAPI: ["/v1/western_chart_data"]
        case .freeAstrologyAPI: ["/western/planets", "/western/houses", "/western/aspects"]
        }
    }

    public var wheelPath: String {
        switch service {
        case .astrologyAPI: "/v1/natal_wheel_chart"
        case .freeAstrologyAPI: "/western/natal-wheel-chart"
        }
    }

    public var imagePath: String { "/charts/\(chartID).svg" }

    /// Answers the `hit`-th request to `path` (from 1) with the fault `script` gives, or faithfully for nil.
    public func script(_ path: String, _ script: @escaping @Sendable (Int) -> Fault?) {
        faults.withLock { $0[path] = script }
    }

    public var requests: [Request] { log.withLock { $0 } }

    /// Returns true once the requests seen satisfy `holds`, looked at as each arrives (no polling), or false if
    /// the caller is cancelled first: for a test that must know a request is out before it acts.
    @discardableResult
    public func until(_ holds: (_ requests: [Request]) -> Bool) async -> Bool {
        await arrivals.until { holds(requests) }
        return holds(requests)
    }

    /// `until` at least `count` requests (to any path) have arrived.
    @discardableResult
    public func until(requests count: Int) async -> Bool {
        await until { $0.count >= count }
    }

    public func hits(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    /// Requests answered 429 because they came over the limit (not scripted ones).
    public var overLimit: Int { overLimitCount.withLock { $0 } }
    private let overLimitCount = Locked(0)

    /// The most requests that arrived within any one window.
    public var busiestWindow: Int {
        let times = requests.filter { $0.path != imagePath }.map(\.arrival).sorted()
        var best = 0, start = 0
        for end in times.indices {
            while times[end] - times[start] >= limit.window { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    public func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// The reply to one request, and what holds it back until the test releases it, if anything.
    fileprivate func reply(to head: HTTPRequestHead, body: Data) -> (status: Int, headers: [(String, String)], body: Data, release: Release?) {
        let now = self.now().timeIntervalSince1970
        let request = Request(method: "\(head.method)", path: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body, arrival: now)
        let hit = log.withLock { log in
            log.append(request)
            return log.filter { $0.path == request.path }.count
        }
        arrivals.changed()
        if request.path == imagePath {
            if let fault = faults.withLock({ $0[request.path] })?(hit) { return answer(fault, request) }
            return (200, [("Content-Type", "image/svg+xml")], (try? Data(contentsOf: SampleCharts.folder.appendingPathComponent("wheels/\(chartID)-light.svg"))) ?? Data(), nil)
        }
        // The service's limit, counted on arrival over the requests before this one (scripted or not).
        let recent = requests.filter { $0.path != imagePath && now - $0.arrival < limit.window }.count
        if recent > limit.requests {
            overLimitCount.withLock { $0 += 1 }
            return (429, [("Retry-After", "\(Int(limit.window))"), ("Content-Type", "application/json")], errorBody("Too many requests"), nil)
        }
        if let fault = faults.withLock({ $0[request.path] })?(hit) { return answer(fault, request) }
        let (status, headers, body) = faithful(request)
        return (status, headers, body, nil)
    }

    private func answer(_ fault: Fault, _ request: Request) -> (Int, [(String, String)], Data, Release?) {
        switch fault {
        case .status(let status, let body, let headers): return (status, headers + [("Content-Type", "application/json")], Data(body.utf8), nil)
        case .body(let body): return (200, [("Content-Type", "application/json")], Data(body.utf8), nil)
        case .held(let release):
            let (status, headers, body) = faithful(request)
            return (status, headers, body, release)
        }
    }

    private func faithful(_ request: Request) -> (Int, [(String, String)], Data) {
        let json = [("Content-Type", "application/json")]
        guard request.method == "POST" else { return (405, json, errorBody("Method not allowed")) }
        guard isAuthorized(request) else {
            return service == .astrologyAPI ? (401, json, errorBody("You are not authorized to access this API")) : (403, json, errorBody("Forbidden"))
        }
        guard let body = request.json else { return (400, json, errorBody("Invalid JSON body")) }
        let required = service == .astrologyAPI
            ? ["day", "month", "year", "hour", "min", "lat", "lon", "tzone"]
            : ["year", "month", "date", "hours", "minutes", "seconds", "latitude", "longitude", "timezone"]
        if let missing = required.first(where: { !(body[$0] is NSNumber) }) {
            return (400, json, errorBody("\(missing) is required"))
        }
        let chart = service == .astrologyAPI ? "astrologyapi" : "freeastrologyapi"
        guard let sample = try? Data(contentsOf: SampleCharts.folder.appendingPathComponent("\(chart)/\(chartID).json")) else {
            return (500, json, errorBody("no sample"))
        }
        let image = baseURL + imagePath
        switch request.path {
        case "/v1/western_chart_data": return (200, json, sample)
        case "/v1/natal_wheel_chart":
            return (200, json, Data(#"{"status":true,"chart_url":"\#(image)","msg":"Chart created successfully!"}"#.utf8))
        case "/western/planets", "/western/houses", "/western/aspects":
            let bundle = (try? JSONSerialization.jsonObject(with: sample)) as? [String: Any]
            let part = bundle?[String(request.path.dropFirst("/western/".count))] ?? [:]
            return (200, json, (try? JSONSerialization.data(withJSONObject: part)) ?? Data())
        case "/western/natal-wheel-chart":
            return (200, json, Data(#"{"statusCode":200,"output":"\#(image)"}"#.utf8))
        default:
            return (404, json, errorBody("Not found"))
        }
    }

    private func isAuthorized(_ request: Request) -> Bool {
        switch service {
        case .astrologyAPI:
            if let token = request.header("x-astrologyapi-key") { return token == credentials.accessToken }
            let basic = "Basic " + Data("\(credentials.userID):\(credentials.apiKey)".utf8).base64EncodedString()
            return request.header("Authorization") == basic
        case .freeAstrologyAPI:
            return request.header("x-api-key") == credentials.apiKey
        }
    }

    /// The service's error body: AstrologyAPI `{"status": false, "msg": …}`, FreeAstrologyAPI `{"message": …}`.
    private func errorBody(_ message: String) -> Data {
        let object: [String: Any] = service == .astrologyAPI ? ["status": false, "msg": message] : ["message": message]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let standIn: @Sendable () -> APIStandIn
        var head: HTTPRequestHead?
        var body = Data()

        init(standIn: @escaping @Sendable () -> APIStandIn) { self.standIn = standIn }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body = Data()
            case .body(let buffer): body.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard let head else { return }
                let reply = standIn().reply(to: head, body: body)
                let bound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
                let send = {
                    let (context, handler) = bound.value
                    guard context.channel.isActive else { return }
                    var fields = HTTPHeaders(reply.headers)
                    fields.replaceOrAdd(name: "Content-Length", value: String(reply.body.count))
                    context.write(handler.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: reply.status), headers: fields))), promise: nil)
                    if !reply.body.isEmpty { context.write(handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))), promise: nil) }
                    context.writeAndFlush(handler.wrapOutboundOut(.end(nil)), promise: nil)
                }
                if let release = reply.release {
                    let loop = context.eventLoop
                    let boundSend = NIOLoopBound(send, eventLoop: loop)
                    release.whenOpen { loop.execute { boundSend.value() } }
                } else {
                    send()
                }
            }
        }
    }
}
