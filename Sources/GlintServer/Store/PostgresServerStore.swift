import Foundation
import GlintQueue
import Logging
import PostgresNIO
import ServiceLifecycle

/// The server store in the PostgreSQL database the job store uses (tables `glint_server_*`, own
/// migrations table), over its own postgres-nio connection pool.
///
/// The pool needs a running task: use ``withStore(configuration:logger:_:)``, or run the store as a
/// ServiceLifecycle `Service`.
public final class PostgresServerStore: ServerStore, Service {
    let client: PostgresClient
    let logger: Logger
    /// The pool's connections, as its own events tell them.
    let poolConnections: PostgresPoolConnections

    /// - Parameter configuration: The job store's configuration (URL, schema, TLS); the pool is sized down to 4.
    public init(configuration: PostgresJobStore.Configuration, logger: Logger) {
        var client = configuration.client
        client.options.maximumConnections = 4
        let connections = PostgresPoolConnections()
        self.poolConnections = connections
        self.client = PostgresClient(configuration: client, backgroundLogger: connections.logger(passing: logger, level: max(logger.logLevel, .error)))
        self.logger = logger
    }

    /// Runs the pool until cancelled or a graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.client.run() }
    }

    /// Runs the store around `body` (after migrating), then stops it (waiting for its pool at most
    /// ``PostgresClientLifetime/stopTimeout``).
    public static func withStore<R>(
        configuration: PostgresJobStore.Configuration, logger: Logger,
        _ body: (PostgresServerStore) async throws -> R
    ) async throws -> R {
        let store = PostgresServerStore(configuration: configuration, logger: logger)
        return try await PostgresClientLifetime.run(
            "the server store's PostgreSQL pool", logger: logger, connections: store.poolConnections, background: { await store.client.run() },
            body: {
                try await store.migrate()
                return try await body(store)
            })
    }

    public func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresServerSchema.migrationLockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS glint_server_migrations (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query("SELECT version FROM glint_server_migrations", logger: logger).decode(Int32.self) {
                applied.insert(Int(version))
            }
            if let newest = applied.max(), newest > PostgresServerSchema.currentVersion {
                throw ServerStoreError(
                    "the server store's schema is at version \(newest), newer than this Glint knows (\(PostgresServerSchema.currentVersion)): upgrade Glint")
            }
            for migration in PostgresServerSchema.migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO glint_server_migrations (version, name) VALUES (\(migration.version), \(migration.name))", logger: logger)
            }
        }
    }

    public func ping() async throws {
        try await client.query("SELECT 1", logger: logger)
    }

    public func close() async throws {}

    // MARK: Keys

    typealias KeyRow = (String, String, String?, String, Date, Date?, Int32?, Int32?, Int64?, Double?, Int32?, Double?, Bool, String?)
    static let keyColumns =
        "id, tenant, name, hash, created_at, revoked_at, max_queued, max_running, max_storage_bytes, rate, burst, blob_retention_days, operator, queues"

    public func insertKey(_ key: APIKeyRecord) async throws {
        let limits = key.limits
        try await client.query(
            """
            INSERT INTO glint_server_api_keys (id, tenant, name, hash, created_at, revoked_at, max_queued, max_running, max_storage_bytes, rate, burst,
                blob_retention_days, operator, queues)
            VALUES (\(key.id), \(key.tenant), \(key.name), \(key.hash), \(key.createdAt), \(key.revokedAt), \(limits.maxQueued.map(Int32.init)),
                \(limits.maxRunning.map(Int32.init)), \(limits.maxStorageBytes), \(limits.rate), \(limits.burst.map(Int32.init)), \(limits.blobRetentionDays),
                \(key.isOperator), \(KeyLimits.storedQueues(limits.queues)))
            """, logger: logger)
    }

    public func key(id: String) async throws -> APIKeyRecord? {
        try await keys(client.query("SELECT \(unescaped: Self.keyColumns) FROM glint_server_api_keys WHERE id = \(id)", logger: logger)).first
    }

    public func keys(tenant: String?) async throws -> [APIKeyRecord] {
        if let tenant {
            return try await keys(
                client.query(
                    "SELECT \(unescaped: Self.keyColumns) FROM glint_server_api_keys WHERE tenant = \(tenant) ORDER BY created_at, id", logger: logger))
        }
        return try await keys(client.query("SELECT \(unescaped: Self.keyColumns) FROM glint_server_api_keys ORDER BY created_at, id", logger: logger))
    }

    public func revokeKey(id: String, at date: Date) async throws -> APIKeyRecord? {
        try await keys(
            client.query(
                """
                UPDATE glint_server_api_keys SET revoked_at = coalesce(revoked_at, \(date)) WHERE id = \(id)
                RETURNING \(unescaped: Self.keyColumns)
                """, logger: logger)
        ).first
    }

    public func updateKeyLimits(id: String, limits: KeyLimits) async throws -> APIKeyRecord? {
        try await keys(
            client.query(
                """
                UPDATE glint_server_api_keys SET max_queued = \(limits.maxQueued.map(Int32.init)), max_running = \(limits.maxRunning.map(Int32.init)),
                    max_storage_bytes = \(limits.maxStorageBytes), rate = \(limits.rate), burst = \(limits.burst.map(Int32.init)),
                    blob_retention_days = \(limits.blobRetentionDays), queues = \(KeyLimits.storedQueues(limits.queues))
                WHERE id = \(id)
                RETURNING \(unescaped: Self.keyColumns)
                """, logger: logger)
        ).first
    }

    private func keys(_ rows: PostgresRowSequence) async throws -> [APIKeyRecord] {
        var keys: [APIKeyRecord] = []
        for try await row in rows.decode(KeyRow.self) {
            let limits = KeyLimits(
                maxQueued: row.6.map(Int.init), maxRunning: row.7.map(Int.init), maxStorageBytes: row.8, rate: row.9, burst: row.10.map(Int.init),
                blobRetentionDays: row.11, queues: KeyLimits.queues(stored: row.13))
            keys.append(
                APIKeyRecord(id: row.0, tenant: row.1, name: row.2, hash: row.3, createdAt: row.4, revokedAt: row.5, limits: limits, isOperator: row.12))
        }
        return keys
    }

    // MARK: Blobs

    public func recordBlob(_ ownership: BlobOwnership) async throws {
        try await client.query(
            """
            INSERT INTO glint_server_blob_owners (tenant, blob, size, created_at, last_used_at)
            VALUES (\(ownership.tenant), \(ownership.blob.hex), \(ownership.size), \(ownership.createdAt), \(ownership.createdAt))
            ON CONFLICT (tenant, blob) DO UPDATE
                SET last_used_at = greatest(glint_server_blob_owners.last_used_at, excluded.last_used_at)
            """, logger: logger)
    }

    public func claimBlobs(_ blobs: [BlobID: Int64], tenant: String, at date: Date) async throws {
        if blobs.isEmpty { return }
        let entries = Array(blobs)
        try await client.query(
            """
            INSERT INTO glint_server_blob_owners (tenant, blob, size, created_at, last_used_at)
            SELECT \(tenant), claimed.blob, claimed.size, \(date), \(date)
            FROM unnest(\(entries.map(\.key.hex))::text[], \(entries.map(\.value))::bigint[]) AS claimed(blob, size)
            ON CONFLICT (tenant, blob) DO NOTHING
            """, logger: logger)
    }

    public func blob(_ blob: BlobID, tenant: String) async throws -> BlobOwnership? {
        let rows = try await client.query(
            "SELECT size, created_at, last_used_at FROM glint_server_blob_owners WHERE tenant = \(tenant) AND blob = \(blob.hex)", logger: logger)
        for try await (size, created, used) in rows.decode((Int64, Date, Date).self) {
            return BlobOwnership(tenant: tenant, blob: blob, size: size, createdAt: created, lastUsedAt: used)
        }
        return nil
    }

    public func storedBytes(tenant: String) async throws -> Int64 {
        let rows = try await client.query("SELECT coalesce(sum(size), 0)::bigint FROM glint_server_blob_owners WHERE tenant = \(tenant)", logger: logger)
        for try await total in rows.decode(Int64.self) { return total }
        return 0
    }

    // MARK: Callbacks

    typealias CallbackRow = (String, String, String, Date, Int32, Date?, Date?, String?)
    static let callbackColumns = "job, tenant, url, created_at, attempts, delivered_at, next_attempt_at, key_id"

    public func recordCallback(_ callback: JobCallback) async throws {
        try await client.query(
            """
            INSERT INTO glint_server_job_callbacks (job, tenant, url, created_at, attempts, delivered_at, next_attempt_at, key_id)
            VALUES (\(callback.job.description), \(callback.tenant), \(callback.url), \(callback.createdAt), \(Int32(callback.attempts)),
                    \(callback.deliveredAt), \(callback.nextAttemptAt), \(callback.key))
            ON CONFLICT (job) DO UPDATE SET tenant = excluded.tenant, url = excluded.url, created_at = excluded.created_at,
                attempts = excluded.attempts, delivered_at = excluded.delivered_at, next_attempt_at = excluded.next_attempt_at,
                key_id = excluded.key_id
            """, logger: logger)
    }

    public func callback(job: JobID) async throws -> JobCallback? {
        try await callbacks(
            client.query(
                PostgresQuery(
                    unsafeSQL: "SELECT \(Self.callbackColumns) FROM glint_server_job_callbacks WHERE job = $1",
                    binds: Self.binds(job.description)), logger: logger)
        ).first
    }

    public func dueCallbacks(at date: Date, limit: Int) async throws -> [JobCallback] {
        var binds = PostgresBindings()
        binds.append(date)
        binds.append(Int64(limit))
        return try await callbacks(
            client.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT \(Self.callbackColumns) FROM glint_server_job_callbacks
                        WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= $1
                        ORDER BY row_number() OVER (PARTITION BY tenant ORDER BY next_attempt_at, job), next_attempt_at, job LIMIT $2
                        """, binds: binds), logger: logger))
    }

    private func callbacks(_ rows: PostgresRowSequence) async throws -> [JobCallback] {
        var callbacks: [JobCallback] = []
        for try await (job, tenant, url, created, attempts, delivered, next, key) in rows.decode(CallbackRow.self) {
            guard let id = JobID(job) else { continue }
            callbacks.append(
                JobCallback(
                    job: id, tenant: tenant, url: url, createdAt: created, attempts: Int(attempts),
                    deliveredAt: delivered, nextAttemptAt: next, key: key))
        }
        return callbacks
    }

    public func claimCallback(job: JobID, at date: Date, until: Date) async throws -> Bool {
        let rows = try await client.query(
            """
            UPDATE glint_server_job_callbacks SET next_attempt_at = \(until)
            WHERE job = \(job.description) AND next_attempt_at IS NOT NULL AND next_attempt_at <= \(date)
            RETURNING job
            """, logger: logger)
        var taken = false
        for try await _ in rows { taken = true }
        return taken
    }

    public func scheduleCallback(job: JobID, nextAttemptAt: Date?) async throws {
        try await client.query("UPDATE glint_server_job_callbacks SET next_attempt_at = \(nextAttemptAt) WHERE job = \(job.description)", logger: logger)
    }

    public func recordDelivery(_ delivery: WebhookDelivery, nextAttemptAt: Date?) async throws {
        let statusCode = delivery.statusCode.map(Int32.init)
        let deliveredAt: Date? = delivery.delivered ? delivery.at : nil
        let next: Date? = delivery.delivered ? nil : nextAttemptAt
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO glint_server_webhook_deliveries (job, attempt, at, status_code, error, delivered)
                VALUES (\(delivery.job.description), \(Int32(delivery.attempt)), \(delivery.at), \(statusCode), \(delivery.error), \(delivery.delivered))
                ON CONFLICT (job, attempt) DO NOTHING
                """, logger: logger)
            try await connection.query(
                """
                UPDATE glint_server_job_callbacks SET attempts = \(Int32(delivery.attempt)), delivered_at = \(deliveredAt),
                    next_attempt_at = \(next) WHERE job = \(delivery.job.description)
                """, logger: logger)
        }
    }

    public func deliveries(job: JobID) async throws -> [WebhookDelivery] {
        let rows = try await client.query(
            """
            SELECT attempt, at, status_code, error, delivered FROM glint_server_webhook_deliveries WHERE job = \(job.description) ORDER BY attempt
            """, logger: logger)
        var deliveries: [WebhookDelivery] = []
        for try await (attempt, at, status, error, delivered) in rows.decode((Int32, Date, Int32?, String?, Bool).self) {
            deliveries.append(WebhookDelivery(job: job, attempt: Int(attempt), at: at, statusCode: status.map(Int.init), error: error, delivered: delivered))
        }
        return deliveries
    }

    // MARK: Shares

    typealias ShareRow = (String, String, String, Date, Date, Date?, Bool)

    public func insertShare(_ share: ShareRecord) async throws {
        try await client.query(
            """
            INSERT INTO glint_server_shares (id, tenant, job, created_at, expires_at, revoked_at, keep_location)
            VALUES (\(share.id), \(share.tenant), \(share.job.description), \(share.createdAt), \(share.expiresAt), \(share.revokedAt), \(share.keepLocation))
            """, logger: logger)
    }

    public func share(id: String) async throws -> ShareRecord? {
        try await shares(
            client.query(
                "SELECT id, tenant, job, created_at, expires_at, revoked_at, keep_location FROM glint_server_shares WHERE id = \(id)",
                logger: logger)
        ).first
    }

    public func revokeShare(id: String, tenant: String, at date: Date) async throws -> ShareRecord? {
        try await shares(
            client.query(
                """
                UPDATE glint_server_shares SET revoked_at = coalesce(revoked_at, \(date)) WHERE id = \(id) AND tenant = \(tenant)
                RETURNING id, tenant, job, created_at, expires_at, revoked_at, keep_location
                """, logger: logger)
        ).first
    }

    func shares(_ rows: PostgresRowSequence) async throws -> [ShareRecord] {
        var shares: [ShareRecord] = []
        for try await (id, tenant, job, created, expires, revoked, keepLocation) in rows.decode(ShareRow.self) {
            guard let jobID = JobID(job) else { continue }
            shares.append(
                ShareRecord(id: id, tenant: tenant, job: jobID, createdAt: created, expiresAt: expires, revokedAt: revoked, keepLocation: keepLocation))
        }
        return shares
    }

    static func binds(_ values: String...) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }
}
