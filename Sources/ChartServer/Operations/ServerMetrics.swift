import Foundation
import Metrics

/// The server's own metrics, made through swift-metrics, whatever factory the process bootstrapped it with
/// (`wheel serve`: swift-prometheus's, whose registry `GET /metrics` shows; a library leaves that to its host).
/// Each is looked up at its use rather than kept from the first: one made before the bootstrap would stay a no-op.
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

    /// Makes every metric of the server's, so that a scrape lists them (at 0) before anything has happened.
    static func declare() {
        _ = rendersInFlight
        for reason in Rejection.allCases { _ = counter(reason) }
    }

    /// Renders holding a place, on every server of the process.
    static var rendersInFlight: Meter { Meter(label: "wheel_renders_in_flight") }

    /// Counts one refusal for `reason`.
    static func rejected(_ reason: Rejection) {
        counter(reason).increment()
    }

    private static func counter(_ reason: Rejection) -> Counter {
        Counter(label: "wheel_rejections_total", dimensions: [("reason", reason.rawValue)])
    }
}
