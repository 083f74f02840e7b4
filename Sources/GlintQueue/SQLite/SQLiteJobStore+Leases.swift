import Foundation
import GRDB

/// What workers do with the jobs they hold: heartbeats, progress, completion, failure, giving back.
/// Every statement is guarded by `state = 'running' AND worker_id = ?`, so a worker that lost its
/// lease changes nothing.
extension SQLiteJobStore {
    public func heartbeat(_ ids: [JobID], worker: String, lease: Duration) async throws -> [JobID: LeaseStatus] {
        if ids.isEmpty { return [:] }
        let leaseEnd = now() + Self.microseconds(lease)
        return try await write("heartbeat") { db in
            var statuses: [JobID: LeaseStatus] = [:]
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE jobs SET lease_expires_at = ? WHERE id = ? AND state = 'running' AND worker_id = ?
                    RETURNING cancel_requested
                    """)
            for id in ids {
                let cancelRequested = try Bool.fetchOne(statement, arguments: [leaseEnd, id.description, worker])
                statuses[id] = Self.leaseStatus(cancelRequested)
            }
            return statuses
        }
    }

    public func reportProgress(_ id: JobID, worker: String, progress: JobProgress) async throws -> LeaseStatus {
        let text = try SQLiteJobColumns.encodeProgress(progress)
        return try await write("progress of job \(id)") { db in
            let cancelRequested = try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        UPDATE jobs SET progress = ? WHERE id = ? AND state = 'running' AND worker_id = ?
                        RETURNING cancel_requested
                        """), arguments: [text, id.description, worker])
            return Self.leaseStatus(cancelRequested)
        }
    }

    public func complete(_ completions: [JobCompletion]) async throws -> [JobID: Bool] {
        if completions.isEmpty { return [:] }
        let now = now()
        return try await write("complete") { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE jobs SET state = 'completed', outputs = ?, completed_at = ?, worker_id = NULL,
                        lease_expires_at = NULL, progress = json_set(COALESCE(progress, '{}'), '$.fraction', 1.0)
                    WHERE id = ? AND state = 'running' AND worker_id = ?
                    """)
            var results: [JobID: Bool] = [:]
            for completion in completions {
                try statement.execute(arguments: [
                    SQLiteJobColumns.encodeBlobs(completion.outputs), now, completion.id.description, completion.worker,
                ])
                results[completion.id] = db.changesCount == 1
            }
            return results
        }
    }

    public func fail(_ failure: JobFailure) async throws -> Job? {
        let now = clock.now()
        return try await write("fail job \(failure.id)") { db in
            guard var job = try Self.fetchJob(db, id: failure.id), job.state == .running, job.workerID == failure.worker else {
                return nil
            }
            job.errors.append(JobAttemptError(attempt: job.attempt, at: SQLiteTimestamp.normalized(now), code: failure.code, message: failure.message))
            if job.cancelRequested {
                job.state = .cancelled
                job.cancelledAt = SQLiteTimestamp.normalized(now)
            } else if failure.permanent || job.attempt >= job.maxAttempts {
                job.state = .discarded
                job.discardedAt = SQLiteTimestamp.normalized(now)
            } else {
                job.state = .retryable
                job.scheduledAt = SQLiteTimestamp.normalized(failure.retryAt)
            }
            job.workerID = nil
            job.leaseExpiresAt = nil
            try Self.saveFinish(job, db)
            return job
        }
    }

    public func acknowledgeCancellation(_ id: JobID, worker: String) async throws -> Bool {
        let now = now()
        return try await write("cancel job \(id)") { db in
            try db.cachedStatement(
                sql: """
                    UPDATE jobs SET state = 'cancelled', cancelled_at = ?, worker_id = NULL, lease_expires_at = NULL
                    WHERE id = ? AND state = 'running' AND worker_id = ?
                    """
            ).execute(arguments: [now, id.description, worker])
            return db.changesCount == 1
        }
    }

    public func release(_ ids: [JobID], worker: String) async throws {
        if ids.isEmpty { return }
        let released = try await write("release") { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE jobs SET state = 'available', attempt = max(attempt - 1, 0), worker_id = NULL,
                        lease_expires_at = NULL
                    WHERE id = ? AND state = 'running' AND worker_id = ?
                    """)
            var released = 0
            for id in ids {
                try statement.execute(arguments: [id.description, worker])
                released += db.changesCount
            }
            if released > 0 { try Self.bumpSignal(db) }
            return released
        }
        if released > 0 { wakeUps.signal() }
    }

    public func rescueExpiredLeases() async throws -> Int {
        let now = clock.now()
        let rescued = try await write("rescue expired leases") { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(SQLiteJobColumns.selection) FROM jobs
                        WHERE state = 'running' AND lease_expires_at < ?
                        """), arguments: [SQLiteTimestamp.microseconds(now)])
            var requeued = 0
            for row in rows {
                var job = try SQLiteJobColumns.job(from: row)
                let at = SQLiteTimestamp.normalized(now)
                job.errors.append(
                    JobAttemptError(
                        attempt: job.attempt, at: at, code: "lease-expired",
                        message: "worker \(job.workerID ?? "?") stopped heartbeating; its lease ran out"
                    ))
                if job.cancelRequested {
                    job.state = .cancelled
                    job.cancelledAt = at
                } else if job.attempt >= job.maxAttempts {
                    job.state = .discarded
                    job.discardedAt = at
                } else {
                    job.state = .available
                    requeued += 1
                }
                job.workerID = nil
                job.leaseExpiresAt = nil
                try Self.saveFinish(job, db)
            }
            if requeued > 0 { try Self.bumpSignal(db) }
            return (rows.count, requeued)
        }
        if rescued.1 > 0 {
            wakeUps.signal()
            logger.info("rescued jobs whose lease expired", metadata: ["jobs": "\(rescued.0)", "requeued": "\(rescued.1)"])
        }
        return rescued.0
    }

    /// Writes back what a failure, a rescue or a cancellation changes.
    static func saveFinish(_ job: Job, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE jobs SET state = ?, errors = ?, worker_id = ?, lease_expires_at = ?, scheduled_at = ?,
                    cancelled_at = ?, discarded_at = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            job.state.rawValue, try SQLiteJobColumns.encodeErrors(job.errors), job.workerID,
            job.leaseExpiresAt.map(SQLiteTimestamp.microseconds), SQLiteTimestamp.microseconds(job.scheduledAt),
            job.cancelledAt.map(SQLiteTimestamp.microseconds), job.discardedAt.map(SQLiteTimestamp.microseconds),
            job.id.description,
        ])
    }

    private static func leaseStatus(_ cancelRequested: Bool?) -> LeaseStatus {
        switch cancelRequested {
        case nil: .lost
        case true?: .cancelRequested
        case false?: .held
        }
    }
}
