import Foundation
import GlintQueue

/// What the HTTP service keeps beside the job store: API keys (hashed), which tenant owns which
/// blob, job callbacks with their webhook deliveries, and shares.
///
/// `SQLiteServerStore` (`server.sqlite` in the data directory) and `PostgresServerStore` (the job
/// store's database, `glint_server_` tables) implement it; the same tests run against both.
public protocol ServerStore: Sendable {
    /// Creates or upgrades the schema (versioned, idempotent, safe from several processes at once).
    func migrate() async throws

    /// Answers when the store can be queried (for `/health/ready`); throws otherwise.
    func ping() async throws

    // MARK: API keys

    /// Stores a new key. Throws when the id is taken.
    func insertKey(_ key: APIKeyRecord) async throws
    /// The key with this id, revoked or not.
    func key(id: String) async throws -> APIKeyRecord?
    /// Every key (of one tenant when given), oldest first.
    func keys(tenant: String?) async throws -> [APIKeyRecord]
    /// Marks the key revoked (once: a second revocation keeps the first date). Nil when there is no such key.
    func revokeKey(id: String, at date: Date) async throws -> APIKeyRecord?
    /// Replaces the key's limits (each nil: the server's default). Nil when there is no such key.
    func updateKeyLimits(id: String, limits: KeyLimits) async throws -> APIKeyRecord?

    // MARK: Blobs

    /// Records that the tenant owns the blob (idempotent).
    func recordBlob(_ ownership: BlobOwnership) async throws
    /// Records the tenant's claims on those of `blobs` (id to size) it has none on yet, created and
    /// last used at `date`; claims it has are left as they are. One round trip where the store can.
    func claimBlobs(_ blobs: [BlobID: Int64], tenant: String, at date: Date) async throws
    /// The tenant's claim on the blob, nil when it has none.
    func blob(_ blob: BlobID, tenant: String) async throws -> BlobOwnership?
    /// The bytes of every blob the tenant owns (uploads and outputs), each counted once.
    func storedBytes(tenant: String) async throws -> Int64

    // MARK: Blob retention

    /// Marks the tenant's blobs used at `date` (a job about to take them as inputs), so that
    /// retention starts again for them. Returns those of `blobs` the tenant owns.
    func useBlobs(_ blobs: Set<BlobID>, tenant: String, at date: Date) async throws -> Set<BlobID>
    /// Every tenant that owns a blob.
    func blobTenants() async throws -> [String]
    /// Up to `limit` of the tenant's blobs last used before `date`, least recently used first.
    func blobs(tenant: String, unusedSince date: Date, limit: Int) async throws -> [BlobOwnership]
    /// Takes away the tenant's claim on the blob if it was last used before `date` (a use since
    /// keeps it). Returns whether it did.
    func removeBlob(_ blob: BlobID, tenant: String, unusedSince date: Date) async throws -> Bool
    /// Every blob some tenant owns.
    func ownedBlobs() async throws -> Set<BlobID>

    // MARK: Callbacks and deliveries

    /// Records a job's callback URL (replacing any earlier one for the job).
    func recordCallback(_ callback: JobCallback) async throws
    /// The job's callback, nil when it has none.
    func callback(job: JobID) async throws -> JobCallback?
    /// Callbacks not delivered whose next attempt is due at `date`, taken in turns across tenants
    /// (each tenant's oldest, then each one's second oldest ...), so that one tenant's backlog
    /// cannot hide another's.
    func dueCallbacks(at date: Date, limit: Int) async throws -> [JobCallback]
    /// Takes a callback that is due at `date` for one delivery attempt, by moving its next attempt
    /// to `until`: several API nodes look for due callbacks, and only the one that takes it
    /// attempts it. Should that node die mid-attempt, the callback is due again at `until`.
    /// - Returns: Whether this call took it (false when it was not due, or another took it first).
    func claimCallback(job: JobID, at date: Date, until: Date) async throws -> Bool
    /// Sets when the callback is next looked at (nil: never again, without an attempt).
    func scheduleCallback(job: JobID, nextAttemptAt: Date?) async throws
    /// Records one attempt and updates the callback: delivered, or the next attempt's time (nil: give up).
    func recordDelivery(_ delivery: WebhookDelivery, nextAttemptAt: Date?) async throws
    /// Every attempt for the job, in order.
    func deliveries(job: JobID) async throws -> [WebhookDelivery]

    // MARK: Webhook secrets

    /// Stores a key's webhook signing secrets (sealed), replacing those it had.
    func saveWebhookSecret(_ secret: WebhookSecretRecord) async throws
    /// The key's sealed webhook signing secrets; nil when it has none.
    func webhookSecret(key: String) async throws -> WebhookSecretRecord?

    // MARK: Shares

    func insertShare(_ share: ShareRecord) async throws
    /// The share with this id, whoever owns it (the share page has no tenant).
    func share(id: String) async throws -> ShareRecord?
    /// Revokes the tenant's share (the first date is kept); nil when the tenant has no such share.
    func revokeShare(id: String, tenant: String, at date: Date) async throws -> ShareRecord?
    /// The tenant's shares that are neither revoked nor expired at `date`.
    func liveShares(tenant: String, at date: Date) async throws -> [ShareRecord]

    /// Closes connections; the store is unusable afterwards.
    func close() async throws
}

/// An error from the server store, naming the store and the problem.
public struct ServerStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { problem }
}
