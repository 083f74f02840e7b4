import Foundation

/// How a ``JobWorker`` claims, leases, retries and cleans up.
public struct JobWorkerConfiguration: Sendable {
    /// This worker's id, recorded on the jobs it holds (unique per process).
    public var workerID: String
    /// The queues it claims from.
    public var queues: [String]
    /// How many jobs run at once.
    public var concurrency: Int
    /// How long a claimed job is leased; the worker heartbeats every second (every third of the
    /// lease when that is shorter), and a rescuer gives the job back to the queue when a lease
    /// runs out (a worker that died).
    public var lease: Duration
    /// How long an idle worker waits for a wake-up before it tries to claim again anyway.
    public var idleWait: Duration
    /// How often expired leases are rescued.
    public var rescueInterval: Duration
    /// Finished jobs older than this are pruned.
    public var retention: Duration
    /// How often pruning runs.
    public var pruneInterval: Duration
    /// On graceful shutdown, how long running jobs may take to finish before they are stopped
    /// and released.
    public var shutdownGracePeriod: Duration
    /// The backoff before the next attempt of a failed job.
    public var retryPolicy: RetryPolicy
    /// The least time between two progress reports of one job to the store.
    public var progressInterval: Duration
    /// Where attempts get their private folders (input links and outputs), removed after each.
    public var workDirectory: URL

    /// The queues a worker claims from unless told otherwise: the default queue.
    public static let defaultQueues = [JobSubmission.defaultQueue]
    /// Jobs run at once unless told otherwise.
    public static let defaultConcurrency = 2
    /// The lease unless told otherwise.
    public static let defaultLease = Duration.seconds(30)
    /// How often expired leases are rescued unless told otherwise (at most; see ``rescueInterval(lease:)``).
    public static let defaultRescueInterval = Duration.seconds(5)
    /// How long finished jobs are kept unless told otherwise: 7 days.
    public static let defaultRetention = Duration.seconds(7 * 24 * 3600)
    /// The shutdown grace period unless told otherwise.
    public static let defaultShutdownGracePeriod = Duration.seconds(30)

    /// The rescue interval for `lease`: ``defaultRescueInterval``, or half the lease when that is
    /// shorter (a short lease is rescued promptly).
    public static func rescueInterval(lease: Duration) -> Duration {
        min(defaultRescueInterval, lease / 2)
    }

    public init(
        workerID: String = WorkerIdentity.make(), queues: [String] = defaultQueues, concurrency: Int = defaultConcurrency,
        lease: Duration = defaultLease, idleWait: Duration = .seconds(2), rescueInterval: Duration = defaultRescueInterval,
        retention: Duration = defaultRetention, pruneInterval: Duration = .seconds(3600),
        shutdownGracePeriod: Duration = defaultShutdownGracePeriod, retryPolicy: RetryPolicy = .default,
        progressInterval: Duration = .milliseconds(250), workDirectory: URL? = nil
    ) {
        self.workerID = workerID
        self.queues = queues
        self.concurrency = max(concurrency, 1)
        self.lease = lease
        self.idleWait = idleWait
        self.rescueInterval = rescueInterval
        self.retention = retention
        self.pruneInterval = pruneInterval
        self.shutdownGracePeriod = shutdownGracePeriod
        self.retryPolicy = retryPolicy
        self.progressInterval = progressInterval
        self.workDirectory =
            workDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("glint-worker-\(workerID)")
    }

    /// The longest time between two heartbeats: each also asks whether a running job was cancelled,
    /// so a job that reports no progress for a while (a large still being encoded) still stops
    /// within about a second of its cancellation.
    public static let longestHeartbeatInterval = Duration.seconds(1)

    /// The heartbeat period: a second, or a third of the lease when that is shorter.
    public var heartbeatInterval: Duration { min(lease / 3, Self.longestHeartbeatInterval) }
}
