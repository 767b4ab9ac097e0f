import ChartModel
import Ephemeris
import Foundation
import Hummingbird
import WheelRender

@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// Where the signed wheel URLs live: `GET /v1/wheel/signed/{PAYLOAD.EXPIRY.MAC.svg|png}`.
    static let signedWheelPath = "/v1/wheel/signed/"

    /// `GET /v1/wheel/signed/{token}`: the wheel the URL carries, rendered on demand by whichever replica gets it,
    /// with a strong `ETag` (304 for a matching `If-None-Match`, without rendering) and `Cache-Control: public,
    /// max-age=…, immutable` up to the expiry (a day at most), and the `Content-Language` the URL carries (the
    /// fetcher's `Accept-Language` is not read). A URL changed in any part is 403, an expired one 410, both
    /// problem+json and never rendered.
    func addSignedWheelRoute(to router: Router<BasicRequestContext>, signer: WheelURLSigner) {
        router.get("/v1/wheel/signed/:token") { request, context -> Response in
            try await signedWheel(token: context.parameters.get("token") ?? "", ifNoneMatch: request.headers[.ifNoneMatch], signer: signer, now: Date())
        }
        // What a cache or a link checker asks first: the same checks and headers, without rendering.
        router.head("/v1/wheel/signed/:token") { request, context -> Response in
            try await signedWheel(token: context.parameters.get("token") ?? "", ifNoneMatch: request.headers[.ifNoneMatch], signer: signer,
                                  now: Date(), rendering: false)
        }
    }

    /// The answer to a signed wheel URL's `token` at `now`, for a caller holding the copies `ifNoneMatch` names;
    /// without `rendering` (HEAD), its headers alone.
    func signedWheel(token: String, ifNoneMatch: String?, signer: WheelURLSigner, now: Date, rendering: Bool = true) async throws -> Response {
        let verified: WheelURLSigner.Verified
        do throws(WheelURLSigner.Refusal) {
            verified = try signer.verify(token, now: now)
        } catch .notOurs {
            throw Problem(.forbidden, "this chart URL was not made by this service, or was changed since; ask the wheel endpoint for a new one")
        } catch .expired(let expiry) {
            let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(expiry)))
            throw Problem(.gone, "this chart URL expired at \(when); ask the wheel endpoint for a new one")
        } catch .unreadable(let reason) {
            throw Problem(.badRequest, "this chart URL cannot be rendered by this version of the server: \(reason)")
        }
        let remaining = Double(verified.expiry) - now.timeIntervalSince1970
        let maxAge = max(0, min(Int(remaining.rounded(.down)), WheelURLSigner.maximumCacheSeconds))
        let headers: HTTPFields = [.eTag: verified.entityTag, .cacheControl: "public, max-age=\(maxAge), immutable"]
        if let ifNoneMatch, Self.matches(ifNoneMatch, verified.entityTag) {
            return Response(status: .notModified, headers: headers)
        }
        let wanted = verified.request
        // The language is the URL's, whoever fetches it: the answer does not vary with Accept-Language.
        let imageHeaders = headers + Self.languageHeaders(verified.language, vary: nil)
        guard rendering else {
            var fields = imageHeaders
            fields[.contentType] = wanted.format == .png ? "image/png" : "image/svg+xml"
            return Response(status: .ok, headers: fields)
        }
        let options: RenderOptions, chart: NatalChart
        do throws(ChartError) {
            options = try RenderOptions.decode(json: wanted.optionsJSON)
            chart = try ChartCalculator.chart(for: wanted.birth.birth, houseSystem: wanted.birth.houseSystem ?? .placidus,
                                              settings: wanted.birth.settings).chart
        } catch {
            throw Problem(.badRequest, "this chart URL cannot be rendered by this version of the server: \(error)")
        }
        return imageResponse(try await render(.wheel(chart), as: wanted.format, options: options), as: wanted.format, extra: imageHeaders)
    }

    /// Whether an `If-None-Match` list names `tag` (the weak comparison RFC 9110 asks of it), or is `*`.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            var text = candidate.trimmingCharacters(in: .whitespaces)
            if text == "*" { return true }
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text == tag
        }
    }
}
