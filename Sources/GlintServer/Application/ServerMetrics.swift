import Metrics
import Prometheus

/// The process's Prometheus registry, bootstrapped as the swift-metrics backend on first use, so
/// that the worker's, the queue's and Hummingbird's metrics all appear on `/metrics`.
/// (swift-metrics allows one bootstrap per process: use this, never bootstrap again.)
public enum ServerMetrics {
    public static let prometheus: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
