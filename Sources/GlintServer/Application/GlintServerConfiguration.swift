import Foundation
import GlintJobs
import GlintQueue

/// How `glint serve` listens and what it runs. The defaults here are the service's defaults; the
/// command line (`ServerOptions` in GlintOptions) only overrides them.
public struct GlintServerConfiguration: Sendable {
    /// The address listened on unless told otherwise.
    public static let defaultHost = "127.0.0.1"
    /// The port listened on unless told otherwise.
    public static let defaultPort = 8080
    /// The largest upload accepted unless told otherwise: 512 MiB.
    public static let defaultMaxUploadBytes: Int64 = 512 << 20

    public var host: String
    /// 0 picks a free port (tests).
    public var port: Int
    /// Uploads larger than this are refused (`payload-too-large`).
    public var maxUploadBytes: Int64
    /// The embedded worker (queues, concurrency, lease, grace period, retention), or nil to run no
    /// worker (an API-only node). Its `workerID` and `workDirectory` are replaced when the service
    /// starts: a fresh id, and a folder under the data directory.
    public var worker: JobWorkerConfiguration?
    /// Whether the webhook deliverer runs.
    public var webhooks: Bool
    /// How often blob retention makes a pass (``BlobRetention``); nil runs none.
    public var blobRetentionInterval: Duration? = .seconds(600)
    /// The largest inputs accepted (`--max-pixels`, `--max-motion-seconds`): checked when a job is
    /// submitted, and by the embedded worker before it runs one.
    public var inputLimits: InputLimits = .default
    /// The runner processes the media kinds run in (``JobHandlerRegistry/runnerKinds``), or
    /// nil to run every kind in this process (the default for a library user; `glint serve` sets one).
    public var runner: JobRunnerConfiguration? = nil
    /// The limits of a key that leaves one out (`--max-queued`, `--max-running`,
    /// `--max-storage-bytes`, `--rate`, `--burst`); none by default.
    public var defaultLimits: KeyLimits = .unlimited
    /// The header deadline, idle timeout and minimum upload rate that close slow connections
    /// (`--header-timeout-seconds`, `--idle-timeout-seconds`, `--min-upload-bytes-per-second`).
    public var connectionTimeouts: ConnectionTimeouts = .default
    /// Where webhooks may go (``EgressPolicy``; `--allow-callback-networks` opens private ranges).
    public var egressPolicy = EgressPolicy()
    /// How long one webhook attempt may take, connecting included, before it counts as failed
    /// (`--webhook-timeout-seconds`).
    public var webhookAttemptTimeout = WebhookDeliverer.defaultAttemptTimeout
    /// The trusted proxies and the per-client-address limits of the pages (`--trusted-proxies`,
    /// `--anonymous-rate`, `--anonymous-burst`, `--login-attempts-per-minute`).
    public var pageAccess = PageAccessConfiguration()
    /// Whether the test kinds (`queue.noop`) are served (`--enable-test-kinds`); never by default.
    public var enableTestKinds = false

    /// The stop margin unless told otherwise.
    public static let defaultStopMargin = Duration.seconds(30)
    /// How long a graceful stop may take for what is in flight besides the worker's running jobs
    /// (requests, uploads and downloads of slow clients, a retention pass) before it is cancelled.
    public var stopMargin = defaultStopMargin

    /// The longest a graceful stop (SIGTERM) waits before cancelling what is left: the worker's
    /// grace period for its running jobs, plus ``stopMargin``.
    public var maximumStopDuration: Duration { (worker?.shutdownGracePeriod ?? .zero) + stopMargin }

    /// Jobs the embedded worker runs at once; 0 when it runs none.
    public var workers: Int { worker?.concurrency ?? 0 }

    public init(
        host: String = defaultHost, port: Int = defaultPort, maxUploadBytes: Int64 = defaultMaxUploadBytes,
        worker: JobWorkerConfiguration? = JobWorkerConfiguration(), webhooks: Bool = true
    ) {
        self.host = host
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.worker = worker
        self.webhooks = webhooks
    }

    /// A configuration whose embedded worker runs `workers` jobs at once with the other worker
    /// defaults; 0 runs no worker.
    public init(host: String = defaultHost, port: Int = defaultPort, maxUploadBytes: Int64 = defaultMaxUploadBytes, workers: Int, webhooks: Bool = true) {
        self.init(
            host: host, port: port, maxUploadBytes: maxUploadBytes,
            worker: workers > 0 ? JobWorkerConfiguration(concurrency: workers) : nil, webhooks: webhooks)
    }
}
