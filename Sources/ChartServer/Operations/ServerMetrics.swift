import Foundation
import Metrics

/// The server's metrics, in Prometheus's text at `GET /metrics`. swift-metrics is bootstrapped with
/// swift-prometheus's factory once per process, however many servers run in it (the tests run several): their
/// counts add up in the one registry.
///
/// Besides Hummingbird's own (`hb_requests` and the `http_server_request_duration` histogram by route, method
/// and status, `http_server_active_requests`), the server counts its refusals and its renders.
enum ServerMetrics {
    /// Why a request was refused before its work was done.
    enum Rejection: String, CaseIterable {
        /// 413: the body is larger than `maximumBodyBytes`.
        case bodyTooLarge = "body_too_large"
        /// 429: the caller's token bucket is empty.
        case rate
        /// 503: every render place is taken.
        case rendersFull = "renders_full"
        /// 503: the request overran `requestTimeout`.
        case timeout
    }

    /// Bootstraps swift-metrics with swift-prometheus's factory, once per process.
    static func bootstrap() { _ = PrometheusExport.registry }

    /// Renders holding a place, on every server of the process.
    static let rendersInFlight: Meter = {
        bootstrap()
        return Meter(label: "wheel_renders_in_flight")
    }()

    private static let rejections: [Rejection: Counter] = {
        bootstrap()
        return Dictionary(uniqueKeysWithValues: Rejection.allCases.map {
            ($0, Counter(label: "wheel_rejections_total", dimensions: [("reason", $0.rawValue)]))
        })
    }()

    /// Counts one refusal for `reason`.
    static func rejected(_ reason: Rejection) {
        rejections[reason]?.increment()
    }

    /// Everything, in Prometheus's text exposition format.
    static func exposition() -> String {
        _ = rejections
        _ = rendersInFlight
        return PrometheusExport.text()
    }
}
