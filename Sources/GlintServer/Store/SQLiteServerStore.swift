import Foundation
import GRDB
import GlintCore
import GlintQueue

/// The server store in one SQLite file (`server.sqlite` in the data directory; GRDB, WAL mode).
public final class SQLiteServerStore: ServerStore {
    /// The database file.
    public let path: String
    let database: DatabasePool

    /// Opens (creating when missing) and migrates the file.
    /// - Throws: `ServerStoreError` naming the file when it cannot be opened or migrated.
    public init(path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        var configuration = Configuration()
        configuration.label = "glint.server"
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            if !directory.isEmpty { try OwnerOnlyFiles.createDirectory(at: URL(fileURLWithPath: directory)) }
            // Owner-only from the start; SQLite gives its -wal and -shm files the database's mode.
            try OwnerOnlyFiles.prepareDatabaseFile(atPath: path)
            database = try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: configuration)
            try SQLiteServerSchema.migrate(database)
        } catch {
            throw ServerStoreError("server store \(path): cannot open or migrate: \(error)")
        }
    }

    public func migrate() async throws {
        try SQLiteServerSchema.migrate(database)
    }

    public func ping() async throws {
        _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func close() async throws {
        try database.close()
    }

    // MARK: Keys

    public func insertKey(_ key: APIKeyRecord) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO api_keys (id, tenant, name, hash, created_at, revoked_at, max_queued, max_running, max_storage_bytes, rate, burst,
                        blob_retention_days, operator, queues)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.id, key.tenant, key.name, key.hash, SQLiteTimestamp.microseconds(key.createdAt), key.revokedAt.map(SQLiteTimestamp.microseconds),
                    key.limits.maxQueued, key.limits.maxRunning, key.limits.maxStorageBytes, key.limits.rate, key.limits.burst,
                    key.limits.blobRetentionDays, key.isOperator, KeyLimits.storedQueues(key.limits.queues),
                ])
        }
    }

    public func key(id: String) async throws -> APIKeyRecord? {
        try readHere { db in
            try Row.fetchOne(db, sql: "SELECT * FROM api_keys WHERE id = ?", arguments: [id]).map(Self.key)
        }
    }

    /// Runs a point read (one row by its key, every request makes a few) on the calling thread:
    /// it takes microseconds, where GRDB's asynchronous read goes to a reader's queue and back,
    /// two thread wake-ups the request waits for (each up to a scheduler tick on a busy machine).
    private func readHere<T>(_ body: (Database) throws -> T) throws -> T {
        try database.read(body)
    }

    public func keys(tenant: String?) async throws -> [APIKeyRecord] {
        try await database.read { db in
            if let tenant {
                return try Row.fetchAll(db, sql: "SELECT * FROM api_keys WHERE tenant = ? ORDER BY created_at, id", arguments: [tenant]).map(Self.key)
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM api_keys ORDER BY created_at, id").map(Self.key)
        }
    }

    public func revokeKey(id: String, at date: Date) async throws -> APIKeyRecord? {
        try await database.write { db in
            try db.execute(sql: "UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?", arguments: [SQLiteTimestamp.microseconds(date), id])
            return try Row.fetchOne(db, sql: "SELECT * FROM api_keys WHERE id = ?", arguments: [id]).map(Self.key)
        }
    }

    public func updateKeyLimits(id: String, limits: KeyLimits) async throws -> APIKeyRecord? {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE api_keys SET max_queued = ?, max_running = ?, max_storage_bytes = ?, rate = ?, burst = ?, blob_retention_days = ?,
                        queues = ?
                    WHERE id = ?
                    """,
                arguments: [
                    limits.maxQueued, limits.maxRunning, limits.maxStorageBytes, limits.rate, limits.burst, limits.blobRetentionDays,
                    KeyLimits.storedQueues(limits.queues), id,
                ])
            return try Row.fetchOne(db, sql: "SELECT * FROM api_keys WHERE id = ?", arguments: [id]).map(Self.key)
        }
    }

    static func key(_ row: Row) -> APIKeyRecord {
        let limits = KeyLimits(
            maxQueued: row["max_queued"], maxRunning: row["max_running"], maxStorageBytes: row["max_storage_bytes"], rate: row["rate"],
            burst: row["burst"], blobRetentionDays: row["blob_retention_days"], queues: KeyLimits.queues(stored: row["queues"]))
        return APIKeyRecord(
            id: row["id"], tenant: row["tenant"], name: row["name"], hash: row["hash"],
            createdAt: SQLiteTimestamp.date(row["created_at"] as Int64), revokedAt: SQLiteTimestamp.date(row["revoked_at"] as Int64?),
            limits: limits, isOperator: row["operator"] ?? false)
    }

    // MARK: Blobs

    public func recordBlob(_ ownership: BlobOwnership) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO blob_owners (tenant, blob, size, created_at, last_used_at) VALUES (?1, ?2, ?3, ?4, ?4)
                    ON CONFLICT (tenant, blob) DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at)
                    """,
                arguments: [ownership.tenant, ownership.blob.hex, ownership.size, SQLiteTimestamp.microseconds(ownership.createdAt)])
        }
    }

    public func claimBlobs(_ blobs: [BlobID: Int64], tenant: String, at date: Date) async throws {
        // Read here first: claims are mostly there already, and a read does not queue for the writer.
        let claimed = try readHere { db in
            try String.fetchSet(
                db, sql: "SELECT blob FROM blob_owners WHERE tenant = ? AND blob IN (SELECT value FROM json_each(?))",
                arguments: [tenant, String(decoding: try JSONEncoder().encode(blobs.keys.map(\.hex)), as: UTF8.self)])
        }
        let missing = blobs.filter { !claimed.contains($0.key.hex) }
        if missing.isEmpty { return }
        try await database.write { db in
            for (blob, size) in missing {
                try db.execute(
                    sql: """
                        INSERT INTO blob_owners (tenant, blob, size, created_at, last_used_at) VALUES (?1, ?2, ?3, ?4, ?4)
                        ON CONFLICT (tenant, blob) DO NOTHING
                        """,
                    arguments: [tenant, blob.hex, size, SQLiteTimestamp.microseconds(date)])
            }
        }
    }

    public func storedBytes(tenant: String) async throws -> Int64 {
        try readHere { db in try Int64.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM blob_owners WHERE tenant = ?", arguments: [tenant]) ?? 0 }
    }

    public func blob(_ blob: BlobID, tenant: String) async throws -> BlobOwnership? {
        try readHere { db in
            try Row.fetchOne(db, sql: "SELECT * FROM blob_owners WHERE tenant = ? AND blob = ?", arguments: [tenant, blob.hex]).map { row in
                Self.ownership(row)
            }
        }
    }

    // MARK: Callbacks

    public func recordCallback(_ callback: JobCallback) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO job_callbacks (job, tenant, url, created_at, attempts, delivered_at, next_attempt_at, key_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    callback.job.description, callback.tenant, callback.url, SQLiteTimestamp.microseconds(callback.createdAt),
                    callback.attempts, callback.deliveredAt.map(SQLiteTimestamp.microseconds), callback.nextAttemptAt.map(SQLiteTimestamp.microseconds),
                    callback.key,
                ])
        }
    }

    public func callback(job: JobID) async throws -> JobCallback? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM job_callbacks WHERE job = ?", arguments: [job.description]).map(Self.callback)
        }
    }

    public func dueCallbacks(at date: Date, limit: Int) async throws -> [JobCallback] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM job_callbacks WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?
                    ORDER BY row_number() OVER (PARTITION BY tenant ORDER BY next_attempt_at, job), next_attempt_at, job LIMIT ?
                    """, arguments: [SQLiteTimestamp.microseconds(date), limit]
            ).map(Self.callback)
        }
    }

    static func callback(_ row: Row) -> JobCallback {
        JobCallback(
            job: JobID(row["job"] as String)!, tenant: row["tenant"], url: row["url"], createdAt: SQLiteTimestamp.date(row["created_at"] as Int64),
            attempts: row["attempts"], deliveredAt: SQLiteTimestamp.date(row["delivered_at"] as Int64?),
            nextAttemptAt: SQLiteTimestamp.date(row["next_attempt_at"] as Int64?), key: row["key_id"])
    }

    public func claimCallback(job: JobID, at date: Date, until: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE job_callbacks SET next_attempt_at = ? WHERE job = ? AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?",
                arguments: [SQLiteTimestamp.microseconds(until), job.description, SQLiteTimestamp.microseconds(date)])
            return db.changesCount == 1
        }
    }

    public func scheduleCallback(job: JobID, nextAttemptAt: Date?) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE job_callbacks SET next_attempt_at = ? WHERE job = ?",
                arguments: [nextAttemptAt.map(SQLiteTimestamp.microseconds), job.description])
        }
    }

    public func recordDelivery(_ delivery: WebhookDelivery, nextAttemptAt: Date?) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO webhook_deliveries (job, attempt, at, status_code, error, delivered) VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    delivery.job.description, delivery.attempt, SQLiteTimestamp.microseconds(delivery.at), delivery.statusCode,
                    delivery.error, delivery.delivered,
                ])
            try db.execute(
                sql: """
                    UPDATE job_callbacks SET attempts = ?, delivered_at = ?, next_attempt_at = ? WHERE job = ?
                    """,
                arguments: [
                    delivery.attempt, delivery.delivered ? SQLiteTimestamp.microseconds(delivery.at) : nil,
                    delivery.delivered ? nil : nextAttemptAt.map(SQLiteTimestamp.microseconds), delivery.job.description,
                ])
        }
    }

    public func deliveries(job: JobID) async throws -> [WebhookDelivery] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM webhook_deliveries WHERE job = ? ORDER BY attempt", arguments: [job.description]).map { row in
                WebhookDelivery(
                    job: job, attempt: row["attempt"], at: SQLiteTimestamp.date(row["at"] as Int64), statusCode: row["status_code"],
                    error: row["error"], delivered: row["delivered"])
            }
        }
    }

    // MARK: Shares

    public func insertShare(_ share: ShareRecord) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO shares (id, tenant, job, created_at, expires_at, revoked_at, keep_location) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    share.id, share.tenant, share.job.description, SQLiteTimestamp.microseconds(share.createdAt),
                    SQLiteTimestamp.microseconds(share.expiresAt), share.revokedAt.map(SQLiteTimestamp.microseconds), share.keepLocation,
                ])
        }
    }

    public func share(id: String) async throws -> ShareRecord? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM shares WHERE id = ?", arguments: [id]).map(Self.share)
        }
    }

    public func revokeShare(id: String, tenant: String, at date: Date) async throws -> ShareRecord? {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE shares SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND tenant = ?",
                arguments: [SQLiteTimestamp.microseconds(date), id, tenant])
            return try Row.fetchOne(db, sql: "SELECT * FROM shares WHERE id = ? AND tenant = ?", arguments: [id, tenant]).map(Self.share)
        }
    }

    static func share(_ row: Row) -> ShareRecord {
        ShareRecord(
            id: row["id"], tenant: row["tenant"], job: JobID(row["job"] as String)!, createdAt: SQLiteTimestamp.date(row["created_at"] as Int64),
            expiresAt: SQLiteTimestamp.date(row["expires_at"] as Int64), revokedAt: SQLiteTimestamp.date(row["revoked_at"] as Int64?),
            keepLocation: row["keep_location"])
    }
}
