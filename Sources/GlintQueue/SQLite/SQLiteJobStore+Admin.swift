import Foundation
import GRDB

/// What clients do to jobs: cancel, retry by hand, prune.
extension SQLiteJobStore {
    public func cancel(_ id: JobID, tenant: String?) async throws -> Job? {
        let now = clock.now()
        return try await write("cancel job \(id)") { db in
            guard var job = try Self.fetchJob(db, id: id, tenant: tenant) else { return nil }
            if job.state.isQueued {
                job.state = .cancelled
                job.cancelledAt = SQLiteTimestamp.normalized(now)
                try Self.saveFinish(job, db)
            } else if job.state == .running, !job.cancelRequested {
                try db.cachedStatement(sql: "UPDATE jobs SET cancel_requested = 1 WHERE id = ?").execute(arguments: [id.description])
                job.cancelRequested = true
            }
            return job
        }
    }

    public func retry(_ id: JobID, tenant: String?) async throws -> Job? {
        let now = clock.now()
        let job: Job? = try await write("retry job \(id)") { db in
            guard var job = try Self.fetchJob(db, id: id, tenant: tenant) else { return nil }
            switch job.state {
            case .scheduled, .available, .running:
                throw JobQueueError(.invalidState, "job \(id) is \(job.state); only finished or retryable jobs can be retried")
            case .retryable, .completed, .cancelled, .discarded:
                break
            }
            if let key = job.idempotencyKey, job.state == .cancelled || job.state == .discarded,
                let other = try String.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT id FROM jobs WHERE tenant = ? AND idempotency_key = ? AND state NOT IN ('cancelled', 'discarded')
                            """), arguments: [job.tenant, key])
            {
                throw JobQueueError(.invalidState, "job \(id) cannot be retried: job \(other) of tenant \(job.tenant) now has its idempotency key '\(key)'")
            }
            job.state = .available
            job.scheduledAt = SQLiteTimestamp.normalized(now)
            job.maxAttempts = max(job.maxAttempts, job.attempt + 1)
            job.cancelRequested = false
            job.completedAt = nil
            job.cancelledAt = nil
            job.discardedAt = nil
            try db.cachedStatement(
                sql: """
                    UPDATE jobs SET state = 'available', scheduled_at = ?, max_attempts = ?, cancel_requested = 0,
                        completed_at = NULL, cancelled_at = NULL, discarded_at = NULL
                    WHERE id = ?
                    """
            ).execute(arguments: [SQLiteTimestamp.microseconds(job.scheduledAt), job.maxAttempts, id.description])
            try Self.bumpSignal(db)
            return job
        }
        if job != nil { wakeUps.signal() }
        return job
    }

    public func prune(finishedBefore date: Date) async throws -> Int {
        let before = SQLiteTimestamp.microseconds(date)
        return try await write("prune") { db in
            try db.execute(
                sql: """
                    DELETE FROM jobs
                    WHERE (state = 'completed' AND completed_at < ?1)
                       OR (state = 'cancelled' AND cancelled_at < ?1)
                       OR (state = 'discarded' AND discarded_at < ?1)
                    """, arguments: [before])
            return db.changesCount
        }
    }
}
