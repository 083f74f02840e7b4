import Foundation

/// The PostgreSQL store's schema, as numbered migrations applied in order and recorded in
/// `glint_schema_migrations`. A migration, once released, never changes: a new version is added.
///
/// The jobs table is vacuumed early (1% dead rows, no cost delay): every claim and completion leaves a
/// dead row version and a dead entry at the front of `glint_jobs_claimable`, which every later claim
/// walks past until vacuum removes it. It is kept narrow: the hot columns the claim reads are fixed-width or short text;
/// inputs, outputs, errors and progress are `jsonb` (TOASTed out of line when large). Indexes:
/// - `glint_jobs_claimable`: a partial index on the waiting rows only, `(queue, tenant, priority DESC,
///   scheduled_at, id)`: the claim walks the waiting tenants of a queue and each tenant's jobs in
///   claim order through it, and it shrinks as jobs run;
/// - `glint_jobs_idempotency`: unique `(tenant, idempotency_key)` over live jobs (not cancelled or
///   discarded), so a repeated submission finds the existing job;
/// - `glint_jobs_leases`: running jobs by lease end, for the rescuer;
/// - `glint_jobs_batch`: a batch's jobs (listings, newest first, walk the primary key backwards: ids
///   are time-ordered UUIDs, `JobID.timeOrdered(at:)`; migration 2 dropped `glint_jobs_created`);
/// - `glint_jobs_tenant_turns`: the claim turn in which each tenant was last served (`claim_turn`, from
///   the sequence `glint_claim_turns`, which takes no lock), so that small claims take turns between
///   tenants.
enum PostgresSchema {
    struct Migration: Sendable {
        var version: Int
        var name: String
        /// Statements separated by a semicolon at the end of a line (a function's body keeps its
        /// semicolons inside one line).
        var sql: String

        var statements: [String] {
            sql.components(separatedBy: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 }
                .filter { !$0.isEmpty }
        }
    }

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "jobs table and indexes",
            sql: """
                CREATE TABLE glint_jobs (
                    id uuid PRIMARY KEY,
                    kind text NOT NULL,
                    queue text NOT NULL,
                    tenant text NOT NULL,
                    priority integer NOT NULL,
                    state text NOT NULL CHECK (state IN ('scheduled', 'available', 'running', 'completed', 'retryable', 'cancelled', 'discarded')),
                    attempt integer NOT NULL DEFAULT 0,
                    max_attempts integer NOT NULL,
                    scheduled_at timestamptz NOT NULL,
                    created_at timestamptz NOT NULL,
                    attempted_at timestamptz,
                    completed_at timestamptz,
                    cancelled_at timestamptz,
                    discarded_at timestamptz,
                    lease_expires_at timestamptz,
                    worker_id text,
                    cancel_requested boolean NOT NULL DEFAULT false,
                    idempotency_key text,
                    batch text,
                    parameters bytea NOT NULL,
                    inputs jsonb NOT NULL DEFAULT '{}',
                    outputs jsonb NOT NULL DEFAULT '{}',
                    errors jsonb NOT NULL DEFAULT '[]',
                    progress jsonb,
                    claim_turn bigint
                ) WITH (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000,
                        autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_cost_delay = 0);
                CREATE SEQUENCE glint_claim_turns;
                CREATE INDEX glint_jobs_claimable ON glint_jobs (queue, tenant, priority DESC, scheduled_at, id)
                    WHERE state IN ('scheduled', 'available', 'retryable');
                CREATE UNIQUE INDEX glint_jobs_idempotency ON glint_jobs (tenant, idempotency_key)
                    WHERE idempotency_key IS NOT NULL AND state NOT IN ('cancelled', 'discarded');
                CREATE INDEX glint_jobs_leases ON glint_jobs (lease_expires_at) WHERE state = 'running';
                CREATE INDEX glint_jobs_created ON glint_jobs (created_at DESC, id DESC);
                CREATE INDEX glint_jobs_batch ON glint_jobs (batch) WHERE batch IS NOT NULL;
                CREATE INDEX glint_jobs_tenant_turns ON glint_jobs (tenant, claim_turn) WHERE claim_turn IS NOT NULL;
                """),
        // Job ids became time-ordered, so listings walk the primary key; this index only cost every
        // claim and completion an index insertion (about 15% of a batch-100 drain).
        Migration(
            version: 2, name: "listings by time-ordered id",
            sql: """
                DROP INDEX IF EXISTS glint_jobs_created;
                """),
        // Running limits: a job's max_running (the submitting key's limit) holds it back at claim time
        // while its tenant runs that many. glint_jobs_capped tells the claim whether any waiting job has
        // a limit at all; glint_jobs_running counts a tenant's running jobs; glint_running_jobs counts
        // them under a transaction-scoped advisory lock, with a snapshot of its own (a volatile
        // function's query sees what committed before it ran, not only before the claim began), so
        // claims racing on other connections never both start a tenant's last allowed job.
        Migration(
            version: 3, name: "running limits",
            sql: """
                ALTER TABLE glint_jobs ADD COLUMN max_running integer;
                CREATE INDEX glint_jobs_capped ON glint_jobs (queue)
                    WHERE max_running IS NOT NULL AND state IN ('scheduled', 'available', 'retryable');
                CREATE INDEX glint_jobs_running ON glint_jobs (tenant) WHERE state = 'running';
                CREATE FUNCTION glint_running_jobs(of_tenant text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$ \
                BEGIN PERFORM pg_advisory_xact_lock(\(runningLimitLockKey)); \
                RETURN (SELECT count(*) FROM glint_jobs WHERE tenant = of_tenant AND state = 'running'); END $$;
                """),
    ]

    /// The newest version this build knows.
    static var currentVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// The key of the transaction-scoped advisory lock migrations run under, so that processes
    /// starting together apply each migration once (the others wait, then find it recorded).
    static let migrationLockKey: Int64 = 0x676C_696E_745F_6D67  // "glint_mg"

    /// The key of the transaction-scoped advisory lock under which claims count the running jobs of
    /// tenants with running limits (`glint_running_jobs`): such claims take turns.
    static let runningLimitLockKey: Int64 = 0x676C_696E_745F_726C  // "glint_rl"
}
