import Metrics
import Prometheus

/// swift-prometheus's registry behind swift-metrics, apart from the metrics' own code (Prometheus's `Counter` and
/// `Gauge` would shadow swift-metrics' there).
enum PrometheusExport {
    /// The registry the factory writes to; touching it bootstraps the metrics system, once per process (a static's
    /// initializer runs once), however many servers the process runs.
    static let registry: PrometheusCollectorRegistry = {
        let factory = PrometheusMetricsFactory()
        MetricsSystem.bootstrap(factory)
        return factory.registry
    }()

    /// Everything, in Prometheus's text exposition format.
    static func text() -> String { registry.emitToString() }
}
