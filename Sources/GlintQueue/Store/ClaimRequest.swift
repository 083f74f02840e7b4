/// What a worker asks for when it claims.
public struct ClaimRequest: Hashable, Sendable {
    /// The claiming worker's id (unique per process: host, pid and a random suffix).
    public var worker: String
    public var queues: [String]
    public var limit: Int
    /// How long the claimed jobs are leased for before a rescuer may take them back.
    public var lease: Duration

    public init(worker: String, queues: [String] = [JobSubmission.defaultQueue], limit: Int, lease: Duration = .seconds(30)) {
        self.worker = worker
        self.queues = queues
        self.limit = limit
        self.lease = lease
    }
}

/// What a worker should do with a job it is running.
public enum LeaseStatus: Hashable, Sendable {
    /// Go on: the worker holds the lease.
    case held
    /// Stop: cancellation was asked for. Acknowledge with `acknowledgeCancellation`.
    case cancelRequested
    /// Drop it: the lease is gone (rescued, finished or deleted); record nothing.
    case lost
}
