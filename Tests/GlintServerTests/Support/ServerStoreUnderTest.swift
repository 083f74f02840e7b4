import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport
import Logging

/// The server stores the store tests run against: SQLite always, PostgreSQL when
/// `GLINT_TEST_POSTGRES_URL` names a server (`make test` starts one), each in a fresh schema.
enum ServerStoreUnderTest: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The stores that can run on this machine now; under `CI=true` (``CI/requiresEverything``) every
    /// one, so that PostgreSQL without `GLINT_TEST_POSTGRES_URL` fails its tests, saying so, instead of
    /// vanishing from the run.
    static var enabled: [ServerStoreUnderTest] { CI.cases(allCases, available: \.isEnabled) }

    static var postgresURL: String? { TestPostgres.url }

    var isEnabled: Bool { self == .sqlite || Self.postgresURL != nil }
    var description: String { rawValue }

    /// Runs `body` with a fresh, migrated store.
    func withStore<R>(_ body: (any ServerStore) async throws -> R) async throws -> R {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glint-server-store-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try SQLiteServerStore(path: directory.appendingPathComponent("server.sqlite").path)
            let result = try await body(store)
            try await store.close()
            return result
        case .postgres:
            guard let url = Self.postgresURL else {
                throw JobQueueError(.storeUnavailable, TestPostgres.notSet)
            }
            let schema = "glint_server_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
            let configuration = try PostgresJobStore.Configuration(url: url, poolSize: 2, schema: String(schema))
            // The job store creates the schema; the server store's tables go beside its tables.
            return try await PostgresJobStore.withStore(url: url, logger: Logger(label: "test"), poolSize: 1, schema: String(schema)) { _ in
                try await PostgresServerStore.withStore(configuration: configuration, logger: Logger(label: "test")) { store in
                    try await body(store)
                }
            }
        }
    }
}
