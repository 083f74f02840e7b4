import Foundation
import PostgresNIO

/// What workers do with the jobs they hold: claim, heartbeat, progress, complete, fail, release.
extension PostgresJobStore {
    public func claim(_ request: ClaimRequest) async throws -> [Job] {
        guard request.limit > 0, !request.queues.isEmpty else { return [] }
        wakeUps.claimStarting(in: request.queues)
        let now = self.now
        let statement = PostgresClaimStatement(
            queues: request.queues, now: now, limit: request.limit, worker: request.worker,
            leaseExpiresAt: (now + request.lease.timeInterval).postgresPrecision
        )
        return try await perform("claim jobs for worker \(request.worker)") {
            var jobs: [Job] = []
            for try await job in try await client.execute(statement, logger: logger) { jobs.append(job) }
            // An empty claim (an idle worker's, on every wake-up) changed no job: no NOTIFY for it.
            if !jobs.isEmpty { jobsChanged() }
            return jobs
        }
    }

    public func heartbeat(_ ids: [JobID], worker: String, lease: Duration) async throws -> [JobID: LeaseStatus] {
        guard !ids.isEmpty else { return [:] }
        let leaseExpiresAt = (now + lease.timeInterval).postgresPrecision
        let query: PostgresQuery = """
            UPDATE glint_jobs SET lease_expires_at = \(leaseExpiresAt)
            WHERE id = ANY(\(ids.map(\.uuid))::uuid[]) AND state = 'running' AND worker_id = \(worker)
            RETURNING id, cancel_requested
            """
        return try await perform("extend leases for worker \(worker)") {
            var statuses = Dictionary(uniqueKeysWithValues: ids.map { ($0, LeaseStatus.lost) })
            for try await (id, cancelRequested) in try await client.query(query, logger: logger).decode((UUID, Bool).self) {
                statuses[JobID(id)] = cancelRequested ? .cancelRequested : .held
            }
            return statuses
        }
    }

    public func reportProgress(_ id: JobID, worker: String, progress: JobProgress) async throws -> LeaseStatus {
        defer { jobsChanged() }
        let query: PostgresQuery = """
            UPDATE glint_jobs SET progress = \(try PostgresJSON.encode(progress))::jsonb
            WHERE id = \(id.uuid) AND state = 'running' AND worker_id = \(worker)
            RETURNING cancel_requested
            """
        return try await perform("record progress of job \(id)") {
            for try await cancelRequested in try await client.query(query, logger: logger).decode(Bool.self) {
                return cancelRequested ? .cancelRequested : .held
            }
            return .lost
        }
    }

    public func complete(_ completions: [JobCompletion]) async throws -> [JobID: Bool] {
        defer { jobsChanged() }
        guard !completions.isEmpty else { return [:] }
        let statement = PostgresCompleteStatement(
            ids: completions.map(\.id.uuid), workers: completions.map(\.worker),
            outputs: try completions.map { try PostgresJSON.encode($0.outputs) }, now: now
        )
        return try await perform("complete \(completions.count) job(s)") {
            var results = Dictionary(completions.map { ($0.id, false) }, uniquingKeysWith: { first, _ in first })
            for try await id in try await client.execute(statement, logger: logger) { results[JobID(id)] = true }
            return results
        }
    }

    public func fail(_ failure: JobFailure) async throws -> Job? {
        defer { jobsChanged() }
        let now = self.now
        let error = try PostgresJSON.encode(PostgresJSON.AttemptErrorFields(at: now, code: failure.code, message: failure.message))
        let retryAt = failure.retryAt.postgresPrecision
        let query: PostgresQuery = """
            UPDATE glint_jobs SET
                errors = errors || jsonb_build_array(jsonb_build_object('attempt', attempt) || \(error)::jsonb),
                state = CASE WHEN cancel_requested THEN 'cancelled'
                             WHEN \(failure.permanent) OR attempt >= max_attempts THEN 'discarded' ELSE 'retryable' END,
                cancelled_at = CASE WHEN cancel_requested THEN \(now) END,
                discarded_at = CASE WHEN NOT cancel_requested AND (\(failure.permanent) OR attempt >= max_attempts) THEN \(now) END,
                scheduled_at = CASE WHEN cancel_requested OR \(failure.permanent) OR attempt >= max_attempts THEN scheduled_at
                                    ELSE \(retryAt) END,
                lease_expires_at = NULL, worker_id = NULL
            WHERE id = \(failure.id.uuid) AND state = 'running' AND worker_id = \(failure.worker)
            RETURNING \(unescaped: PostgresJobColumns.list)
            """
        let job = try await perform("record the failure of job \(failure.id)") {
            try await PostgresJobColumns.decodeAll(client.query(query, logger: logger)).first
        }
        if let job, job.state == .retryable, job.scheduledAt <= now { jobsBecameClaimable(in: [job.queue], count: 1) }
        return job
    }

    public func acknowledgeCancellation(_ id: JobID, worker: String) async throws -> Bool {
        defer { jobsChanged() }
        let query: PostgresQuery = """
            UPDATE glint_jobs SET state = 'cancelled', cancelled_at = \(now), lease_expires_at = NULL, worker_id = NULL
            WHERE id = \(id.uuid) AND state = 'running' AND worker_id = \(worker)
            RETURNING id
            """
        return try await perform("cancel job \(id)") {
            try await client.query(query, logger: logger).collect().count == 1
        }
    }

    public func release(_ ids: [JobID], worker: String) async throws {
        defer { jobsChanged() }
        guard !ids.isEmpty else { return }
        let query: PostgresQuery = """
            UPDATE glint_jobs SET state = 'available', attempt = attempt - 1, lease_expires_at = NULL, worker_id = NULL
            WHERE id = ANY(\(ids.map(\.uuid))::uuid[]) AND state = 'running' AND worker_id = \(worker)
            RETURNING queue
            """
        let queues = try await perform("release \(ids.count) job(s) of worker \(worker)") {
            try await client.query(query, logger: logger).decode(String.self).collected()
        }
        jobsBecameClaimable(in: Set(queues), count: queues.count)
    }
}

extension Duration {
    /// Seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
