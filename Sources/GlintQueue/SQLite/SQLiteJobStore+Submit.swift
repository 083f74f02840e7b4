import Foundation
import GRDB

extension SQLiteJobStore {
    public func submit(_ submissions: [JobSubmission]) async throws -> [SubmitOutcome] {
        for submission in submissions { try submission.validate() }
        if submissions.isEmpty { return [] }
        let now = clock.now()
        let outcomes = try await write("submit") { db in
            let outcomes = try submissions.map { try Self.insert($0, now: now, db) }
            if outcomes.contains(where: { $0.wasCreated && $0.job.state == .available }) { try Self.bumpSignal(db) }
            return outcomes
        }
        if outcomes.contains(where: \.wasCreated) { wakeUps.signal() }
        return outcomes
    }

    private static let insertSQL = """
        INSERT INTO jobs (id, kind, queue, tenant, priority, parameters, inputs, outputs, state, attempt,
            max_attempts, errors, idempotency_key, batch, scheduled_at, created_at, max_running)
        VALUES (?, ?, ?, ?, ?, ?, ?, '{}', ?, 0, ?, '[]', ?, ?, ?, ?, ?)
        """

    private static let existingSQL = """
        SELECT \(SQLiteJobColumns.selection) FROM jobs
        WHERE tenant = ? AND idempotency_key = ? AND state NOT IN ('cancelled', 'discarded')
        """

    private static func insert(_ submission: JobSubmission, now: Date, _ db: Database) throws -> SubmitOutcome {
        if let key = submission.idempotencyKey,
            let row = try Row.fetchOne(db.cachedStatement(sql: existingSQL), arguments: [submission.tenant, key])
        {
            return .existing(try SQLiteJobColumns.job(from: row))
        }
        let createdAt = SQLiteTimestamp.normalized(now)
        let scheduledAt = SQLiteTimestamp.normalized(submission.scheduledAt ?? now)
        let state: JobState = scheduledAt > createdAt ? .scheduled : .available
        let job = Job(
            id: JobID.timeOrdered(at: createdAt), kind: submission.kind, queue: submission.queue, tenant: submission.tenant,
            priority: submission.priority, parameters: submission.parameters, inputs: submission.inputs,
            state: state, maxAttempts: submission.maxAttempts, idempotencyKey: submission.idempotencyKey,
            batch: submission.batch, scheduledAt: scheduledAt, createdAt: createdAt, maxRunning: submission.maxRunning
        )
        let arguments: StatementArguments = [
            job.id.description, job.kind.rawValue, job.queue, job.tenant, job.priority,
            String(decoding: job.parameters, as: UTF8.self), SQLiteJobColumns.encodeBlobs(job.inputs),
            state.rawValue, job.maxAttempts, job.idempotencyKey, job.batch,
            SQLiteTimestamp.microseconds(scheduledAt), SQLiteTimestamp.microseconds(createdAt), job.maxRunning,
        ]
        try db.cachedStatement(sql: insertSQL).execute(arguments: arguments)
        return .created(job)
    }
}
