import Foundation
import GlintQueue

/// An API key as the server keeps it: never the key itself, only the SHA-256 of it.
public struct APIKeyRecord: Hashable, Sendable, Codable {
    /// The key's public id (12 lower-case hex digits), the part after `glint_`.
    public var id: String
    /// The tenant every request made with the key acts for.
    public var tenant: String
    /// A label for people (`"ci"`, `"laptop"`); nil when none was given.
    public var name: String?
    /// Lower-case hex SHA-256 of the whole key text (`glint_<id>_<secret>`).
    public var hash: String
    public var createdAt: Date
    /// Set when revoked; a revoked key authenticates nothing.
    public var revokedAt: Date?
    /// What requests with the key may use (each limit left out is the server's default).
    public var limits: KeyLimits
    /// An operator's key (`glint keys create --operator`): the dashboard shows it every tenant's
    /// jobs. On `/v1` it is a key of its ``tenant`` like any other.
    public var isOperator: Bool

    public init(
        id: String, tenant: String, name: String?, hash: String, createdAt: Date, revokedAt: Date? = nil, limits: KeyLimits = .unlimited,
        isOperator: Bool = false
    ) {
        self.id = id
        self.tenant = tenant
        self.name = name
        self.hash = hash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.limits = limits
        self.isOperator = isOperator
    }
}

/// A tenant's claim on a blob: it uploaded it, or one of its jobs produced it.
public struct BlobOwnership: Hashable, Sendable {
    public var tenant: String
    public var blob: BlobID
    public var size: Int64
    public var createdAt: Date
    /// The latest upload of it, output of a job or submission of a job that takes it as input:
    /// ``BlobRetention`` counts the tenant's retention from here.
    public var lastUsedAt: Date

    public init(tenant: String, blob: BlobID, size: Int64, createdAt: Date, lastUsedAt: Date? = nil) {
        self.tenant = tenant
        self.blob = blob
        self.size = size
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt ?? createdAt
    }
}

/// Where a job's result is POSTed when it finishes, and how the deliveries went so far.
public struct JobCallback: Hashable, Sendable {
    public var job: JobID
    public var tenant: String
    public var url: String
    public var createdAt: Date
    /// Attempts made so far.
    public var attempts: Int
    /// When a delivery succeeded (2xx); nil until then.
    public var deliveredAt: Date?
    /// When the next attempt is due; nil once delivered or given up.
    public var nextAttemptAt: Date?
    /// The id of the API key that submitted the job: its webhook secret signs the deliveries
    /// (nil for callbacks recorded before keys had secrets).
    public var key: String?

    public init(
        job: JobID, tenant: String, url: String, createdAt: Date, attempts: Int = 0, deliveredAt: Date? = nil, nextAttemptAt: Date?,
        key: String? = nil
    ) {
        self.job = job
        self.tenant = tenant
        self.url = url
        self.createdAt = createdAt
        self.attempts = attempts
        self.deliveredAt = deliveredAt
        self.nextAttemptAt = nextAttemptAt
        self.key = key
    }
}

/// One attempt to deliver a webhook.
public struct WebhookDelivery: Hashable, Sendable {
    public var job: JobID
    /// 1 for the first attempt.
    public var attempt: Int
    public var at: Date
    /// The receiver's HTTP status; nil when no response came.
    public var statusCode: Int?
    /// Why no response came (connection refused, timeout ...); nil when one did.
    public var error: String?
    /// Whether the receiver accepted it (2xx).
    public var delivered: Bool

    public init(job: JobID, attempt: Int, at: Date, statusCode: Int?, error: String?, delivered: Bool) {
        self.job = job
        self.attempt = attempt
        self.at = at
        self.statusCode = statusCode
        self.error = error
        self.delivered = delivered
    }
}

/// A signed, expiring link to a job's outputs.
public struct ShareRecord: Hashable, Sendable {
    /// 32 lower-case hex digits.
    public var id: String
    public var tenant: String
    public var job: JobID
    public var createdAt: Date
    public var expiresAt: Date
    public var revokedAt: Date?
    /// Whether the link serves the job's files with their recording location (`"keepLocation": true`);
    /// false: only copies without it.
    public var keepLocation: Bool

    public init(
        id: String, tenant: String, job: JobID, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil, keepLocation: Bool = false
    ) {
        self.id = id
        self.tenant = tenant
        self.job = job
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.keepLocation = keepLocation
    }
}
