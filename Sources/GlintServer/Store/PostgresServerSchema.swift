/// The server store's PostgreSQL schema: versioned migrations recorded in `glint_server_migrations`,
/// applied under an advisory lock of their own (not the job store's), tables prefixed `glint_server_`.
enum PostgresServerSchema {
    struct Migration {
        var version: Int
        var name: String
        var statements: [String]
    }

    /// `pg_advisory_xact_lock` key for the server store's migrations ("GLSRV" in ASCII).
    static let migrationLockKey: Int64 = 0x474C_5352_56

    static var currentVersion: Int { migrations.map(\.version).max() ?? 0 }

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "keys, blobs, callbacks, deliveries, shares",
            statements: [
                """
                CREATE TABLE glint_server_api_keys (
                    id text PRIMARY KEY,
                    tenant text NOT NULL,
                    name text,
                    hash text NOT NULL,
                    created_at timestamptz NOT NULL,
                    revoked_at timestamptz
                )
                """,
                """
                CREATE TABLE glint_server_blob_owners (
                    tenant text NOT NULL,
                    blob text NOT NULL,
                    size bigint NOT NULL,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (tenant, blob)
                )
                """,
                """
                CREATE TABLE glint_server_job_callbacks (
                    job text PRIMARY KEY,
                    tenant text NOT NULL,
                    url text NOT NULL,
                    created_at timestamptz NOT NULL,
                    attempts integer NOT NULL DEFAULT 0,
                    delivered_at timestamptz,
                    next_attempt_at timestamptz
                )
                """,
                "CREATE INDEX glint_server_job_callbacks_due ON glint_server_job_callbacks (next_attempt_at) WHERE next_attempt_at IS NOT NULL",
                """
                CREATE TABLE glint_server_webhook_deliveries (
                    job text NOT NULL,
                    attempt integer NOT NULL,
                    at timestamptz NOT NULL,
                    status_code integer,
                    error text,
                    delivered boolean NOT NULL,
                    PRIMARY KEY (job, attempt)
                )
                """,
                """
                CREATE TABLE glint_server_shares (
                    id text PRIMARY KEY,
                    tenant text NOT NULL,
                    job text NOT NULL,
                    created_at timestamptz NOT NULL,
                    expires_at timestamptz NOT NULL,
                    revoked_at timestamptz
                )
                """,
            ]),
        Migration(
            version: 2, name: "key limits",
            statements: [
                """
                ALTER TABLE glint_server_api_keys ADD COLUMN max_queued integer, ADD COLUMN max_running integer,
                    ADD COLUMN max_storage_bytes bigint, ADD COLUMN rate double precision, ADD COLUMN burst integer
                """
            ]),
        // last_used_at: an upload, a job's output, a job that takes it as input; retention counts from it.
        Migration(
            version: 3, name: "blob retention",
            statements: [
                "ALTER TABLE glint_server_api_keys ADD COLUMN blob_retention_days double precision",
                "ALTER TABLE glint_server_blob_owners ADD COLUMN last_used_at timestamptz",
                "UPDATE glint_server_blob_owners SET last_used_at = created_at",
                "ALTER TABLE glint_server_blob_owners ALTER COLUMN last_used_at SET NOT NULL",
                "CREATE INDEX glint_server_blob_owners_blob ON glint_server_blob_owners (blob)",
                "CREATE INDEX glint_server_blob_owners_unused ON glint_server_blob_owners (tenant, last_used_at)",
            ]),
        Migration(
            version: 4, name: "operator keys",
            statements: ["ALTER TABLE glint_server_api_keys ADD COLUMN operator boolean NOT NULL DEFAULT false"]),
        // false: the link serves copies without the recording location (every share made before).
        Migration(
            version: 5, name: "share keepLocation",
            statements: ["ALTER TABLE glint_server_shares ADD COLUMN keep_location boolean NOT NULL DEFAULT false"]),
        // Sealed with a key derived from the server secret (WebhookSecretVault); never plain.
        Migration(
            version: 6, name: "webhook secrets per key",
            statements: [
                """
                CREATE TABLE glint_server_webhook_secrets (
                    key_id text PRIMARY KEY,
                    sealed text NOT NULL,
                    previous_sealed text,
                    previous_until timestamptz
                )
                """,
                "ALTER TABLE glint_server_job_callbacks ADD COLUMN key_id text",
            ]),
        // A JSON array of queue names; NULL: the server's default (`default` alone).
        Migration(version: 7, name: "key queues", statements: ["ALTER TABLE glint_server_api_keys ADD COLUMN queues text"]),
    ]
}
