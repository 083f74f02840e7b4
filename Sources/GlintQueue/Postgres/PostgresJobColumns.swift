import Foundation
import PostgresNIO

/// How a `glint_jobs` row is read back into a `Job`: the column list every query that returns jobs
/// selects, and the decoding of one row.
///
/// Times are `timestamptz` (microseconds); names, inputs and outputs, errors and progress are JSON
/// (`jsonb`, read as text); parameters are the submitted bytes (`bytea`), returned unchanged.
enum PostgresJobColumns {
    /// The columns, in the order `decode` reads them (unqualified: queries that join keep the other
    /// relations' column names distinct).
    static let list = """
        id, kind, queue, tenant, priority, state, attempt, max_attempts, scheduled_at, created_at, \
        attempted_at, completed_at, cancelled_at, discarded_at, lease_expires_at, worker_id, cancel_requested, \
        idempotency_key, batch, parameters, inputs::text, outputs::text, errors::text, progress::text, max_running
        """

    static func decode(_ row: PostgresRow) throws -> Job {
        let cells = row.makeRandomAccess()
        func text(_ index: Int) throws -> String { try cells[index].decode(String.self) }
        func optionalText(_ index: Int) throws -> String? { try cells[index].decode(String?.self) }
        func date(_ index: Int) throws -> Date { try cells[index].decode(Date.self) }
        func optionalDate(_ index: Int) throws -> Date? { try cells[index].decode(Date?.self) }

        let id = JobID(try cells[0].decode(UUID.self))
        let stateName = try text(5)
        guard let state = JobState(rawValue: stateName) else {
            throw JobQueueError(.storeUnavailable, "job \(id): unknown state '\(stateName)' in glint_jobs")
        }
        var parameters = try cells[19].decode(ByteBuffer.self)
        let progressJSON = try optionalText(23)
        return Job(
            id: id,
            kind: JobKind(rawValue: try text(1)),
            queue: try text(2),
            tenant: try text(3),
            priority: Int(try cells[4].decode(Int32.self)),
            parameters: parameters.readData(length: parameters.readableBytes) ?? Data(),
            inputs: try PostgresJSON.decode([String: BlobID].self, from: text(20), job: id),
            outputs: try PostgresJSON.decode([String: BlobID].self, from: text(21), job: id),
            state: state,
            attempt: Int(try cells[6].decode(Int32.self)),
            maxAttempts: Int(try cells[7].decode(Int32.self)),
            errors: try PostgresJSON.decode([JobAttemptError].self, from: text(22), job: id),
            progress: try progressJSON.map { try PostgresJSON.decode(JobProgress.self, from: $0, job: id) },
            idempotencyKey: try optionalText(17),
            batch: try optionalText(18),
            workerID: try optionalText(15),
            leaseExpiresAt: try optionalDate(14),
            cancelRequested: try cells[16].decode(Bool.self),
            scheduledAt: try date(8),
            createdAt: try date(9),
            attemptedAt: try optionalDate(10),
            completedAt: try optionalDate(11),
            cancelledAt: try optionalDate(12),
            discardedAt: try optionalDate(13),
            maxRunning: try cells[24].decode(Int32?.self).map(Int.init)
        )
    }

    /// Reads every row of a result into jobs.
    static func decodeAll(_ rows: PostgresRowSequence) async throws -> [Job] {
        var jobs: [Job] = []
        for try await row in rows { jobs.append(try decode(row)) }
        return jobs
    }
}
