import Foundation

/// What a client asks a store to queue. Everything but the kind has a default.
public struct JobSubmission: Hashable, Sendable {
    public var kind: JobKind
    public var parameters: Data
    public var inputs: [String: BlobID]
    public var queue: String
    public var tenant: String
    public var priority: Int
    public var maxAttempts: Int
    /// Run no earlier than this; nil means now (the job is `available` at once, else `scheduled`).
    public var scheduledAt: Date?
    public var idempotencyKey: String?
    public var batch: String?
    /// The most jobs of the tenant that may run at once, on all workers, for this one to start (at
    /// least 1); nil for no limit. The API sets it from the submitting key's `max-running`.
    public var maxRunning: Int?

    public static let defaultQueue = "default"
    public static let defaultTenant = "default"
    public static let defaultMaxAttempts = 20
    public static let priorityRange = -1000...1000
    public static let maxRunningRange = 1...1_000_000

    public init(
        kind: JobKind, parameters: Data = Data("{}".utf8), inputs: [String: BlobID] = [:],
        queue: String = JobSubmission.defaultQueue, tenant: String = JobSubmission.defaultTenant,
        priority: Int = 0, maxAttempts: Int = JobSubmission.defaultMaxAttempts, scheduledAt: Date? = nil,
        idempotencyKey: String? = nil, batch: String? = nil, maxRunning: Int? = nil
    ) {
        self.kind = kind
        self.parameters = parameters
        self.inputs = inputs
        self.queue = queue
        self.tenant = tenant
        self.priority = priority
        self.maxAttempts = maxAttempts
        self.scheduledAt = scheduledAt
        self.idempotencyKey = idempotencyKey
        self.batch = batch
        self.maxRunning = maxRunning
    }

    /// Checks what a store cannot: parameters are a JSON object, names are non-empty and short,
    /// priority and maxAttempts are in range. Stores call this before inserting.
    public func validate() throws(JobQueueError) {
        func bad(_ problem: String) -> JobQueueError { JobQueueError(.invalidSubmission, problem) }
        guard !kind.rawValue.isEmpty, kind.rawValue.utf8.count <= 100 else { throw bad("kind must be 1-100 characters") }
        guard !queue.isEmpty, queue.utf8.count <= 100 else { throw bad("queue must be 1-100 characters") }
        guard !tenant.isEmpty, tenant.utf8.count <= 200 else { throw bad("tenant must be 1-200 characters") }
        guard Self.priorityRange.contains(priority) else { throw bad("priority \(priority) is outside -1000...1000") }
        guard (1...1000).contains(maxAttempts) else { throw bad("maxAttempts \(maxAttempts) is outside 1...1000") }
        if let maxRunning, !Self.maxRunningRange.contains(maxRunning) { throw bad("maxRunning \(maxRunning) is outside 1...1000000") }
        if let key = idempotencyKey, key.isEmpty || key.utf8.count > 255 { throw bad("idempotency key must be 1-255 characters") }
        for name in inputs.keys where name.isEmpty || name.utf8.count > 100 { throw bad("input names must be 1-100 characters") }
        guard (try? JSONSerialization.jsonObject(with: parameters)) is [String: Any] else {
            throw bad("parameters must be a JSON object")
        }
    }
}

/// What a submission led to: a new job, or the existing one its idempotency key points at.
public enum SubmitOutcome: Hashable, Sendable {
    case created(Job)
    case existing(Job)

    public var job: Job {
        switch self {
        case .created(let job), .existing(let job): job
        }
    }

    public var wasCreated: Bool {
        if case .created = self { return true }
        return false
    }
}
