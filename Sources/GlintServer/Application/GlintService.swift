import Foundation
import GlintJobs
import GlintQueue
import Hummingbird
import Logging
import ServiceLifecycle

/// Runs the whole service in this process, as `glint serve` does: opens the data directory, the
/// blob store, the job store and its server store, loads (or creates) the server secret,
/// bootstraps Prometheus as the metrics backend, and serves until SIGINT or SIGTERM, after which
/// the server stops accepting, running jobs get their grace period and the stores are closed.
/// Whatever is still in flight after ``GlintServerConfiguration/maximumStopDuration`` is cancelled.
public enum GlintService {
    /// - Parameters:
    ///   - configuration: Address, limits and workers.
    ///   - location: The job store (`sqlite:PATH` or a PostgreSQL URL).
    ///   - dataDirectory: Blobs, `server.sqlite` and `server-secret` live here.
    ///   - beside: More services run in the same group (`glint serve`'s stop asked for while starting).
    ///   - onServerRunning: Called with the bound port once the server listens.
    public static func run(
        configuration: GlintServerConfiguration, location: JobStoreLocation, dataDirectory: GlintDataDirectory,
        logger: Logger = Logger(label: "glint.server"), beside: [ServiceGroupConfiguration.ServiceConfiguration] = [],
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        if let loose = try dataDirectory.create() {
            logger.warning(
                "the data directory was readable by others: it is now owner-only (0700)",
                metadata: ["path": "\(dataDirectory.path)", "mode": "\(String(loose, radix: 8))"])
        }
        let blobs = try FileBlobStore(directory: dataDirectory.blobs)
        let secret = try ServerSecret.loadOrCreate(in: dataDirectory.url)
        let metrics = ServerMetrics.prometheus
        configuration.runner?.logStart(logger)
        try await withJobStore(location, logger: Logger(label: "glint.queue")) { jobs in
            try await withServerStore(for: location, dataDirectory: dataDirectory) { store in
                var server = ServerContext(
                    jobs: jobs, blobs: blobs, store: store,
                    handlers: JobHandlerRegistry.glint(inputLimits: configuration.inputLimits, testKinds: configuration.enableTestKinds).isolatingMedia(
                        configuration.runner, inputLimits: configuration.inputLimits),
                    maxUploadBytes: configuration.maxUploadBytes, inputLimits: configuration.inputLimits, secret: secret,
                    defaultLimits: configuration.defaultLimits)
                server.pageAccess = configuration.pageAccess
                server.egress = EgressClient(policy: configuration.egressPolicy)
                let app = buildApplication(
                    server: server, configuration: configuration, workDirectory: { dataDirectory.workDirectory(worker: $0) },
                    metrics: metrics, logger: logger, onServerRunning: onServerRunning)
                var services = ServiceGroupConfiguration(
                    services: [.init(service: app)] + beside, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
                // A stop never waits forever: what is still in flight after this is cancelled.
                services.maximumGracefulShutdownDuration = configuration.maximumStopDuration
                try await ServiceGroup(configuration: services).run()
                // Where a slow stop waits, next: the server store, then the job store (its pool,
                // listener and notifier) close after this line.
                logger.info("services stopped; closing the stores")
            }
            logger.info("server store closed")
        }
    }
}
