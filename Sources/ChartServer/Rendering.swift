import Foundation
import Hummingbird
import Logging
import WheelRaster
import WheelRender

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// `figure` as SVG or PNG, rendered off the event loops through the render gate (503 when it is full). A PNG
    /// whose text needs a font the machine lacks is answered all the same; the package is logged, once a process.
    func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions) async throws -> Data {
        try await renders.render {
            do {
                let image = try WheelRenderer.render(figure, as: format, options: options, threads: 1, fonts: fonts)
                for missing in fontWarnings.unsaid(image.missingFonts) {
                    var metadata: Logger.Metadata = [:]
                    if let package = missing.package { metadata["package"] = "\(package)" }
                    logger.warning("\(missing.warning)", metadata: metadata)
                }
                return image.data
            } catch let error as RasterError where error.isOverLimit {
                // Only a sheet reaches past the PNG limits: its height is √2 times a width valid for SVG.
                throw Problem(.conflict, "page_width: as PNG, \(error); a narrower page, or SVG", field: "page_width")
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

    /// The request's body, at most `maximumBodyBytes`: a larger one is 413, said in bytes. The rest of a body too
    /// large is read and dropped first, up to `drainBytes` and `drainSeconds` (as nginx's lingering close), so that
    /// a client still sending reads the 413 rather than a connection reset; one declaring more than that is
    /// answered at once.
    func body(of request: Request) async throws -> Data {
        let limit = configuration.maximumBodyBytes
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit + Self.drainBytes {
            throw tooLarge()
        }
        var collected = ByteBuffer(), dropped = 0
        let started = ContinuousClock.now
        for try await chunk in request.body {
            if dropped == 0 && collected.readableBytes + chunk.readableBytes <= limit {
                collected.writeImmutableBuffer(chunk)
                continue
            }
            dropped += chunk.readableBytes
            if dropped > Self.drainBytes || ContinuousClock.now - started > .seconds(Self.drainSeconds) { break }
        }
        guard dropped == 0 else { throw tooLarge() }
        return Data(buffer: collected)
    }

    /// How much of a body too large is read and dropped before its 413, at most.
    static let drainBytes = 32 * 1024 * 1024
    static let drainSeconds = 5

    private func tooLarge() -> Problem {
        ServerMetrics.rejected(.bodyTooLarge)
        return Problem(.contentTooLarge, "the request body is larger than \(configuration.maximumBodyBytes) bytes, the most this server reads")
    }
}
