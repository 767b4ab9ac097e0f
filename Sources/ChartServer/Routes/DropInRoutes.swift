import ChartModel
import Ephemeris
import Foundation
import Hummingbird
import WheelRender

/// The services' endpoints, with their paths, bodies, auth headers and answers, so that an app's existing client
/// works by changing its base URL; and the signed wheel URLs their wheel endpoints answer with.
@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// AstrologyAPI's `POST /v1/western_chart_data` and `/v1/natal_wheel_chart`; FreeAstrologyAPI's `POST
    /// /western/planets`, `/western/houses`, `/western/aspects` and `/western/natal-wheel-chart`; `GET
    /// /v1/wheel/signed/{token}`. The URL key is made here, once per router: a random one when none is configured.
    func addDropInRoutes(to router: Router<BasicRequestContext>) {
        let signer = configuration.urlSecret.map(WheelURLSigner.init(secret:)) ?? .random()
        logDropInAccess()

        router.post("/v1/western_chart_data") { request, _ in
            try await dropIn(.astrologyAPI, request) { body in
                let chart = try computedChart(try DropInRequest.read(body, wheel: false))
                return jsonResponse(AstrologyAPIAnswer.westernChartData(chart))
            }
        }
        router.post("/v1/natal_wheel_chart") { request, _ in
            try await dropIn(.astrologyAPI, request) { body in
                let url = try signedURL(for: try DropInRequest.read(body, wheel: true, language: Self.preferredLanguage(request)),
                                        request: request, signer: signer)
                return jsonResponse(JSONText.object([
                    ("status", .bool(true)), ("chart_url", .string(url)), ("msg", .string("Chart created successfully!")),
                ]).data, extra: Self.wheelURLHeaders)
            }
        }
        let freeAnswers: [(String, @Sendable (NatalChart) -> Data)] = [
            ("/western/planets", FreeAstrologyAPIAnswer.planets), ("/western/houses", FreeAstrologyAPIAnswer.houses),
            ("/western/aspects", FreeAstrologyAPIAnswer.aspects),
        ]
        for (path, answer) in freeAnswers {
            router.post(RouterPath(path)) { request, _ in
                try await dropIn(.freeAstrologyAPI, request) { body in
                    jsonResponse(answer(try computedChart(try DropInRequest.read(body, wheel: false))))
                }
            }
        }
        router.post("/western/natal-wheel-chart") { request, _ in
            try await dropIn(.freeAstrologyAPI, request) { body in
                let url = try signedURL(for: try DropInRequest.read(body, wheel: true, language: Self.preferredLanguage(request)),
                                        request: request, signer: signer)
                return jsonResponse(JSONText.object([("statusCode", .int(200)), ("output", .string(url))]).data, extra: Self.wheelURLHeaders)
            }
        }
        addSignedWheelRoute(to: router, signer: signer)
    }

    /// A wheel endpoint's answer names a URL whose wheel is in the language `Accept-Language` prefers (unless the
    /// request names one): the JSON itself is in no language, but it varies with the header.
    static let wheelURLHeaders: HTTPFields = [.vary: acceptLanguageName]

    /// A warning when chart URLs work on this replica only (who may call what is `accessSummary`, said at start).
    private func logDropInAccess() {
        if configuration.urlSecret == nil {
            logger.warning("chart URLs are signed with a random key made at start: they work on this replica only, until it restarts; give every replica the same key (--url-secret-file or WHEEL_SERVE_URL_SECRET)")
        }
    }

    /// A drop-in's answer: the caller's key checked, the body read (capped), `answer` run, and every refusal in the
    /// service's own error shape (AstrologyAPI `{"status": false, "msg": …}`, FreeAstrologyAPI `{"message": …}`),
    /// with our words: a rejected input 400 with the CLI's message, missing or wrong credentials 401 (AstrologyAPI)
    /// or 403 (FreeAstrologyAPI), a body too large 413, a full render gate 503 with `Retry-After`.
    private func dropIn(_ service: DropInService, _ request: Request, _ answer: (Data) async throws -> Response) async throws -> Response {
        guard DropInKeys.admits(request, to: service, keys: configuration.apiKeys) else {
            switch service {
            case .astrologyAPI:
                return Self.serviceError(service, .unauthorized, "You are not authorized to access this API: give HTTP Basic (user id and API key) or x-astrologyapi-key",
                                         headers: [.wwwAuthenticate: "Basic realm=\"AstrologyAPI drop-in\""])
            case .freeAstrologyAPI:
                return Self.serviceError(service, .forbidden, "Forbidden: give a valid x-api-key")
            }
        }
        do {
            return try await answer(try await body(of: request))
        } catch let error as ChartError {
            return Self.serviceError(service, .badRequest, error.description)
        } catch let problem as Problem {
            return Self.serviceError(service, problem.status, problem.detail, headers: problem.headers)
        }
    }

    static func serviceError(_ service: DropInService, _ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        let body: JSONText = service == .astrologyAPI
            ? .object([("status", .bool(false)), ("msg", .string(message))])
            : .object([("message", .string(message))])
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body.data)))
    }

    /// The chart the request's birth gives, computed here with its settings (FreeAstrologyAPI's zodiac, observer
    /// and asteroids), less the bodies its `exclude_planets` names; its errors the CLI's.
    private func computedChart(_ request: DropInRequest) throws(ChartError) -> NatalChart {
        let chart = try ChartCalculator.chart(for: request.birth.birth, houseSystem: request.houseSystem, settings: request.birth.settings).chart
        return FreeAstrologyAPIAnswer.leavingOut(request.options.excludePlanets, of: chart)
    }

    /// The signed URL of the request's wheel, valid for `urlLifetime` from now. The birth is computed first, so
    /// that a URL is only made for a wheel that renders.
    private func signedURL(for dropIn: DropInRequest, request: Request, signer: WheelURLSigner) throws -> String {
        _ = try computedChart(dropIn)
        let expiry = Int((Date().timeIntervalSince1970 + configuration.urlLifetime).rounded(.down))
        do throws(WheelURLSigner.SigningProblem) {
            let token = try signer.token(for: SignedWheelRequest(birth: dropIn.birth, optionsJSON: dropIn.optionsJSON, format: dropIn.format),
                                         expiry: expiry)
            return urlBase(for: request) + Self.signedWheelPath + token
        } catch .tooLong(let bytes) {
            throw ChartError("", "the wheel's options take \(bytes) bytes, more than the \(WheelURLSigner.maximumPayloadBytes) a chart URL carries; give each body, aspect and colour once")
        }
    }

    /// Where the chart URLs point: `--public-url` when given, else the address the caller reached (its `Host`),
    /// else the address served.
    func urlBase(for request: Request) -> String {
        if configuration.publicURL != nil { return configuration.baseURL }
        if let authority = request.head.authority, (1...261).contains(authority.utf8.count),
           authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }) {
            return "http://" + authority
        }
        return configuration.baseURL
    }
}
