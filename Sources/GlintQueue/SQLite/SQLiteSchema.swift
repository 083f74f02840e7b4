import GRDB

/// The SQLite store's schema, as versioned GRDB migrations. `DatabaseMigrator` records applied
/// versions in `grdb_migrations` and runs each pending one in an immediate write transaction.
enum SQLiteSchema {
    /// Brings the schema up to date (see `DatabaseMigrator.migrateAlongsideOtherProcesses(_:)`).
    static func migrate(_ database: DatabasePool) throws {
        try migrator.migrateAlongsideOtherProcesses(database)
    }

    /// Queued states, spelled the same way in every partial index and in every query that should
    /// use one (SQLite matches a partial index's WHERE clause textually).
    static let queuedStates = "state IN ('scheduled', 'available', 'retryable')"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: jobs") { db in
            // Times are microseconds since 1970 (what PostgreSQL's timestamptz keeps); JSON columns
            // are text. Large payloads live in blobs, so rows stay narrow.
            try db.execute(
                sql: """
                    CREATE TABLE jobs (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        queue TEXT NOT NULL,
                        tenant TEXT NOT NULL,
                        priority INTEGER NOT NULL,
                        parameters TEXT NOT NULL,
                        inputs TEXT NOT NULL,
                        outputs TEXT NOT NULL,
                        state TEXT NOT NULL,
                        attempt INTEGER NOT NULL,
                        max_attempts INTEGER NOT NULL,
                        errors TEXT NOT NULL,
                        progress TEXT,
                        idempotency_key TEXT,
                        batch TEXT,
                        worker_id TEXT,
                        lease_expires_at INTEGER,
                        cancel_requested INTEGER NOT NULL DEFAULT 0,
                        scheduled_at INTEGER NOT NULL,
                        created_at INTEGER NOT NULL,
                        attempted_at INTEGER,
                        completed_at INTEGER,
                        cancelled_at INTEGER,
                        discarded_at INTEGER
                    );
                    -- Claims: a tenant's waiting jobs in claim order, queued rows only.
                    CREATE INDEX jobs_claim ON jobs (queue, tenant, priority DESC, scheduled_at, id)
                        WHERE \(queuedStates);
                    -- Fairness: each tenant's oldest waiting job.
                    CREATE INDEX jobs_tenant_oldest ON jobs (queue, tenant, scheduled_at)
                        WHERE \(queuedStates);
                    -- Counts and listings by state.
                    CREATE INDEX jobs_state ON jobs (state, queue, priority, scheduled_at, id);
                    -- Idempotency keys are unique per tenant among live jobs.
                    CREATE UNIQUE INDEX jobs_idempotency ON jobs (tenant, idempotency_key)
                        WHERE idempotency_key IS NOT NULL AND state NOT IN ('cancelled', 'discarded');
                    -- Crash rescue: running jobs by lease end.
                    CREATE INDEX jobs_lease ON jobs (lease_expires_at) WHERE state = 'running';
                    -- Listings, newest first, overall, per tenant and per batch.
                    CREATE INDEX jobs_created ON jobs (created_at, id);
                    CREATE INDEX jobs_tenant_created ON jobs (tenant, created_at, id);
                    CREATE INDEX jobs_batch ON jobs (batch, created_at, id) WHERE batch IS NOT NULL;
                    -- Fairness across claims: the claim turn in which each tenant last got jobs, so
                    -- that claims smaller than the number of waiting tenants take turns between them.
                    CREATE TABLE tenant_turns (tenant TEXT PRIMARY KEY NOT NULL, last_turn INTEGER NOT NULL) WITHOUT ROWID;
                    -- Bumped by every change that can make jobs claimable (submit, retry, release,
                    -- rescue): other processes poll it to wake their waiting workers.
                    CREATE TABLE queue_signal (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
                    INSERT INTO queue_signal (id, version) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v2: running limits") { db in
            // A job's max_running (the submitting key's limit) holds it back at claim time while its
            // tenant runs that many; claims count a tenant's running jobs through jobs_running.
            try db.execute(
                sql: """
                    ALTER TABLE jobs ADD COLUMN max_running INTEGER;
                    CREATE INDEX jobs_running ON jobs (tenant) WHERE state = 'running';
                    """)
        }
        return migrator
    }
}
