import GRDB
import GlintQueue

/// `server.sqlite`'s schema as versioned GRDB migrations (recorded in `grdb_migrations`). Times are
/// microseconds since 1970, as in the job store.
enum SQLiteServerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: keys, blobs, callbacks, deliveries, shares") { db in
            try db.execute(
                sql: """
                    CREATE TABLE api_keys (
                        id TEXT PRIMARY KEY NOT NULL,
                        tenant TEXT NOT NULL,
                        name TEXT,
                        hash TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        revoked_at INTEGER
                    );
                    CREATE TABLE blob_owners (
                        tenant TEXT NOT NULL,
                        blob TEXT NOT NULL,
                        size INTEGER NOT NULL,
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (tenant, blob)
                    ) WITHOUT ROWID;
                    CREATE TABLE job_callbacks (
                        job TEXT PRIMARY KEY NOT NULL,
                        tenant TEXT NOT NULL,
                        url TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        delivered_at INTEGER,
                        next_attempt_at INTEGER
                    );
                    CREATE INDEX job_callbacks_due ON job_callbacks (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
                    CREATE TABLE webhook_deliveries (
                        job TEXT NOT NULL,
                        attempt INTEGER NOT NULL,
                        at INTEGER NOT NULL,
                        status_code INTEGER,
                        error TEXT,
                        delivered INTEGER NOT NULL,
                        PRIMARY KEY (job, attempt)
                    );
                    CREATE TABLE shares (
                        id TEXT PRIMARY KEY NOT NULL,
                        tenant TEXT NOT NULL,
                        job TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL,
                        revoked_at INTEGER
                    );
                    """)
        }
        migrator.registerMigration("v2: key limits") { db in
            try db.execute(
                sql: """
                    ALTER TABLE api_keys ADD COLUMN max_queued INTEGER;
                    ALTER TABLE api_keys ADD COLUMN max_running INTEGER;
                    ALTER TABLE api_keys ADD COLUMN max_storage_bytes INTEGER;
                    ALTER TABLE api_keys ADD COLUMN rate REAL;
                    ALTER TABLE api_keys ADD COLUMN burst INTEGER;
                    """)
        }
        migrator.registerMigration("v3: blob retention") { db in
            // last_used_at: an upload, a job's output, a job that takes it as input; retention counts from it.
            try db.execute(
                sql: """
                    ALTER TABLE api_keys ADD COLUMN blob_retention_days REAL;
                    ALTER TABLE blob_owners ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0;
                    UPDATE blob_owners SET last_used_at = created_at;
                    CREATE INDEX blob_owners_blob ON blob_owners (blob);
                    CREATE INDEX blob_owners_unused ON blob_owners (tenant, last_used_at);
                    """)
        }
        migrator.registerMigration("v4: operator keys") { db in
            try db.execute(sql: "ALTER TABLE api_keys ADD COLUMN operator INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v5: share keepLocation") { db in
            // 0: the link serves copies without the recording location (every share made before).
            try db.execute(sql: "ALTER TABLE shares ADD COLUMN keep_location INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v6: webhook secrets per key") { db in
            // Sealed with a key derived from the server secret (WebhookSecretVault); never plain.
            try db.execute(
                sql: """
                    CREATE TABLE webhook_secrets (
                        key_id TEXT PRIMARY KEY NOT NULL,
                        sealed TEXT NOT NULL,
                        previous_sealed TEXT,
                        previous_until INTEGER
                    );
                    ALTER TABLE job_callbacks ADD COLUMN key_id TEXT;
                    """)
        }
        migrator.registerMigration("v7: key queues") { db in
            // A JSON array of queue names; NULL: the server's default (`default` alone).
            try db.execute(sql: "ALTER TABLE api_keys ADD COLUMN queues TEXT")
        }
        return migrator
    }

    /// Migrates; when another process won the race to create the tables, carries on.
    static func migrate(_ database: DatabasePool) throws {
        try migrator.migrateAlongsideOtherProcesses(database)
    }
}
