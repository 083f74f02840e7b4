import Foundation
import PostgresNIO

/// The claim: one prepared statement that picks up to `limit` waiting jobs fairly across tenants,
/// locks them with `SKIP LOCKED` and marks them running.
///
/// 1. `waiting`: the tenants with waiting jobs in each requested queue, found by skipping through the
///    partial index `glint_jobs_claimable` (a loose index scan: one probe per tenant, not per job).
/// 2. `candidates`: each tenant's first `limit` due jobs in claim order (priority, then scheduled
///    time, then id), read without locks.
/// 3. `tenant_order`, `quotas`: the jobs are dealt round-robin (every tenant's first job, then every
///    tenant's second, …; within a round, the tenant served longest ago first (by `claim_turn`), then
///    the one whose oldest due job is oldest) and the first `limit` kept: how many each (queue, tenant)
///    gets.
/// 4. `locked`: per (queue, tenant), its quota of jobs in claim order, `FOR UPDATE SKIP LOCKED`, so
///    concurrent claimers pass over each other's rows instead of waiting or colliding.
///    When exactly one (queue, tenant) has waiting jobs (the common case: one pipeline feeding the
///    queue), there is nobody to be fair to: `locked` takes the first `limit` of its jobs directly and
///    steps 2-3 never run (the branch not taken is cut off by a one-time filter on `waiting_count`).
///    With a generic plan (`plan_cache_mode`, see `PostgresJobStore.Configuration`), this path costs
///    about what a plain `LIMIT n FOR UPDATE SKIP LOCKED` does. Waiting jobs with a running limit
///    (`max_running`, found through `glint_jobs_capped`) take the fair path too.
/// 3a. Running limits: for each tenant with a limited candidate, `glint_running_jobs` counts its running
///    jobs under an advisory lock, with a snapshot taken after the lock (the function is volatile), so
///    two claims never both start a tenant's last allowed job; a job is dealt only while the tenant's
///    running jobs plus its turn stay within its `max_running`. Claims without limited jobs take no lock.
/// 5. The update marks them running in a new claim turn and returns them, in the round-robin order.
struct PostgresClaimStatement: PostgresPreparedStatement {
    static let name = "glint_claim_v3"

