import Foundation

/// How a ``JobWorker`` claims, leases, retries and cleans up.
public struct JobWorkerConfiguration: Sendable {
    /// This worker's id, recorded on the jobs it holds (unique per process).
    public var workerID: String
    /// The queues it claims from.
    public var queues: [String]
    /// How many jobs run at once.
    public var concurrency: Int
    /// How long a claimed job is leased; the worker heartbeats every third of it, and a rescuer
    /// gives the job back to the queue when a lease runs out (a worker that died).
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

    public init(
        workerID: String = WorkerIdentity.make(), queues: [String] = [JobSubmission.defaultQueue], concurrency: Int = 2,
        lease: Duration = .seconds(30), idleWait: Duration = .seconds(2), rescueInterval: Duration = .seconds(5),
        retention: Duration = .seconds(7 * 24 * 3600), pruneInterval: Duration = .seconds(3600),
        shutdownGracePeriod: Duration = .seconds(30), retryPolicy: RetryPolicy = .default,
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
        self.workDirectory = workDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("glint-worker-\(workerID)")
    }

    /// The heartbeat period: a third of the lease.
    var heartbeatInterval: Duration { lease / 3 }
}
