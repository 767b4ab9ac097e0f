import Foundation
import Hummingbird

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// `/openapi.json`, `/healthz` (the process answers), `/readyz` (it takes work: not shutting down, a render place
    /// free or the queue not full) and `/metrics` (Prometheus's text).
    func addOperationsRoutes(to router: Router<BasicRequestContext>) {
        let document = OpenAPIDocument.json(for: configuration.apiKeys)
        router.get("/openapi.json") { _, _ in jsonResponse(document) }
        router.get("/healthz") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/readyz") { _, _ -> Response in
            guard !shutdown.hasBegun else {
                throw Problem(.serviceUnavailable, "shutting down: finishing the requests in flight, taking no new ones")
            }
            guard renders.admitsMore else {
                throw Problem(.serviceUnavailable, "every render place is taken and the queue is as long as it may be", headers: [.retryAfter: "1"])
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ready\n")))
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.emitToString())))
        }
    }
}