    static let sql = """
        WITH RECURSIVE waiting(queue, tenant) AS (
            SELECT q.queue, (SELECT j.tenant FROM glint_jobs j
                             WHERE j.queue = q.queue AND j.state IN ('scheduled', 'available', 'retryable')
                             ORDER BY j.tenant LIMIT 1)
            FROM unnest($1::text[]) AS q(queue)
          UNION ALL
            SELECT w.queue, (SELECT j.tenant FROM glint_jobs j
                             WHERE j.queue = w.queue AND j.state IN ('scheduled', 'available', 'retryable') AND j.tenant > w.tenant
                             ORDER BY j.tenant LIMIT 1)
            FROM waiting w WHERE w.tenant IS NOT NULL
        ),
        candidates AS (
            SELECT w.queue, c.tenant, c.id, c.priority, c.scheduled_at, c.max_running
            FROM waiting w CROSS JOIN LATERAL (
                SELECT j.tenant, j.id, j.priority, j.scheduled_at, j.max_running FROM glint_jobs j
                WHERE j.queue = w.queue AND j.tenant = w.tenant AND j.state IN ('scheduled', 'available', 'retryable')
                  AND j.scheduled_at <= $2
                ORDER BY j.priority DESC, j.scheduled_at, j.id
                LIMIT $3
            ) c
            WHERE w.tenant IS NOT NULL
        ),
        capped AS (
            SELECT EXISTS (SELECT 1 FROM glint_jobs j WHERE j.queue = ANY($1::text[]) AND j.max_running IS NOT NULL
                                                         AND j.state IN ('scheduled', 'available', 'retryable')) AS limited
        ),
        tenant_order AS (
            SELECT t.tenant, t.oldest,
                   coalesce((SELECT max(j.claim_turn) FROM glint_jobs j WHERE j.tenant = t.tenant AND j.claim_turn IS NOT NULL), -1) AS last_turn,
                   CASE WHEN t.capped THEN glint_running_jobs(t.tenant) ELSE 0 END AS running
            FROM (SELECT tenant, min(scheduled_at) AS oldest, bool_or(max_running IS NOT NULL) AS capped FROM candidates GROUP BY tenant) t
        ),
        turns AS (
            SELECT c.queue, c.tenant, o.last_turn, o.oldest, c.max_running, o.running,
                   row_number() OVER (PARTITION BY c.tenant ORDER BY c.priority DESC, c.scheduled_at, c.id) AS turn
            FROM candidates c JOIN tenant_order o USING (tenant)
        ),
        quotas AS (
            SELECT queue, tenant, last_turn, oldest, count(*) AS quota
            FROM (SELECT queue, tenant, last_turn, oldest FROM turns WHERE max_running IS NULL OR running + turn <= max_running
                  ORDER BY turn, last_turn, oldest, tenant LIMIT $3) AS dealt
            GROUP BY queue, tenant, last_turn, oldest
        ),
        waiting_count AS (
            SELECT count(*) AS tenants FROM waiting WHERE tenant IS NOT NULL
        ),
        locked AS (
            SELECT l.id, -1::bigint AS last_turn, NULL::timestamptz AS oldest FROM waiting w CROSS JOIN LATERAL (
                SELECT j.id FROM glint_jobs j
                WHERE j.queue = w.queue AND j.tenant = w.tenant AND j.state IN ('scheduled', 'available', 'retryable')
                  AND j.scheduled_at <= $2
                ORDER BY j.priority DESC, j.scheduled_at, j.id
                LIMIT $3
                FOR UPDATE SKIP LOCKED
            ) l
            WHERE w.tenant IS NOT NULL AND (SELECT tenants FROM waiting_count) = 1 AND NOT (SELECT limited FROM capped)
          UNION ALL
            SELECT l.id, q.last_turn, q.oldest FROM quotas q CROSS JOIN LATERAL (
                SELECT j.id FROM glint_jobs j
                WHERE j.queue = q.queue AND j.tenant = q.tenant AND j.state IN ('scheduled', 'available', 'retryable')
                  AND j.scheduled_at <= $2
                ORDER BY j.priority DESC, j.scheduled_at, j.id
                LIMIT q.quota
                FOR UPDATE SKIP LOCKED
            ) l
            WHERE (SELECT tenants FROM waiting_count) > 1 OR (SELECT limited FROM capped)
        ),
        claimed AS (
            UPDATE glint_jobs SET state = 'running', attempt = attempt + 1, attempted_at = $2, worker_id = $4,
                lease_expires_at = $5, cancel_requested = false, claim_turn = (SELECT nextval('glint_claim_turns'))
            WHERE id = ANY(ARRAY(SELECT id FROM locked))
            RETURNING *
        )
        SELECT \(PostgresJobColumns.list) FROM claimed JOIN locked USING (id)
        ORDER BY row_number() OVER (PARTITION BY tenant ORDER BY priority DESC, scheduled_at, id), last_turn, oldest, tenant
        """

    var queues: [String]
    var now: Date
    var limit: Int
    var worker: String
    var leaseExpiresAt: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(queues)
        bindings.append(now)
        bindings.append(Int64(limit))
        bindings.append(worker)
        bindings.append(leaseExpiresAt)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Job {
        try PostgresJobColumns.decode(row)
    }
}

/// Completes a batch of running jobs in one prepared statement: each job still held by its worker
/// becomes `completed` with its outputs; the ids of those completed come back.
struct PostgresCompleteStatement: PostgresPreparedStatement {
    static let name = "glint_complete_v2"

    // A completed job's progress reads fraction 1, its last message kept.
    static let sql = """
        UPDATE glint_jobs j SET state = 'completed', outputs = c.job_outputs::jsonb, completed_at = $4,
            lease_expires_at = NULL, worker_id = NULL,
            progress = jsonb_set(COALESCE(j.progress, '{}'::jsonb), '{fraction}', '1'::jsonb)
        FROM unnest($1::uuid[], $2::text[], $3::text[]) AS c(job_id, job_worker, job_outputs)
        WHERE j.id = c.job_id AND j.state = 'running' AND j.worker_id = c.job_worker
        RETURNING j.id
        """

    var ids: [UUID]
    var workers: [String]
    var outputs: [String]
    var now: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(ids)
        bindings.append(workers)
        bindings.append(outputs)
        bindings.append(now)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> UUID {
        try row.decode(UUID.self)
    }
}
