import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Logging

/// The PostgreSQL server the tests may use: `GLINT_TEST_POSTGRES_URL` (set by `make test`, which starts
/// a throw-away server). Without it, the PostgreSQL tests are skipped (`.requires(.postgres)`), or fail
/// under `CI=true`.
enum PostgresTestDatabase {
    static var url: String? { TestPostgres.url }

    static var isAvailable: Bool { url != nil }

    /// A schema no other test uses, so that each store starts empty.
    static func freshSchema() -> String {
        "glint_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
    }

    static let logger = Logger(label: "glint.queue.tests.postgres")

    static func configuration(schema: String, poolSize: Int = 4) throws -> PostgresJobStore.Configuration {
        guard let url else { throw JobQueueError(.storeUnavailable, TestPostgres.notSet) }
        return try PostgresJobStore.Configuration(url: url, poolSize: poolSize, schema: schema)
    }

    /// Runs `body` with a store in a fresh schema, migrated; the store stops afterwards.
    static func withStore<Result>(
        schema: String = freshSchema(), clock: any WallClock = ManualWallClock(), poolSize: Int = 4,
        _ body: (PostgresJobStore) async throws -> Result
    ) async throws -> Result {
        let store = PostgresJobStore(configuration: try configuration(schema: schema, poolSize: poolSize), clock: clock, logger: logger)
        return try await store.withRunning(body)
    }
}
