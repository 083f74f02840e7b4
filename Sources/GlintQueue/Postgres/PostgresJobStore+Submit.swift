import Foundation
import PostgresNIO

extension PostgresJobStore {
    public func submit(_ submissions: [JobSubmission]) async throws -> [SubmitOutcome] {
        for submission in submissions { try submission.validate() }
        guard !submissions.isEmpty else { return [] }
        let now = self.now
        let ids = submissions.map { _ in JobID.timeOrdered(at: now).uuid }
        let created = try await perform("submit \(submissions.count) job(s)") {
            try await insert(submissions, ids: ids, now: now)
        }
        var outcomes: [SubmitOutcome?] = ids.map { id in created[id].map(SubmitOutcome.created) }
        var missing = outcomes.indices.filter { outcomes[$0] == nil }
        // Not inserted: a live job holds the tenant's idempotency key. Look it up; if it finished (was
        // cancelled or discarded) in between, insert again.
        for _ in 0..<5 where !missing.isEmpty {
            let existing = try await perform("look up jobs by idempotency key") {
                try await liveJobs(keys: missing.map { (submissions[$0].tenant, submissions[$0].idempotencyKey ?? "") })
            }
            for index in missing {
                let key = KeyOfTenant(tenant: submissions[index].tenant, key: submissions[index].idempotencyKey ?? "")
                if let job = existing[key] { outcomes[index] = .existing(job) }
            }
            missing = missing.filter { outcomes[$0] == nil }
            guard !missing.isEmpty else { break }
            let retried = try await perform("submit \(missing.count) job(s)") {
                try await insert(missing.map { submissions[$0] }, ids: missing.map { ids[$0] }, now: now)
            }
            for index in missing { outcomes[index] = retried[ids[index]].map(SubmitOutcome.created) }
            missing = missing.filter { outcomes[$0] == nil }
        }
        guard missing.isEmpty else {
            throw JobQueueError(
                .storeUnavailable,
                "PostgreSQL job store: idempotency key '\(submissions[missing[0]].idempotencyKey ?? "")' of tenant '\(submissions[missing[0]].tenant)' kept changing hands; submit again"
            )
        }
        let claimable = outcomes.compactMap { outcome -> String? in
            guard case .created(let job)? = outcome, job.state == .available else { return nil }
            return job.queue
        }
        jobsBecameClaimable(in: Set(claimable), count: claimable.count)
        return outcomes.map { $0! }
    }

    private struct KeyOfTenant: Hashable {
        var tenant: String
        var key: String
    }

    /// Inserts in one statement; returns the jobs inserted (a submission whose idempotency key is held
    /// by a live job, or by an earlier submission of the same batch, is skipped).
    private func insert(_ submissions: [JobSubmission], ids: [UUID], now: Date) async throws -> [UUID: Job] {
        let states = submissions.map { submission -> String in
            guard let at = submission.scheduledAt, at.postgresPrecision > now else { return JobState.available.rawValue }
            return JobState.scheduled.rawValue
        }
        let query: PostgresQuery = """
            INSERT INTO glint_jobs (id, kind, queue, tenant, priority, state, max_attempts, scheduled_at, created_at,
                                    idempotency_key, batch, parameters, inputs, max_running)
            SELECT u.id, u.kind, u.queue, u.tenant, u.priority, u.state, u.max_attempts, u.scheduled_at, \(now),
                   CASE WHEN u.has_key THEN u.key END, CASE WHEN u.has_batch THEN u.batch END, u.parameters, u.inputs::jsonb,
                   NULLIF(u.max_running, 0)
            FROM unnest(\(ids)::uuid[], \(submissions.map(\.kind.rawValue))::text[], \(submissions.map(\.queue))::text[],
                        \(submissions.map(\.tenant))::text[], \(submissions.map(\.priority))::int4[], \(states)::text[],
                        \(submissions.map(\.maxAttempts))::int4[], \(submissions.map { ($0.scheduledAt ?? now).postgresPrecision })::timestamptz[],
                        \(submissions.map { $0.idempotencyKey != nil })::bool[], \(submissions.map { $0.idempotencyKey ?? "" })::text[],
                        \(submissions.map { $0.batch != nil })::bool[], \(submissions.map { $0.batch ?? "" })::text[],
                        \(submissions.map { ByteBuffer(bytes: $0.parameters) })::bytea[], \(try submissions.map { try PostgresJSON.encode($0.inputs) })::text[],
                        \(submissions.map { Int32($0.maxRunning ?? 0) })::int4[])
                 AS u(id, kind, queue, tenant, priority, state, max_attempts, scheduled_at, has_key, key, has_batch, batch, parameters, inputs,
                      max_running)
            ON CONFLICT (tenant, idempotency_key) WHERE idempotency_key IS NOT NULL AND state NOT IN ('cancelled', 'discarded')
            DO NOTHING
            RETURNING id
            """
        // Only the ids come back: the rest of each new job is what was bound (times already at
        // PostgreSQL's precision), which spares decoding every row of a large batch.
        var inserted = Set<UUID>()
        for try await id in try await client.query(query, logger: logger).decode(UUID.self) { inserted.insert(id) }
        var jobs: [UUID: Job] = [:]
        for (index, submission) in submissions.enumerated() where inserted.contains(ids[index]) {
            jobs[ids[index]] = Job(
                id: JobID(ids[index]), kind: submission.kind, queue: submission.queue, tenant: submission.tenant,
                priority: submission.priority, parameters: submission.parameters, inputs: submission.inputs,
                state: JobState(rawValue: states[index])!, maxAttempts: submission.maxAttempts,
                idempotencyKey: submission.idempotencyKey, batch: submission.batch,
                scheduledAt: (submission.scheduledAt ?? now).postgresPrecision, createdAt: now, maxRunning: submission.maxRunning
            )
        }
        return jobs
    }

    /// The live (not cancelled or discarded) jobs holding these tenants' idempotency keys.
    private func liveJobs(keys: [(tenant: String, key: String)]) async throws -> [KeyOfTenant: Job] {
        let query: PostgresQuery = """
            SELECT \(unescaped: PostgresJobColumns.list) FROM glint_jobs
            WHERE (tenant, idempotency_key) IN (SELECT * FROM unnest(\(keys.map(\.tenant))::text[], \(keys.map(\.key))::text[]))
              AND idempotency_key IS NOT NULL AND state NOT IN ('cancelled', 'discarded')
            """
        let jobs = try await PostgresJobColumns.decodeAll(client.query(query, logger: logger))
        return Dictionary(jobs.map { (KeyOfTenant(tenant: $0.tenant, key: $0.idempotencyKey ?? ""), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
