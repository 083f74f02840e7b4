import Foundation
import PostgresNIO

/// What clients and the rescuer do to jobs: cancel, retry, rescue expired leases, prune.
extension PostgresJobStore {
    public func cancel(_ id: JobID, tenant: String?) async throws -> Job? {
        defer { jobsChanged() }
        let now = self.now
        let query: PostgresQuery = """
            UPDATE glint_jobs SET
                state = CASE WHEN state = 'running' THEN state ELSE 'cancelled' END,
                cancelled_at = CASE WHEN state = 'running' THEN cancelled_at ELSE \(now) END,
                cancel_requested = (state = 'running')
            WHERE id = \(id.uuid) AND (\(tenant)::text IS NULL OR tenant = \(tenant))
              AND state IN ('scheduled', 'available', 'retryable', 'running')
            RETURNING \(unescaped: PostgresJobColumns.list)
            """
        let changed = try await perform("cancel job \(id)") {
            try await PostgresJobColumns.decodeAll(client.query(query, logger: logger)).first
        }
        guard let changed else { return try await job(id, tenant: tenant) }
        if changed.state == .running {
            let channel = configuration.cancelChannel
            // Workers that listen learn at once; every worker learns at its next heartbeat or progress report.
            _ = try? await client.query("SELECT pg_notify(\(channel), \(id.description))", logger: logger)
        }
        return changed
    }

    public func retry(_ id: JobID, tenant: String?) async throws -> Job? {
        defer { jobsChanged() }
        let query: PostgresQuery = """
            UPDATE glint_jobs SET
                state = 'available', scheduled_at = \(now),
                max_attempts = CASE WHEN attempt >= max_attempts THEN attempt + 1 ELSE max_attempts END,
                completed_at = NULL, cancelled_at = NULL, discarded_at = NULL,
                cancel_requested = false, worker_id = NULL, lease_expires_at = NULL
            WHERE id = \(id.uuid) AND (\(tenant)::text IS NULL OR tenant = \(tenant))
              AND state IN ('completed', 'cancelled', 'discarded', 'retryable')
            RETURNING \(unescaped: PostgresJobColumns.list)
            """
        let retried: Job?
        do {
            retried = try await perform("retry job \(id)") {
                try await PostgresJobColumns.decodeAll(client.query(query, logger: logger)).first
            }
        } catch let error as JobQueueError where error.problem.contains("23505") {
            throw JobQueueError(.invalidState, "job \(id): another live job of its tenant holds its idempotency key; it cannot be retried")
        }
        guard let retried else {
            guard let current = try await job(id, tenant: tenant) else { return nil }
            throw JobQueueError(.invalidState, "job \(id) is \(current.state): only a finished or retryable job can be retried")
        }
        jobsBecameClaimable(in: [retried.queue], count: 1)
        return retried
    }

    public func rescueExpiredLeases() async throws -> Int {
        defer { jobsChanged() }
        let now = self.now
        let error = try PostgresJSON.encode(
            PostgresJSON.AttemptErrorFields(
                at: now, code: "lease-expired", message: "the worker's lease expired (the worker stopped or lost the database)"))
        let query: PostgresQuery = """
            UPDATE glint_jobs SET
                state = CASE WHEN cancel_requested THEN 'cancelled' WHEN attempt >= max_attempts THEN 'discarded' ELSE 'available' END,
                cancelled_at = CASE WHEN cancel_requested THEN \(now) END,
                discarded_at = CASE WHEN NOT cancel_requested AND attempt >= max_attempts THEN \(now) END,
                errors = errors || jsonb_build_array(jsonb_build_object('attempt', attempt) || \(error)::jsonb),
                lease_expires_at = NULL, worker_id = NULL
            WHERE state = 'running' AND lease_expires_at < \(now)
            RETURNING queue, state
            """
        let rescued = try await perform("rescue jobs whose lease expired") {
            try await client.query(query, logger: logger).decode((String, String).self).collected()
        }
        let available = rescued.filter { $0.1 == JobState.available.rawValue }.map(\.0)
        jobsBecameClaimable(in: Set(available), count: available.count)
        return rescued.count
    }

    public func prune(finishedBefore date: Date) async throws -> Int {
        let query: PostgresQuery = """
            DELETE FROM glint_jobs
            WHERE state IN ('completed', 'cancelled', 'discarded')
              AND CASE state WHEN 'completed' THEN completed_at WHEN 'cancelled' THEN cancelled_at ELSE discarded_at END
                  < \(date.postgresPrecision)
            RETURNING id
            """
        return try await perform("prune finished jobs") {
            try await client.query(query, logger: logger).collect().count
        }
    }
}
