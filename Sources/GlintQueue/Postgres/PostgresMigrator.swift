import Logging
import PostgresNIO

/// Brings a database (or one schema of it) to `PostgresSchema.currentVersion`: in one transaction
/// that holds an advisory lock, reads the applied versions and applies the missing ones in order.
struct PostgresMigrator {
    var client: PostgresClient
    /// Created when missing, and where the tables go; nil for the connection's `search_path`.
    var schema: String?
    var logger: Logger

    func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLockKey))", logger: logger)
            if let schema {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(PostgresIdentifier.quoted(schema))"), logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS glint_schema_migrations (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query("SELECT version FROM glint_schema_migrations", logger: logger).decode(Int32.self) {
                applied.insert(Int(version))
            }
            if let newest = applied.max(), newest > PostgresSchema.currentVersion {
                throw JobQueueError(
                    .storeUnavailable,
                    "the job store's schema is at version \(newest), newer than this Glint knows (\(PostgresSchema.currentVersion)): upgrade Glint")
            }
            for migration in PostgresSchema.migrations where !applied.contains(migration.version) {
                logger.info("applying job store migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO glint_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))", logger: logger)
            }
        }
    }
}

/// SQL identifiers built from configuration (a schema name).
enum PostgresIdentifier {
    /// `name` double-quoted, inner quotes doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension PostgresJobStore {
    /// The migration versions recorded in the store's schema, ascending.
    func appliedMigrations() async throws -> [Int] {
        try await perform("read the schema version") {
            try await client.query("SELECT version FROM glint_schema_migrations ORDER BY version", logger: logger)
                .decode(Int32.self).collected().map(Int.init)
        }
    }
}
