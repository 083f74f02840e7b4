import Foundation

/// A job as a store holds it: what to run, on what, for whom, and everything that happened to it.
public struct Job: Hashable, Sendable, Codable, Identifiable {
    public var id: JobID
    public var kind: JobKind
    /// The queue it waits in (`"default"` unless given); workers claim from named queues.
    public var queue: String
    /// Who submitted it. Claims are fair between tenants; reads can be scoped to one.
    public var tenant: String
    /// Higher runs first among a tenant's available jobs (default 0, range -1000...1000).
    public var priority: Int
    /// The handler's parameters: a UTF-8 JSON object.
    public var parameters: Data
    /// Named input blobs (`"still"`, `"movie"`, `"recipe"` …).
    public var inputs: [String: BlobID]
    /// Named output blobs, recorded when the job completes.
    public var outputs: [String: BlobID]
    public var state: JobState
    /// Attempts started so far (0 until first claimed).
    public var attempt: Int
    public var maxAttempts: Int
    /// Every failed attempt's error, oldest first.
    public var errors: [JobAttemptError]
    /// The latest progress a worker reported; nil before the first report.
    public var progress: JobProgress?
    /// A repeated submission with the same key (per tenant) returns this job instead of a new one,
    /// unless this one was cancelled or discarded.
    public var idempotencyKey: String?
    /// Optional group id for jobs submitted together (`POST /v1/batches`).
    public var batch: String?
    /// The most jobs of the tenant that may run at once for this one to start (the submitting key's
    /// `max-running`); nil for no limit. Claims hold the job back while the tenant runs that many.
    public var maxRunning: Int?
    /// The worker holding the lease while running.
    public var workerID: String?
    /// When the lease runs out unless the worker heartbeats; a rescuer re-queues the job after it.
    public var leaseExpiresAt: Date?
    /// Set when cancellation was asked for while the job was running.
    public var cancelRequested: Bool
    /// When the job may run (its backoff end while retryable).
    public var scheduledAt: Date
    public var createdAt: Date
    /// When the latest attempt started.
    public var attemptedAt: Date?
    public var completedAt: Date?
    public var cancelledAt: Date?
    public var discardedAt: Date?

    public init(
        id: JobID, kind: JobKind, queue: String, tenant: String, priority: Int, parameters: Data,
        inputs: [String: BlobID], outputs: [String: BlobID] = [:], state: JobState, attempt: Int = 0,
        maxAttempts: Int, errors: [JobAttemptError] = [], progress: JobProgress? = nil,
        idempotencyKey: String? = nil, batch: String? = nil, workerID: String? = nil,
        leaseExpiresAt: Date? = nil, cancelRequested: Bool = false, scheduledAt: Date, createdAt: Date,
        attemptedAt: Date? = nil, completedAt: Date? = nil, cancelledAt: Date? = nil, discardedAt: Date? = nil,
        maxRunning: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.queue = queue
        self.tenant = tenant
        self.priority = priority
        self.parameters = parameters
        self.inputs = inputs
        self.outputs = outputs
        self.state = state
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.errors = errors
        self.progress = progress
        self.idempotencyKey = idempotencyKey
        self.batch = batch
        self.workerID = workerID
        self.leaseExpiresAt = leaseExpiresAt
        self.cancelRequested = cancelRequested
        self.scheduledAt = scheduledAt
        self.createdAt = createdAt
        self.attemptedAt = attemptedAt
        self.completedAt = completedAt
        self.cancelledAt = cancelledAt
        self.discardedAt = discardedAt
        self.maxRunning = maxRunning
    }

    /// Decodes the parameters into a handler's type.
    public func decodeParameters<P: Decodable>(_ type: P.Type) throws -> P {
        try JSONDecoder().decode(P.self, from: parameters)
    }
}
