import Foundation
import GlintQueue
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle

extension Logger {
    init(label: String, level: Logger.Level) {
        self.init(label: label)
        logLevel = level
    }
}

/// Builds the service's router: problem mapping, request logging and metrics on every route; the
/// `/v1` API behind API-key authentication; the pages (share page, dashboard), health, metrics and
/// the OpenAPI document open.
public func buildRouter(server: ServerContext, metrics: PrometheusCollectorRegistry?) -> Router<GlintRequestContext> {
    let router = Router(context: GlintRequestContext.self)
    router.add(middleware: RedactedRequestLog(.info))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ProblemMiddleware())
    ServiceRoutes(server: server, metrics: metrics).addRoutes(to: router)
    PageRoutes(source: ServerPageDataSource(server: server), secret: server.shareSecret, clock: server.clock, access: server.pageAccess)
        .addRoutes(to: router)
    let v1 = router.group("v1").add(
        middleware: APIKeyAuthenticator(store: server.store, defaultLimits: server.defaultLimits, rateLimiter: server.rateLimiter))
    BlobsRoutes(server: server).addRoutes(to: v1)
    JobsRoutes(server: server).addRoutes(to: v1)
    JobEventsRoute(server: server).addRoutes(to: v1)
    OutputsRoutes(server: server).addRoutes(to: v1)
    SharesRoutes(server: server).addRoutes(to: v1)
    return router
}

/// The whole service as one Hummingbird `Application`: the router, plus the embedded `JobWorker`
/// and the webhook deliverer as ServiceLifecycle services run beside the server (and shut down
/// gracefully with it).
///
/// - Parameters:
///   - server: The stores and settings the routes use.
///   - configuration: Address, limits, the embedded worker.
///   - workDirectory: Where the embedded worker's attempts work (same volume as the blobs).
///   - router: The router to serve; `buildRouter(server:metrics:)` when nil (the integrator may add pages to it first).
///   - onServerRunning: Called with the bound port once listening.
public func buildApplication(
    server: ServerContext, configuration: GlintServerConfiguration, workDirectory: @Sendable (String) -> URL,
    metrics: PrometheusCollectorRegistry?, router: Router<GlintRequestContext>? = nil, logger: Logger = Logger(label: "glint.server"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    var services: [any Service] = []
    if var workerConfiguration = configuration.worker {
        workerConfiguration.workerID = WorkerIdentity.make()
        workerConfiguration.workDirectory = workDirectory(workerConfiguration.workerID)
        let worker = JobWorker(
            store: server.jobs, blobs: server.blobs, handlers: server.handlers, configuration: workerConfiguration,
            logger: Logger(label: "glint.worker", level: logger.logLevel))
        services.append(worker)
    }
    if configuration.webhooks {
        services.append(
            WebhookDeliverer(
                server: server, attemptTimeout: configuration.webhookAttemptTimeout, logger: Logger(label: "glint.webhooks", level: logger.logLevel)))
    }
    if let interval = configuration.blobRetentionInterval {
        services.append(BlobRetention(server: server, interval: interval, logger: Logger(label: "glint.retention", level: logger.logLevel)))
    }
    return Application(
        router: router ?? buildRouter(server: server, metrics: metrics),
        server: .http1(configuration: SlowClientGuard.channelConfiguration(configuration.connectionTimeouts, logger: logger)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "glint"),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}
