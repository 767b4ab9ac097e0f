import ChartModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Support

/// A scripted HTTP server on 127.0.0.1, started by a test and stopped by it. Each path answers with what its
/// route says for the how-many-th request to it; it counts every request.
final class TestServer: Sendable {
    enum Reply: Sendable {
        /// A whole response; `Content-Length` is added unless `chunked`.
        case respond(status: Int, headers: [(String, String)] = [], body: Data = Data(), chunked: Bool = false)
        /// 200 whose body arrives `chunk` by `chunk`, one every `interval` seconds.
        case trickle(chunk: Data, count: Int, interval: Double)
    }

    typealias Route = @Sendable (_ hit: Int) -> Reply

    let port: Int
    private let routes: [String: Route]
    private let hitCounts = Locked([String: Int]())
    /// Told as each request arrives, for the tests waiting on them (`untilHit`).
    private let arrivals = ChangeSignal()
    private let group: MultiThreadedEventLoopGroup
    private let channel: Channel

    init(_ routes: [String: Route]) async throws {
        self.routes = routes
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let box = Locked<TestServer?>(nil)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(server: { box.withLock { $0! } }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.channel = channel
        port = channel.localAddress!.port!
        box.withLock { $0 = self }
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func hits(_ path: String) -> Int { hitCounts.withLock { $0[path, default: 0] } }

    /// Returns once `path` has been asked for `count` times, told by each request as it arrives (no polling).
    func untilHit(_ path: String, times count: Int = 1) async {
        await arrivals.until { hits(path) >= count }
    }

    func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    fileprivate func reply(for path: String) -> Reply {
        let hit = hitCounts.withLock { hits in
            hits[path, default: 0] += 1
            return hits[path]!
        }
        arrivals.changed()
        return routes[path]?(hit) ?? .respond(status: 404, body: Data("no route".utf8))
    }

    /// A port with nothing listening: bound, then closed.
    static func closedPort() async throws -> Int {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress!.port!
        try await channel.close()
        try await group.shutdownGracefully()
        return port
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let server: @Sendable () -> TestServer
        var path = "/"

        init(server: @escaping @Sendable () -> TestServer) { self.server = server }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): path = head.uri
            case .body: break
            case .end:
                switch server().reply(for: path) {
                case .respond(let status, let headers, let body, let chunked):
                    var fields = HTTPHeaders(headers)
                    if !chunked { fields.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
                    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: fields))), promise: nil)
                    if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                case .trickle(let chunk, let count, let interval):
                    let fields = HTTPHeaders([("Content-Type", "image/png"), ("Content-Length", String(chunk.count * count))])
                    context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
                    trickle(NIOLoopBound(context, eventLoop: context.eventLoop), chunk: chunk, left: count, interval: interval)
                }
            }
        }

        private func trickle(_ context: NIOLoopBound<ChannelHandlerContext>, chunk: Data, left: Int, interval: Double) {
            let handler = NIOLoopBound(self, eventLoop: context.value.eventLoop)
            context.value.eventLoop.scheduleTask(in: .milliseconds(Int64(interval * 1000))) {
                let ctx = context.value
                guard ctx.channel.isActive else { return }
                ctx.writeAndFlush(handler.value.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))), promise: nil)
                if left > 1 {
                    handler.value.trickle(context, chunk: chunk, left: left - 1, interval: interval)
                } else {
                    ctx.writeAndFlush(handler.value.wrapOutboundOut(.end(nil)), promise: nil)
                }
            }
        }
    }
}
