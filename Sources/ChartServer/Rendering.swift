import Foundation
import Hummingbird
import WheelRaster
import WheelRender

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// `figure` as SVG or PNG, rendered off the event loops through the render gate (503 when it is full).
    func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions) async throws -> Data {
        try await renders.render {
            do {
                return try WheelRenderer.render(figure, as: format, options: options, threads: 1)
            } catch {
                throw Problem(.internalServerError, "rendering failed: \(error)")
            }
        }
    }

    /// An image's response: its type, its bytes, and any `extra` headers (`ETag`, `Cache-Control`).
    func imageResponse(_ data: Data, as format: RenderOptions.ImageType, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = format == .png ? "image/png" : "image/svg+xml"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A JSON response of `data`.
    func jsonResponse(_ data: Data, status: HTTPResponse.Status = .ok, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The request's body, at most `maximumBodyBytes`: a larger one is 413, said in bytes.
    func body(of request: Request) async throws -> Data {
        do {
            return Data(buffer: try await request.body.collect(upTo: configuration.maximumBodyBytes))
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {  // NIO's too-many-bytes
            ServerMetrics.rejected(.bodyTooLarge)
            throw Problem(.contentTooLarge, "the request body is larger than \(configuration.maximumBodyBytes) bytes, the most this server reads")
        }
    }
}
